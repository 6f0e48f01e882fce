const EXTENSIONS: Record<string, string> = {
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
  const extension = EXTENSIONS[contentType.split(';')[0]?.trim() ?? ''];
  if (!extension) return displayName;
  const lower = displayName.toLowerCase();
  if (lower.endsWith(`.${extension}`) || (extension === 'jpg' && lower.endsWith('.jpeg'))) {
    return displayName;
  }
  return `${displayName}.${extension}`;
}

/** An ISO date (yyyy-MM-dd) as dd.MM.yyyy. */
export function formatGermanDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}
