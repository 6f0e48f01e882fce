import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

import type {
  DocumentType,
  DocumentUpdate,
  DocumentUploadMetadata,
  PortalDocument,
} from '@portal/contract';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { type Database, type Db, DOCUMENT_SWEEP_LOCK_KEY } from '../../db/client';
import {
  businessCases,
  businessCaseTypes,
  documentReads,
  documents,
  relationships,
} from '../../db/schema';
import { type InstitutionScope, isUuid } from '../../plugins/access';
import { badRequest, conflict, notFound, ProblemError } from '../../plugins/errors';
import { BlobNotFoundError, type BlobStore } from './blob-store';
import { sanitizeDisplayName } from './content';

export const DOCUMENT_NOT_FOUND = 'Das Dokument wurde nicht gefunden.';
export const DOCUMENT_CHANGED =
  'Das Dokument wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.';
export const BUSINESS_CASE_NOT_FOUND = 'Der Geschäftsfall wurde nicht gefunden.';
export const INSTITUTION_NOT_FOUND = 'Die Institution wurde nicht gefunden.';

/**
 * What the caller may do with one institution's documents: `read` as a member of it; `manage`
 * as a member of a trusted contractor serving it, for the business cases of that relationship
 * only (spec: "A trusted institution … may manage documents"). The institution's own members,
 * its admins too, read but do not manage: the documents are what its contractors provide
 * (docs/decisions/006-feature-modules.md). Others: 404.
 */
export interface DocumentAccess {
  institutionId: string;
  userId: string;
  member: boolean;
  /** Business cases of this institution the caller may manage (its trusted contractors' cases). */
  manageableCaseIds: Set<string>;
}

/**
 * What the caller may do with the institution's documents. The scope (access.ts, with
 * `contractors: true`) already let in members and members of a trusted contractor serving it;
 * `trustedInstitutionIds` are the trusted institutions the caller belongs to (from their
 * principal, kept exact in memory): only those can manage here.
 */
export async function resolveDocumentAccess(
  db: Db,
  scope: InstitutionScope,
  trustedInstitutionIds: readonly string[],
): Promise<DocumentAccess> {
  const member = scope.via === 'member';
  // The cases of the relationships in which a trusted institution of the caller serves this
  // one; the institution's own members (admins too) manage none. From the caller's roles, not
  // the scope's `contractorIds`: a member of both sides came in as a member. Nobody of a trusted
  // institution (nearly every customer): no statement at all.
  const cases =
    trustedInstitutionIds.length === 0
      ? []
      : await db
          .select({ id: businessCases.id })
          .from(businessCases)
          .innerJoin(relationships, eq(relationships.id, businessCases.relationshipId))
          .where(
            and(
              eq(relationships.customerId, scope.institutionId),
              inArray(relationships.contractorId, [...trustedInstitutionIds]),
            ),
          );
  return {
    institutionId: scope.institutionId,
    userId: scope.userId,
    member,
    manageableCaseIds: new Set(cases.map((c) => c.id)),
  };
}

const columns = {
  id: documents.id,
  type: documents.type,
  displayName: documents.displayName,
  description: documents.description,
  documentDate: documents.documentDate,
  contentType: documents.contentType,
  size: documents.size,
  storageKey: documents.storageKey,
  businessCaseId: documents.businessCaseId,
  businessCaseLabel: businessCaseTypes.label,
  readAt: documentReads.readAt,
  version: documents.version,
};

function toDocument(row: {
  id: string;
  type: DocumentType;
  displayName: string;
  description: string | null;
  documentDate: string;
  contentType: string;
  size: number;
  businessCaseId: string;
  businessCaseLabel: string;
  readAt: Date | null;
  version: number;
}): PortalDocument {
  return {
    id: row.id,
    documentType: row.type,
    displayName: row.displayName,
    description: row.description,
    createdAt: row.documentDate,
    contentType: row.contentType,
    size: row.size,
    businessCase: { id: row.businessCaseId, label: row.businessCaseLabel },
    unread: row.readAt === null,
    version: row.version,
  };
}

