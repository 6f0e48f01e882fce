import { DOCUMENT_TYPES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessCases, institutions, users } from './core';

/**
 * A document of an institution (the customer), filed under one of its business cases. The
 * bytes live in the blob store under `storageKey`; a row is `pending` while its blob is still
 * under a temporary key and becomes `published` once the blob is in place (a start-up sweep
 * removes pending rows and blobs without a row).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    businessCaseId: uuid('business_case_id')
      .notNull()
      .references(() => businessCases.id, { onDelete: 'cascade' }),
    type: text('type', { enum: DOCUMENT_TYPES }).notNull(),
    displayName: text('display_name').notNull(),
    description: text('description'),
    /** The date the uploader gives the document (shown as dd.MM.yyyy). */
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    state: text('state', { enum: ['pending', 'published'] })
      .notNull()
      .default('published'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by every change of display name, date or description: a change that names an older
     * version is refused (409), so one person's edit does not silently undo another's.
     */
    version: integer('version').notNull().default(1),
    /**
     * The uploading page's key for this file (its `Idempotency-Key`): the same upload sent again
     * (the answer was lost on the way back, the browser or the person tried again) finds its
     * document instead of storing the file a second time.
     */
    uploadKey: uuid('upload_key'),
    /**
     * The stored file's SHA-256 (hex), taken while it streamed in: an upload sent again is the
     * same file when content type, size and this agree, without reading the stored file back.
     * Null for files stored before it was recorded.
     */
    contentSha256: text('content_sha256'),
    /**
     * The `version` the uploader's own sendings left: a sending again takes its (corrected)
     * details only while nobody else changed the document since. Null before it was recorded.
     */
    uploadVersion: integer('upload_version'),
  },
  (table) => [
    index('documents_institution_type_idx').on(table.institutionId, table.type),
    index('documents_business_case_idx').on(table.businessCaseId),
    uniqueIndex('documents_upload_key_idx').on(
      table.institutionId,
      table.uploadedBy,
      table.uploadKey,
    ),
    check('documents_display_name_not_blank', sql`length(trim(${table.displayName})) > 0`),
    check('documents_size_nonnegative', sql`${table.size} >= 0`),
  ],
);

/** Which user has downloaded which document (unread = no row). */
export const documentReads = pgTable(
  'document_reads',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.documentId, table.userId] }),
    index('document_reads_user_idx').on(table.userId),
  ],
);
