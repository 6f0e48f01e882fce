import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, documentTypeLabel, isDocumentType } from './document-types';

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