function selectDocuments(db: Db, access: DocumentAccess) {
  return db
    .select(columns)
    .from(documents)
    .innerJoin(businessCases, eq(businessCases.id, documents.businessCaseId))
    .innerJoin(businessCaseTypes, eq(businessCaseTypes.id, businessCases.businessCaseTypeId))
    .leftJoin(
      documentReads,
      and(eq(documentReads.documentId, documents.id), eq(documentReads.userId, access.userId)),
    );
}

/** The institution's published documents (of one type, if given), newest first. Members only. */
export async function listDocuments(
  db: Db,
  access: DocumentAccess,
  type: DocumentType | undefined,
  businessCaseId?: string,
): Promise<PortalDocument[]> {
  if (businessCaseId !== undefined) {
    // A case the caller may not see answers like one that does not exist: a member, of one of
    // the institution's relationships (as every other route taking a business case); a
    // contractor, of the cases it manages. An id of the right shape that is no UUID names
    // nothing and never reaches the database (PostgreSQL would refuse it: a 500).
    const visible = access.member
      ? await isCaseOfInstitution(db, access.institutionId, businessCaseId)
      : access.manageableCaseIds.has(businessCaseId);
    if (!visible) throw notFound(BUSINESS_CASE_NOT_FOUND);
  } else if (!access.member && access.manageableCaseIds.size === 0) {
    throw notFound(INSTITUTION_NOT_FOUND);
  }
  const conditions = [
    eq(documents.institutionId, access.institutionId),
    eq(documents.state, 'published'),
  ];
  if (type) conditions.push(eq(documents.type, type));
  if (businessCaseId !== undefined) conditions.push(eq(documents.businessCaseId, businessCaseId));
  else if (!access.member) {
    conditions.push(inArray(documents.businessCaseId, [...access.manageableCaseIds]));
  }
  const rows = await selectDocuments(db, access)
    .where(and(...conditions))
    .orderBy(desc(documents.documentDate), desc(documents.uploadedAt), desc(documents.id));
  return rows.map(toDocument);
}

/**
 * Whether the business case belongs to a relationship of the institution, as its customer or as
 * its contractor (the same rule as the datahub's, orders/repository.ts).
 */
async function isCaseOfInstitution(
  db: Db,
  institutionId: string,
  businessCaseId: string,
): Promise<boolean> {
  if (!isUuid(businessCaseId)) return false;
  const [row] = await db
    .select({ id: businessCases.id })
    .from(businessCases)
    .innerJoin(relationships, eq(relationships.id, businessCases.relationshipId))
    .where(
      and(
        eq(businessCases.id, businessCaseId),
        or(
          eq(relationships.customerId, institutionId),
          eq(relationships.contractorId, institutionId),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function findDocument(db: Db, access: DocumentAccess, documentId: string) {
  if (!isUuid(documentId)) throw notFound(DOCUMENT_NOT_FOUND);
  const [row] = await selectDocuments(db, access)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.institutionId, access.institutionId),
        eq(documents.state, 'published'),
      ),
    )
    .limit(1);
  if (!row) throw notFound(DOCUMENT_NOT_FOUND);
  if (!access.member && !access.manageableCaseIds.has(row.businessCaseId)) {
    throw notFound(DOCUMENT_NOT_FOUND);
  }
  return row;
}

function assertManages(access: DocumentAccess, businessCaseId: string): void {
  // Readers without management rights learn nothing more than "not found".
  if (!access.manageableCaseIds.has(businessCaseId)) throw notFound(BUSINESS_CASE_NOT_FOUND);
}

const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
};

/** A published document whose file the blob store does not have. */
export class BlobMissingError extends Error {
  constructor(documentId: string, storageKey: string) {
    super(
      `documents: the file of document ${documentId} (${storageKey}) is missing from the blob store; ` +
        'every process must use the same store (S3_BUCKET, or one $DATA_DIR/documents on a shared file system)',
    );
    this.name = 'BlobMissingError';
  }
}

