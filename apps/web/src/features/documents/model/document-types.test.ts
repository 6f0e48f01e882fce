import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  documentTileDescription,
  documentTypeLabel,
  isDocumentType,
} from './document-types';

describe('documentTypeLabel', () => {
  it.each([
    ['invoice', 'Rechnungen'],
    ['documentation', 'Dokumentation'],
    ['communication', 'Kommunikation'],
    ['forms', 'Formulare'],
    ['delivery_note', 'Lieferscheine'],
    ['service_report', 'Serviceberichte'],
    ['information', 'Informationen'],
    ['unknown', 'Dokumente'],
    ['', 'Dokumente'],
    [null, 'Dokumente'],
    [undefined, 'Dokumente'],
  ])('%j → %s', (documentType, label) => {
    expect(documentTypeLabel(documentType)).toBe(label);
  });

  it('knows exactly the seven types of the spec', () => {
    expect(DOCUMENT_TYPES).toHaveLength(7);
    expect(DOCUMENT_TYPES.every(isDocumentType)).toBe(true);
    expect(isDocumentType('INVOICE')).toBe(false);
  });
});

describe('documentTileDescription', () => {
  it.each([
    [0, false, 'no documents'],
    [0, true, 'Dokumente verwalten'],
    [1, false, '1 Dokument'],
    [1, true, '1 Dokument'],
    [2, false, '2 Dokumente'],
    [17, true, '17 Dokumente'],
  ])('%i documents, trusted %s → %s', (count, trusted, text) => {
    expect(documentTileDescription(count, trusted)).toBe(text);
  });
});
