/** One part of a multipart/form-data body: a file when it has a filename, else a field. */
export interface MultipartPart {
  name: string;
  data: string | Buffer;
  /** The part's Content-Type header; none when left out. */
  type?: string;
  filename?: string;
}

/** A multipart/form-data body of `parts` in their order, as a browser's form sends it. */
export function multipartParts(parts: MultipartPart[]) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.type === undefined ? '' : `\r\nContent-Type: ${part.type}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`,
      ),
      typeof part.data === 'string' ? Buffer.from(part.data) : part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * A document upload as a browser's form sends it: the JSON part `metadata` (a string is sent
 * as it is) and the part `file`, either left out when undefined.
 */
export function multipartBody(
  file: { name: string; bytes: Buffer; type?: string } | undefined,
  metadata: unknown,
) {
  const parts: MultipartPart[] = [];
  if (metadata !== undefined) {
    parts.push({
      name: 'metadata',
      type: 'application/json',
      data: typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
    });
  }
  if (file) {
    parts.push({
      name: 'file',
      filename: file.name,
      type: file.type ?? 'application/pdf',
      data: file.bytes,
    });
  }
  return multipartParts(parts);
}