/**
 * Opens a document for download and marks it read for the caller, unless `markRead` is false: a
 * support user acting as the caller (impersonation) opened it, and the person has not seen it.
 */
export async function openDocument(
  db: Db,
  store: BlobStore,
  access: DocumentAccess,
  documentId: string,
  { markRead = true }: { markRead?: boolean } = {},
): Promise<{ document: PortalDocument; body: Readable }> {
  const row = await findDocument(db, access, documentId);
  let body: Readable;
  try {
    body = await store.get(row.storageKey);
  } catch (error) {
    if (!(error instanceof BlobNotFoundError)) throw error;
    // Deleted between finding the row and opening the file: gone, as for a later download
    // (findDocument answers 404).
    await findDocument(db, access, documentId);
    // Still listed, its file gone: not the caller's mistake but the installation's (processes
    // with blob stores of their own, a lost or restored folder). A 500 whose log line says so,
    // not a 404 that nobody hears of.
    throw new BlobMissingError(row.id, row.storageKey);
  }
  if (!markRead) return { document: toDocument(row), body };
  try {
    await db
      .insert(documentReads)
      .values({ documentId: row.id, userId: access.userId })
      .onConflictDoNothing();
  } catch (error) {
    // Deleted once the file was open: the download still delivers it; nothing left to mark.
    if (!isForeignKeyViolation(error)) {
      body.destroy();
      throw error;
    }
  }
  return { document: toDocument(row), body };
}

export async function updateDocument(
  db: Db,
  access: DocumentAccess,
  documentId: string,
  update: DocumentUpdate,
): Promise<PortalDocument> {
  const row = await findDocument(db, access, documentId);
  assertManages(access, row.businessCaseId);
  const displayName = checkedDisplayName(update.displayName);
  // One statement: of changes on one version exactly one succeeds.
  const [saved] = await db
    .update(documents)
    .set({
      displayName,
      documentDate: update.createdAt,
      description: update.description ? update.description : null,
      version: sql`${documents.version} + 1`,
    })
    .where(
      and(
        eq(documents.id, row.id),
        update.version === undefined ? undefined : eq(documents.version, update.version),
      ),
    )
    .returning({ version: documents.version });
  if (!saved) {
    // Deleted meanwhile: gone (not a success for a document no longer there); else changed.
    await findDocument(db, access, documentId);
    throw conflict(DOCUMENT_CHANGED);
  }
  return toDocument({
    ...row,
    displayName,
    documentDate: update.createdAt,
    description: update.description || null,
    version: saved.version,
  });
}

/** Removes the row, then the blob (a blob left by a crash in between is swept at start-up). */
export async function deleteDocument(
  db: Db,
  store: BlobStore,
  access: DocumentAccess,
  documentId: string,
): Promise<void> {
  const row = await findDocument(db, access, documentId);
  assertManages(access, row.businessCaseId);
  await db.delete(documents).where(eq(documents.id, row.id));
  await store.delete(row.storageKey);
}

export function checkedDisplayName(name: string): string {
  const cleaned = sanitizeDisplayName(name);
  if (!cleaned) {
    throw badRequest('Der Anzeigename ist ungültig.', [
      { path: 'displayName', message: 'Ungültiger Anzeigename' },
    ]);
  }
  return cleaned;
}

export const tempKey = () => `tmp/${randomUUID()}`;
export const documentKey = (id: string) => `doc/${id}`;

export const UPLOAD_KEY_REUSED =
  'Unter diesem Idempotency-Key wurde bereits eine andere Datei hochgeladen. Die Datei wurde nicht gespeichert; bitte senden Sie sie mit einem neuen Schlüssel.';

export const UPLOAD_IN_PROGRESS =
  'Diese Datei wird gerade schon hochgeladen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.';

const isUploadKeyViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, constraint_name } = e as {
      code?: string;
      constraint?: string;
      constraint_name?: string;
    };
    if (code === '23505') {
      const name = constraint ?? constraint_name;
      return name === undefined || name === 'documents_upload_key_idx';
    }
  }
  return false;
};

