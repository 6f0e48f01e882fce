import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart, { type Multipart } from '@fastify/multipart';
import {
  documentList,
  documentMetadataList,
  documentSchema,
  documentType,
  documentUpdate,
  documentUploadMetadata,
  id,
} from '@portal/contract';
import { downloadFileName } from '@portal/contract/file-names';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { DEMO_DOCUMENTS } from '../../db/seed/demo-ids';
import { DEMO_DOCUMENT_CONTENTS, demoDocumentStorageKey } from '../../db/seed/documents';
import { badRequest, notFound, ProblemError } from '../../plugins/errors';
import { refuseMalformedText } from '../../plugins/input-guard';
import { sweepEvery } from '../../plugins/sweep';
import { safeParseGerman } from '../../plugins/validation';
import { problemResponses } from '../shared/responses';
import { type BlobStore, bufferStream, FolderBlobStore, S3BlobStore } from './blob-store';
import {
  ContentTypeGate,
  contentDisposition,
  EmptyFileError,
  UnsupportedContentError,
} from './content';
import { documentMetadata } from './repository';
import {
  BUSINESS_CASE_NOT_FOUND,
  createDocument,
  deleteDocument,
  listDocuments,
  openDocument,
  resolveDocumentAccess,
  SWEEP_GRACE_MS,
  sweepAtStartup,
  sweepLeftovers,
  updateDocument,
  writeTemporary,
} from './service';

export const FILE_TOO_LARGE = (maxBytes: number) =>
  `Die Datei ist zu groß. Erlaubt sind höchstens ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB.`;
export const FILE_TYPE_NOT_ALLOWED =
  'Dieser Dateityp ist nicht erlaubt. Erlaubt sind PDF, PNG, JPEG, WebP, DOCX, XLSX, ODT, ODS und Textdateien.';
export const FILE_EMPTY = 'Die Datei ist leer.';
export const FILE_MISSING = 'Die Datei fehlt in der Anfrage.';
export const METADATA_INVALID = 'Die Angaben zum Dokument (metadata) sind ungültig.';
export const FORM_INVALID =
  "Die Anfrage ist kein vollständiges multipart/form-data mit den Teilen 'file' und 'metadata'.";

/** An error reading the form itself (no boundary, ended early, broken part): the client's. */
class MalformedFormError extends Error {}

/** The parts of the upload; errors of the form itself become {@link MalformedFormError}. */
async function* formParts(request: FastifyRequest) {
  const malformed = (error: unknown) =>
    (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE' ||
    ((error as { statusCode?: number })?.statusCode ?? 500) < 500
      ? error
      : new MalformedFormError(FORM_INVALID, { cause: error });
  let parts: AsyncIterator<Multipart>;
  try {
    parts = request.parts()[Symbol.asyncIterator]();
  } catch (error) {
    throw malformed(error);
  }
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw malformed(error);
    }
    if (next.done) return;
    yield next.value;
  }
}

/** The blob store a server built from this configuration uses (tests and benchmarks look). */
export const blobStoreOf = new WeakMap<Config, BlobStore>();

const institutionParams = z.object({ id });
const documentParams = z.object({ id, documentId: id });
const caseParams = z.object({ id, businessCaseId: id });
const typeQuery = z.object({ documentType: documentType.optional() });
/** The page's key for one file it uploads, the same each time it sends that file again. */
const uploadHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'Ungültiger Idempotency-Key (eine UUID erwartet)',
    )
    .optional(),
});

async function openBlobStore(
  config: Config,
): Promise<{ store: BlobStore; close(): Promise<void> }> {
  const s3 = config.documents.s3;
  if (s3) {
    const store = new S3BlobStore(s3);
    return { store, close: async () => store.client.destroy() };
  }
  if (config.dataDir.startsWith('memory://') || path.basename(config.dataDir) === 'memory:') {
    const dir = await mkdtemp(path.join(tmpdir(), 'portal-documents-'));
    return {
      store: new FolderBlobStore(dir),
      close: () => rm(dir, { recursive: true, force: true }),
    };
  }
  return {
    store: new FolderBlobStore(path.join(config.dataDir, 'documents')),
    close: async () => {},
  };
}

