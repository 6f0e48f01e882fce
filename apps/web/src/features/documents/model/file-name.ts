export { downloadFileName } from '@portal/contract/file-names';

/** An ISO date (yyyy-MM-dd) as dd.MM.yyyy. */
export function formatGermanDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}.${month}.${year}`;
}