/** A file as received: under a temporary key of the store, with its content type, size and SHA-256. */
export interface SentFile {
  tempKey: string;
  contentType: string;
  size: number;
  /** SHA-256 (hex), taken while the file streamed in. */
  sha256: string;
}

/** A blob's SHA-256 (streamed: never held in memory); undefined when it is missing. */
async function digestOf(store: BlobStore, key: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of await store.get(key)) hash.update(chunk as Buffer);
  } catch (error) {
    if (error instanceof BlobNotFoundError) return undefined;
    throw error;
  }
  return hash.digest('hex');
}

/**
 * The document an earlier sending of this upload stored (same institution, uploader and key),
 * brought up to the details of this sending: the person may have corrected them after being
 * told the upload failed (its answer was lost). Details someone else changed since the
 * uploader's last sending stay (decision 013: no edit silently undoes another). Undefined when
 * there is none; a sending still in progress, or another file sent under the key, answers 409;
 * a document in a case the sender no longer manages, 404.
 */
async function storedUpload(
  db: Db,
  store: BlobStore,
  access: DocumentAccess,
  uploadKey: string,
  businessCaseId: string,
  upload: SentFile,
  displayName: string,
  metadata: DocumentUploadMetadata,
): Promise<PortalDocument | undefined> {
  const [row] = await db
    .select({
      id: documents.id,
      state: documents.state,
      businessCaseId: documents.businessCaseId,
      type: documents.type,
      displayName: documents.displayName,
      description: documents.description,
      documentDate: documents.documentDate,
      contentType: documents.contentType,
      size: documents.size,
      contentSha256: documents.contentSha256,
      storageKey: documents.storageKey,
      uploadedAt: documents.uploadedAt,
      version: documents.version,
      uploadVersion: documents.uploadVersion,
    })
    .from(documents)
    .where(
      and(
        eq(documents.institutionId, access.institutionId),
        eq(documents.uploadedBy, access.userId),
        eq(documents.uploadKey, uploadKey),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  // A document in a case the sender no longer manages (removed from the contractor that owns
  // it, still serving the practice through another) is not theirs to move or to answer.
  assertManages(access, row.businessCaseId);
  if (row.state !== 'published') {
    if (row.uploadedAt.getTime() > Date.now() - ABANDONED_PENDING_MS) {
      throw conflict(UPLOAD_IN_PROGRESS);
    }
    // Left by a process that died while storing it: settled as the sweep would. Without its
    // file the row is gone and this sending stores the upload anew.
    if (!(await settlePending(db, store, row))) return undefined;
  }
  // The key names one file: another file under it (a client that reuses keys) is refused
  // rather than dropped while its sender is told it was stored.
  if (
    row.contentType !== upload.contentType ||
    row.size !== upload.size ||
    (row.contentSha256 !== null && row.contentSha256 !== upload.sha256)
  ) {
    throw conflict(UPLOAD_KEY_REUSED);
  }
  // A file stored before its digest was recorded is read back once to compare.
  const storedFile =
    row.contentSha256 === null
      ? await digestOf(store, row.storageKey)
      : (await store.exists(row.storageKey)) && row.contentSha256;
  if (!storedFile) {
    // The stored file is gone (the document is being deleted, or the store lost it): a copy of
    // this sending's bytes takes its place, so the document answered can be opened. A copy, not
    // a move: when the row is gone too, this sending is stored anew from its temporary file.
    await store.put(row.storageKey, await store.get(upload.tempKey), upload.contentType);
  } else if (storedFile !== upload.sha256) {
    throw conflict(UPLOAD_KEY_REUSED);
  }
  const description = metadata.description ? metadata.description : null;
  const changed =
    row.businessCaseId !== businessCaseId ||
    row.type !== metadata.type ||
    row.displayName !== displayName ||
    row.description !== description ||
    row.documentDate !== metadata.createdAt;
  // Only while the document is as the uploader's sendings left it (null: stored before that was
  // recorded); the same version in the UPDATE, so an edit arriving now is not undone either.
  if (changed && (row.uploadVersion === null || row.uploadVersion === row.version)) {
    await db
      .update(documents)
      .set({
        businessCaseId,
        type: metadata.type,
        displayName,
        description,
        documentDate: metadata.createdAt,
        version: row.version + 1,
        uploadVersion: row.version + 1,
        contentSha256: upload.sha256,
      })
      .where(and(eq(documents.id, row.id), eq(documents.version, row.version)));
  }
  const [stored] = await selectDocuments(db, access).where(eq(documents.id, row.id));
  return stored ? toDocument(stored) : undefined;
}

/**
 * Stores an uploaded file: the blob under a temporary key (already written by the caller), then
 * the row (pending), then the blob moved to its final key, then the row published. Any failure
 * removes what was written. With `uploadKey` (the page's Idempotency-Key), an upload this person
 * already stored under that key is not stored again: its document is answered (`repeated`),
 * with the details of this sending, and the file just received is dropped.
 */
export async function createDocument(
  db: Db,
  store: BlobStore,
  access: DocumentAccess,
  businessCaseId: string,
  upload: SentFile,
  metadata: DocumentUploadMetadata,
  uploadKey?: string,
): Promise<{ document: PortalDocument; repeated: boolean }> {
  const id = randomUUID();
  const key = documentKey(id);
  let rowWritten = false;
  const dropUpload = () => store.delete(upload.tempKey).catch(() => {});
  try {
    assertManages(access, businessCaseId);
    const displayName = checkedDisplayName(metadata.displayName);
    // An earlier sending of this upload, answered instead of storing the file again (which is
    // dropped); undefined when there is none.
    const repeatOf = async (sentKey: string) => {
      const stored = await storedUpload(
        db,
        store,
        access,
        sentKey,
        businessCaseId,
        upload,
        displayName,
        metadata,
      );
      if (stored) await dropUpload();
      return stored && { document: stored, repeated: true };
    };
    if (uploadKey) {
      const repeat = await repeatOf(uploadKey);
      if (repeat) return repeat;
    }
    try {
      await db.insert(documents).values({
        id,
        institutionId: access.institutionId,
        businessCaseId,
        type: metadata.type,
        displayName,
        description: metadata.description ? metadata.description : null,
        documentDate: metadata.createdAt,
        contentType: upload.contentType,
        size: upload.size,
        storageKey: key,
        state: 'pending',
        uploadedBy: access.userId,
        uploadKey: uploadKey ?? null,
        contentSha256: upload.sha256,
        uploadVersion: 1,
      });
    } catch (error) {
      // The same upload arrived twice at once: the one that came first stores it.
      if (!uploadKey || !isUploadKeyViolation(error)) throw error;
      const repeat = await repeatOf(uploadKey);
      if (!repeat) throw error;
      return repeat;
    }
    rowWritten = true;
    await store.move(upload.tempKey, key);
    await db.update(documents).set({ state: 'published' }).where(eq(documents.id, id));
  } catch (error) {
    await dropUpload();
    if (rowWritten) {
      await db.delete(documents).where(eq(documents.id, id));
      await store.delete(key).catch(() => {});
    }
    throw error;
  }
  const [row] = await selectDocuments(db, access).where(eq(documents.id, id));
  if (!row) throw new ProblemError(500);
  return { document: toDocument(row), repeated: false };
}

/**
 * A pending row a crash left behind: published when its file reached its final key (the crash
 * came just before publishing), removed otherwise. True when it was published.
 */
async function settlePending(
  db: Db,
  store: BlobStore,
  row: { id: string; storageKey: string },
): Promise<boolean> {
  const stillPending = and(eq(documents.id, row.id), eq(documents.state, 'pending'));
  if (await store.exists(row.storageKey)) {
    await db.update(documents).set({ state: 'published' }).where(stillPending);
    return true;
  }
  await db.delete(documents).where(stillPending);
  return false;
}

/**
 * How long a sending's row may stay pending before a repeat of it (same Idempotency-Key) takes
 * it for a crash's leftover. A row is pending only while its file, already received, is moved to
 * its final key: seconds, even for the largest file in an S3 store. Younger, a repeat answers 409
 * (another process may be finishing it); older, the repeat settles it instead of being refused
 * until the hourly sweep.
 */
const ABANDONED_PENDING_MS = 10 * 60 * 1000;

/**
 * How old an upload's leftovers (a temporary blob, a pending row, a blob without a row) must be
 * before the start-up sweep takes them for a crash's: younger ones may belong to an upload
 * another process is serving right now (several processes share one database and one blob
 * store). An upload that is still streaming keeps its temporary blob's time fresh.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

/**
 * Start-up sweep of what a crash left, written before `olderThan`: pending rows whose blob
 * reached its final key are published, other pending rows are removed; temporary blobs and
 * blobs without a row are deleted. Anything younger is left alone: it may be another process's
 * upload in progress (its pending row and temporary blob), which the sweep must not destroy.
 */
export async function sweepOrphans(
  db: Db,
  store: BlobStore,
  olderThan: Date = new Date(Date.now() - SWEEP_GRACE_MS),
): Promise<{ removed: number }> {
  let removed = 0;
  const pending = await db
    .select({ id: documents.id, storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.state, 'pending'), lt(documents.uploadedAt, olderThan)));
  for (const row of pending) {
    if (!(await settlePending(db, store, row))) removed += 1;
  }
  for await (const { key, modifiedAt } of store.list('tmp/')) {
    if (modifiedAt >= olderThan) continue;
    await store.delete(key);
    removed += 1;
  }
  const keys: string[] = [];
  for await (const { key, modifiedAt } of store.list('doc/')) {
    // An upload writes its row before it moves the blob here, so a young blob has its row;
    // the grace only spares a store whose listing runs ahead of the database.
    if (modifiedAt < olderThan) keys.push(key);
  }
  for (let i = 0; i < keys.length; i += 500) {
    const batch = keys.slice(i, i + 500);
    const known = new Set(
      (
        await db
          .select({ key: documents.storageKey })
          .from(documents)
          .where(inArray(documents.storageKey, batch))
      ).map((r) => r.key),
    );
    for (const key of batch) {
      if (!known.has(key)) {
        await store.delete(key);
        removed += 1;
      }
    }
  }
  return { removed };
}

/**
 * The sweep as a starting process runs it: under an advisory lock, so that processes starting
 * together on one PostgreSQL do not sweep at once (the second skips it: `undefined`).
 */
export async function sweepAtStartup(
  database: Database,
  store: BlobStore,
): Promise<{ removed: number } | undefined> {
  const result = await database.tryWithLock(DOCUMENT_SWEEP_LOCK_KEY, () =>
    sweepOrphans(database.db, store),
  );
  return result?.value;
}

/**
 * The sweep again while the server runs (routes.ts: every grace period, under the same lock):
 * the start-up sweep spares what is younger than the grace period, so the half-written file of
 * an upload cut by a crash and a quick restart stayed until a start-up more than an hour later,
 * on a server that runs for weeks for weeks. Logs what it removed.
 */
export async function sweepLeftovers(
  database: Database,
  store: BlobStore,
  log: { warn(object: object, message: string): void },
): Promise<void> {
  const swept = await sweepAtStartup(database, store);
  if (swept && swept.removed > 0) {
    log.warn({ removed: swept.removed }, 'documents: removed leftovers of cut uploads');
  }
}

/** Streams `body` into the store under a temporary key. */
export async function writeTemporary(
  store: BlobStore,
  body: Readable,
  contentType?: string,
): Promise<{ key: string; size: number }> {
  const key = tempKey();
  try {
    const { size } = await store.put(key, body, contentType);
    return { key, size };
  } catch (error) {
    await store.delete(key).catch(() => {});
    throw error;
  }
}
