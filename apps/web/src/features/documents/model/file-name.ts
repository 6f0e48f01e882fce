import { DOCUMENT_EXTENSIONS } from '@portal/contract/file-names';
import { formatFileSize } from './file-size';

export { downloadFileName } from '@portal/contract/file-names';

/**
 * What a download brings, shown under the document's name before it is opened: the kind of file
 * (its extension, `PDF`, `DOCX`) and its size, `PDF, 2,5 MB`. A type without a known extension
 * shows the size alone.
 */
export function fileSummary(contentType: string, size: number): string {
  const extension = DOCUMENT_EXTENSIONS[contentType.split(';')[0]?.trim().toLowerCase() ?? ''];
  const shownSize = formatFileSize(size);
  return extension ? `${extension.toUpperCase()}, ${shownSize}` : shownSize;
}

/** An ISO date (yyyy-MM-dd) as dd.MM.yyyy. */
export function formatGermanDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}
