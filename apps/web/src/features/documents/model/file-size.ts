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
