const MB = 1024 * 1024;

/** A file's size as shown beside its name: `45 Byte`, `340 KB`, `2,5 MB`. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB)
    return `${(bytes / MB).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;
  // Below 1 KB the bytes themselves: an empty file reads "0 Byte", not "1 KB".
  if (bytes < 1024) return `${bytes.toLocaleString('de-DE')} Byte`;
  return `${Math.round(bytes / 1024).toLocaleString('de-DE')} KB`;
}

/**
 * The upload limit as told to the user: `50 MB`, `1,5 MB`, `512 KB`. Rounded down, never up, so
 * a file of the size shown is always accepted ("höchstens …").
 */
export function formatSizeLimit(bytes: number): string {
  if (bytes >= MB) {
    const tenths = Math.floor((bytes / MB) * 10) / 10;
    return `${tenths.toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`;
  }
  return `${Math.max(1, Math.floor(bytes / 1024)).toLocaleString('de-DE')} KB`;
}

/** What `text` (`2 MB`, `1,5 MB`, `340 KB`, `45 Byte`) says in bytes. */
const shownBytes = (text: string): number => {
  const [number = '0', unit] = text.split(' ');
  const value = Number(number.replace(/\./g, '').replace(',', '.'));
  return value * (unit === 'MB' ? MB : unit === 'KB' ? 1024 : 1);
};

/**
 * A refused file's size and the limit, as the refusal names them: rounded as usual, unless the
 * rounding makes the file look no larger than the limit ('(2 MB) ist zu groß … höchstens 2 MB');
 * then both to the byte.
 */
export function formatTooLarge(bytes: number, limitBytes: number): { size: string; limit: string } {
  const size = formatFileSize(bytes);
  const limit = formatSizeLimit(limitBytes);
  if (shownBytes(size) > shownBytes(limit)) return { size, limit };
  return {
    size: `${bytes.toLocaleString('de-DE')} Byte`,
    limit: `${limit} (${limitBytes.toLocaleString('de-DE')} Byte)`,
  };
}
