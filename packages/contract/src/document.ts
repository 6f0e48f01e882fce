import { z } from 'zod';
import { oneLine } from './common';

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

/**
 * A calendar date JJJJ-MM-TT that exists (no 30 February, no month 13) from the year 1 on: a
 * date PostgreSQL refuses must be refused as bad input (400), never reach the database. What
 * the API answers (a stored date, perhaps taken before {@link calendarDate} had its limits).
 */
export const storedCalendarDate = z.iso
  .date({ error: 'Ungültiges Datum (Format JJJJ-MM-TT)' })
  .refine((value) => !value.startsWith('0000'), {
    error: 'Ungültiges Datum (Jahr 0)',
    abort: true,
  });

/**
 * The first and the last day a date given to the API may name: the days the app's date fields
 * take (`DATE_INPUT_MIN`/`DATE_INPUT_MAX` in apps/web german-date-input.tsx). A document dated
 * in the year 1, or a pre-check asked for in 9999, is a typing slip, not a date (decision 018).
 */
export const CALENDAR_DATE_MIN = '1900-01-01';
export const CALENDAR_DATE_MAX = '2099-12-31';

/** A date given to the API: a calendar date that exists, from 1900 to 2099 (400 otherwise). */
export const calendarDate = storedCalendarDate.refine(
  (value) => value >= CALENDAR_DATE_MIN && value <= CALENDAR_DATE_MAX,
  { error: 'Das Datum muss zwischen dem 01.01.1900 und dem 31.12.2099 liegen.' },
);

/** A document as listed (`GET /institution/{id}/document?documentType=`). */
export const documentSchema = z.object({
  id: z.string(),
  documentType,
  displayName: z.string(),
  description: z.string().nullable(),
  /** The document's date (ISO date, shown dd.MM.yyyy). */
  createdAt: storedCalendarDate,
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  businessCase: z.object({ id: z.string(), label: z.string() }),
  unread: z.boolean(),
  /** Version of display name, date and description, raised by every change of them. */
  version: z.number().int().positive(),
});
export type PortalDocument = z.infer<typeof documentSchema>;
export const documentList = z.array(documentSchema);

/** The JSON `metadata` part of an upload. */
export const documentUploadMetadata = z.object({
  displayName: oneLine(z.string().trim().min(1).max(255)),
  createdAt: calendarDate,
  type: documentType,
  description: z.string().trim().max(2000).optional(),
});
export type DocumentUploadMetadata = z.infer<typeof documentUploadMetadata>;

/** `PUT /institution/{id}/document/{documentId}`. */
export const documentUpdate = z.object({
  displayName: oneLine(z.string().trim().min(1).max(255)),
  createdAt: calendarDate,
  description: z.string().trim().max(2000).optional(),
  /**
   * The document's `version` the change was made on. Optional: with it, a change over one made
   * meanwhile is refused (409); without it, the change overwrites what is stored.
   */
  version: z.number().int().positive().optional(),
});
export type DocumentUpdate = z.infer<typeof documentUpdate>;
