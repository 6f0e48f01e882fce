import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { DOCUMENT_EXTENSIONS } from '@portal/contract/file-names';
import { fileTypeFromBuffer } from 'file-type';

const SAMPLE = 64 * 1024;

/** Plain text: valid UTF-8 without control characters (tab, CR, LF, FF allowed) and not markup. */
function isPlainText(sample: Buffer, complete: boolean): boolean {
  if (sample.length === 0) return false;
  // A cut sample may end inside a multi-byte character: drop up to 3 trailing bytes.
  let text: string | undefined;
  for (let cut = 0; cut <= (complete ? 0 : 3); cut += 1) {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(
        sample.subarray(0, sample.length - cut),
      );
      break;
    } catch {}
  }
  if (text === undefined) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  const head = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (
    /^<(!doctype|html|head|body|script|svg|\?xml)/.test(head) ||
    /<script[\s>]/.test(text.toLowerCase())
  ) {
    return false;
  }
  return true;
}

/** The content type of a sample (the first bytes of a file), or undefined when not allowed. */
export async function detectContentType(
  sample: Buffer,
  complete: boolean,
): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(sample);
  if (detected) return DOCUMENT_EXTENSIONS[detected.mime] ? detected.mime : undefined;
  return isPlainText(sample, complete) ? 'text/plain' : undefined;
}

export class UnsupportedContentError extends Error {}
export class EmptyFileError extends Error {}

/**
 * Passes bytes through unchanged, holding back only the first 64 KB until their content type is
 * known; fails the stream with {@link UnsupportedContentError} for a type not allowed (so the
 * store never publishes it) and with {@link EmptyFileError} for an empty file. Takes the
 * file's SHA-256 on the way ({@link sha256}), so nobody reads the file again for it.
 */
export class ContentTypeGate extends Transform {
  contentType: string | undefined;
  /** The SHA-256 (hex) of every byte that passed, once the stream has ended. */
  sha256: string | undefined;
  private held: Buffer[] = [];
  private heldBytes = 0;
  private readonly hash = createHash('sha256');

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    if (this.contentType) {
      done(null, chunk);
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < SAMPLE) {
      done();
      return;
    }
    this.decide(false, done);
  }

  override _flush(done: TransformCallback): void {
    this.sha256 = this.hash.digest('hex');
    if (this.contentType) {
      done();
      return;
    }
    if (this.heldBytes === 0) {
      done(new EmptyFileError('empty'));
      return;
    }
    this.decide(true, done);
  }

  private decide(complete: boolean, done: TransformCallback): void {
    const sample = Buffer.concat(this.held);
    this.held = [];
    detectContentType(sample, complete).then(
      (type) => {
        if (!type) {
          done(new UnsupportedContentError('unsupported'));
          return;
        }
        this.contentType = type;
        done(null, sample);
      },
      (error: Error) => done(error),
    );
  }
}

const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** A display name safe as a file name: no path separators, control characters or reserved names. */
export function sanitizeDisplayName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\]/g, '_')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '')
    .slice(0, 255);
  return RESERVED.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** RFC 6266 Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 8187). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
