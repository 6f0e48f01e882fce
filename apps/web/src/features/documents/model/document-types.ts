import { app, documents } from '../../../messages/de';

/** The seven document types, in the order the dashboard shows them. */
export const DOCUMENT_TYPES = [
  'invoice',
  'documentation',
  'communication',
  'forms',
  'delivery_note',
  'service_report',
  'information',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * Query parameter of `/document` naming the customer chosen under 'Dokumente verwalten'
 * (a trusted institution's customer); beside `documentType`, which the spec names.
 */
export const CUSTOMER_PARAM = 'customerId';

export const isDocumentType = (value: unknown): value is DocumentType =>
  typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value);

/** German label of a document type; 'Dokumente' for a missing or unknown type. */
export function documentTypeLabel(documentType: string | null | undefined): string {
  return isDocumentType(documentType) ? app.documentTypes[documentType] : app.routes.documents;
}

/**
 * The description of a document type's dashboard tile (spec section 2): with no documents,
 * 'Dokumente verwalten' for a trusted institution, else 'no documents'; then '1 Dokument' or
 * 'N Dokumente' (`countAll`; the unread count is the tile's badge).
 */
export function documentTileDescription(countAll: number, institutionTrusted: boolean): string {
  if (countAll > 0) return documents.tile.count(countAll);
  return institutionTrusted ? documents.tile.manage : documents.tile.none;
}
