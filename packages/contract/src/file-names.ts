/**
 * The content types a document may have, with the file extension each is saved under, and the
 * name a download gets. Free of zod: the server's upload check and download header and the
 * app's save dialog use the same table (`@portal/contract/file-names`).
 */
export const DOCUMENT_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/plain': 'txt',
};

/** The name a download is saved under: the display name with its content type's extension. */
export function downloadFileName(displayName: string, contentType: string): string {
  const extension = DOCUMENT_EXTENSIONS[contentType.split(';')[0]?.trim() ?? ''];
  if (!extension) return displayName;
  const lower = displayName.toLowerCase();
  if (lower.endsWith(`.${extension}`) || (extension === 'jpg' && lower.endsWith('.jpeg'))) {
    return displayName;
  }
  return `${displayName}.${extension}`;
}
