import type { PortalDocument } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { searchWords } from '../../../lib/search-words';
import { matchesDocumentSearch } from './document-search';

const invoice: PortalDocument = {
  id: '77777777-7777-4777-8777-777777777777',
  documentType: 'invoice',
  displayName: 'Rechnung März 2026.pdf',
  description: 'Monatsrechnung Hilfsmittel',
  createdAt: '2026-03-31',
  contentType: 'application/pdf',
  size: 10,
  businessCase: { id: '44444444-4444-4444-8444-444444444444', label: 'TI-Bestellung' },
  unread: false,
  version: 1,
};

describe('matchesDocumentSearch: every word somewhere in name, description, business case or date', () => {
  it.each([
    ['nothing typed', '', true],
    ['a part of the name, any case', 'rechn', true],
    ['an umlaut in upper case', 'MÄRZ', true],
    ['the description', 'hilfsmittel', true],
    ['the business case', 'ti-bestellung', true],
    ['the date as shown', '31.03.2026', true],
    ['month and year as shown', '03.2026', true],
    ['words from two fields', 'monatsrechnung ti', true],
    ['one word that is nowhere', 'rechnung april', false],
    ['the ISO date (not shown)', '2026-03-31', false],
  ])('%s: "%s"', (_case, query, expected) => {
    expect(matchesDocumentSearch(invoice, searchWords(query))).toBe(expected);
  });

  it('a document without a description is found by its name', () => {
    expect(matchesDocumentSearch({ ...invoice, description: null }, searchWords('märz 2026'))).toBe(
      true,
    );
  });
});
