import type { PortalDocument } from '@portal/contract';
import { formatGermanDate } from './file-name';

const normalise = (text: string) => text.toLocaleLowerCase('de-DE').replace(/\s+/g, ' ').trim();

/** The words of a search (lower case, German rules); none for an empty or blank one. */
export function searchWords(query: string): string[] {
  const text = normalise(query);
  return text ? text.split(' ') : [];
}

/**
 * Whether a document matches every word of a search, each found anywhere in its name,
 * description, business case or date as shown (dd.MM.yyyy, so '03.2026' finds March 2026).
 */
export function matchesDocumentSearch(item: PortalDocument, words: readonly string[]): boolean {
  if (words.length === 0) return true;
  const text = normalise(
    [
      item.displayName,
      item.description ?? '',
      item.businessCase.label,
      formatGermanDate(item.createdAt),
    ].join(' '),
  );
  return words.every((word) => text.includes(word));
}
