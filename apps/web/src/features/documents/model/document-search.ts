import type { PortalDocument } from '@portal/contract';
import { matchesSearch, type SearchWords } from '../../../lib/search-words';
import { formatGermanDate } from './file-name';

/**
 * Whether a document matches every word of a search (`searchWords`), each found anywhere in its
 * name, description, business case or date as shown (dd.MM.yyyy, so '03.2026' finds March 2026).
 */
export function matchesDocumentSearch(item: PortalDocument, words: SearchWords): boolean {
  return matchesSearch(
    [
      item.displayName,
      item.description ?? '',
      item.businessCase.label,
      formatGermanDate(item.createdAt),
    ],
    words,
  );
}