export const documentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const maxBytes = config.documents.uploadMaxBytes;
  const { store, close } = await openBlobStore(config);
  blobStoreOf.set(config, store);
  app.addHook('onClose', close);
  // Before serving: seed blobs for the demo rows, then remove what a crash left behind.
  app.addHook('onReady', async () => {
    if (config.seedDemoData) {
      for (const key of Object.keys(DEMO_DOCUMENTS) as (keyof typeof DEMO_DOCUMENTS)[]) {
        const storageKey = demoDocumentStorageKey(key);
        if (!(await store.exists(storageKey))) {
          await store.put(storageKey, bufferStream(DEMO_DOCUMENT_CONTENTS[key]), 'text/plain');
        }
      }
    }
    const swept = await sweepAtStartup(app.database, store);
    if (swept === undefined) app.log.info('documents: another process is sweeping orphans');
    else if (swept.removed > 0) {
      app.log.warn({ removed: swept.removed }, 'documents: removed orphans of an earlier crash');
    }
  });
  // And every grace period while running: what a crash left just before a restart is spared
  // above and removed within two grace periods of its last write.
  sweepEvery(app, 'documents: sweep', SWEEP_GRACE_MS, () =>
    sweepLeftovers(app.database, store, app.log),
  );

  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 16 * 1024, parts: 6 },
    throwFileSizeLimit: true,
  });

  /** Members, and members of a trusted contractor serving the institution (access.ts). */
  const institution = { contractors: true } as const;
  const access = async (request: FastifyRequest) => {
    const principal = await app.principals.get(request.auth.sub);
    const trusted = (principal?.memberships ?? [])
      .filter((membership) => membership.trusted)
      .map((membership) => membership.institutionId);
    return resolveDocumentAccess(app.db, request.scope, trusted);
  };

  app.get(
    '/documents/metadata',
    {
      config: { institution: { query: 'institution' } },
      schema: {
        tags: ['documents'],
        summary: 'Document counts per type for the calling user',
        description:
          '`countAll` and `countUnread` (not yet downloaded by the caller) for every document ' +
          'type of the institution. Members only (else 404).',
        querystring: z.object({ institution: id }),
        response: { 200: documentMetadataList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => documentMetadata(app.db, request.scope),
  );

  app.get(
    '/institution/:id/document',
    {
      config: { institution },
      schema: {
        tags: ['documents'],
        summary: "The institution's documents (of one type), newest first",
        description:
          'Members read every document; members of the trusted contractor see those of the ' +
          'business cases they manage. Others: 404.',
        params: institutionParams,
        querystring: typeQuery,
        response: { 200: documentList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => listDocuments(app.db, await access(request), request.query.documentType),
  );

  app.get(
    '/institution/:id/business_case/:businessCaseId/document',
    {
      config: { institution },
      schema: {
        tags: ['documents'],
        summary: "One business case's documents (of one type), newest first",
        params: caseParams,
        querystring: typeQuery,
        response: { 200: documentList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) =>
      listDocuments(
        app.db,
        await access(request),
        request.query.documentType,
        request.params.businessCaseId,
      ),
  );

  app.get(
    '/institution/:id/document/:documentId',
    {
      config: { institution },
      schema: {
        tags: ['documents'],
        summary: 'Download a document (marks it read for the caller)',
        description:
          'The stored bytes with their content type, `Content-Disposition: attachment` (RFC 6266), ' +
          '`X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`. A support ' +
          'user acting as the caller (impersonation) leaves it unread: the person has not seen it.',
        params: documentParams,
        response: { 200: z.any(), ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { document, body } = await openDocument(
        app.db,
        store,
        await access(request),
        request.params.documentId,
        // Support opening a practice's invoice while helping must not hide it from the practice.
        { markRead: !request.auth.impersonator },
      );
      const contentType =
        document.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : document.contentType;
      return reply
        .header('Content-Type', contentType)
        .header('Content-Length', String(document.size))
        .header(
          'Content-Disposition',
          contentDisposition(downloadFileName(document.displayName, document.contentType)),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  );

  app.delete(
    '/institution/:id/document/:documentId',
    {
      config: { institution },
      schema: {
        tags: ['documents'],
        summary: 'Delete a document (row and blob)',
        description: 'Members of the trusted contractor owning the business case.',
        params: documentParams,
        response: { 204: z.null(), ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteDocument(app.db, store, await access(request), request.params.documentId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/institution/:id/document/:documentId',
    {
      config: { institution },
      schema: {
        tags: ['documents'],
        summary: "Update a document's display name, date and description",
        description:
          'Members of the trusted contractor owning the business case. With `version` (the ' +
          "document's, as listed), a change over one made meanwhile is refused with 409 and " +
          'changes nothing; without it, the change overwrites what is stored.',
        params: documentParams,
        body: documentUpdate,
        response: { 200: documentSchema, ...problemResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      updateDocument(app.db, await access(request), request.params.documentId, request.body),
  );

  app.post(
    '/institution/:id/business_case/:businessCaseId/document',
    {
      config: { institution },
      schema: {
        tags: ['documents'],
        summary: 'Upload a document (multipart: `file` and JSON `metadata`)',
        description:
          'Streams the file to the store (never held in memory); at most UPLOAD_MAX_BYTES (413); ' +
          'type by content: PDF, PNG, JPEG, WebP, DOCX, XLSX, ODT, ODS, plain text (else 400). ' +
          '`metadata`: displayName, createdAt (JJJJ-MM-TT), type, optional description. ' +
          'Members of the trusted contractor owning the business case only (else 404). ' +
          'With an `Idempotency-Key` (a UUID the page keeps for the file), sending the same ' +
          'upload again (its answer was lost) stores nothing new: the document stored the ' +
          'first time is answered with 200, with the details of this sending; while that ' +
          'first sending is still in progress, or when the key was used for another file ' +
          '(other bytes), 409, and nothing is stored or changed.',
        params: caseParams,
        headers: uploadHeaders,
        consumes: ['multipart/form-data'],
        response: {
          200: documentSchema,
          201: documentSchema,
          ...problemResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const scope = await access(request);
      if (!scope.manageableCaseIds.has(request.params.businessCaseId)) {
        throw notFound(BUSINESS_CASE_NOT_FOUND);
      }
      if (!request.isMultipart()) throw badRequest(FILE_MISSING);
      let uploaded: { key: string; size: number; contentType: string; sha256: string } | undefined;
      let metadataValue: unknown;
      try {
        for await (const part of formParts(request)) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || uploaded) {
              part.file.resume();
              continue;
            }
            // The form may have ended inside this part before it got here: its stream has
            // failed already and would never end the gate (the request would wait forever).
            if (part.file.destroyed) {
              throw new MalformedFormError(FORM_INVALID, { cause: part.file.errored });
            }
            const gate = new ContentTypeGate();
            part.file.on('error', (error) =>
              gate.destroy(new MalformedFormError(FORM_INVALID, { cause: error })),
            );
            // A refused file is drained so the rest of the request can still be read.
            gate.on('error', () => part.file.resume());
            part.file.pipe(gate);
            const { key, size } = await writeTemporary(store, gate);
            // The store has read the gate to its end, so its digest is taken.
            if (gate.sha256 === undefined) throw new Error('upload digest missing');
            uploaded = {
              key,
              size,
              contentType: gate.contentType ?? 'application/octet-stream',
              sha256: gate.sha256,
            };
          } else if (part.fieldname === 'metadata') {
            // A part sent as application/json arrives parsed; a plain field as text.
            metadataValue = part.value;
          }
        }
      } catch (error) {
        if (uploaded) await store.delete(uploaded.key).catch(() => {});
        throw toUploadProblem(error, maxBytes);
      }
      if (!uploaded) throw badRequest(FILE_MISSING, [{ path: 'file', message: 'Pflichtfeld' }]);
      const parsed = (() => {
        let value: unknown;
        try {
          value = typeof metadataValue === 'string' ? JSON.parse(metadataValue) : metadataValue;
        } catch {
          return undefined;
        }
        return { value, result: safeParseGerman(documentUploadMetadata, value) };
      })();
      try {
        // The input guard never sees this JSON (control characters, unpaired surrogates).
        if (parsed) refuseMalformedText(parsed.value, 'metadata');
      } catch (error) {
        await store.delete(uploaded.key).catch(() => {});
        throw error;
      }
      if (!parsed?.result.success) {
        await store.delete(uploaded.key).catch(() => {});
        throw badRequest(
          METADATA_INVALID,
          parsed?.result.error?.issues.map((issue) => ({
            path: `metadata.${issue.path.join('.')}`,
            message: issue.message,
          })) ?? [{ path: 'metadata', message: 'Kein gültiges JSON' }],
        );
      }
      const { document, repeated } = await createDocument(
        app.db,
        store,
        scope,
        request.params.businessCaseId,
        {
          tempKey: uploaded.key,
          contentType: uploaded.contentType,
          size: uploaded.size,
          sha256: uploaded.sha256,
        },
        parsed.result.data,
        request.headers['idempotency-key']?.toLowerCase(),
      );
      return reply.code(repeated ? 200 : 201).send(document);
    },
  );
};

function toUploadProblem(error: unknown, maxBytes: number): unknown {
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ProblemError(413, { detail: FILE_TOO_LARGE(maxBytes) });
  }
  if (error instanceof UnsupportedContentError) return badRequest(FILE_TYPE_NOT_ALLOWED);
  if (error instanceof EmptyFileError) return badRequest(FILE_EMPTY);
  if (error instanceof MalformedFormError) return badRequest(FORM_INVALID);
  // More parts, fields or files than an upload has (one file and its metadata): not the form
  // this route takes, said in German rather than with @fastify/multipart's English 413.
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT') {
    return badRequest(FORM_INVALID);
  }
  return error;
}
