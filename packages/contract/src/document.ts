import { z } from 'zod';

/** The seven document types (spec section 3), in the order the dashboard shows them. */
export const DOCUMENT_TYPES = [
  'invoice',
  'documentation',
  'communication',
  'forms',
  'delivery_note',
  'service_report',
  'information',
] as const;
export const documentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentType>;

/** Counts per type for the calling user (`GET /documents/metadata?institution=`). */
export const documentMetadata = z.object({
  documentType,
  countAll: z.number().int().nonnegative(),
  countUnread: z.number().int().nonnegative(),
});
export type DocumentMetadata = z.infer<typeof documentMetadata>;
export const documentMetadataList = z.array(documentMetadata);
