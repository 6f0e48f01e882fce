const MB = 1024 * 1024;

/** A file's size as shown beside its name: `340 KB`, `2,5 MB` (at least 1 KB). */
export function formatFileSize(bytes: number): string {
  return bytes >= MB
    ? `${(bytes / MB).toLocaleString('de-DE', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('de-DE')} KB`;
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
