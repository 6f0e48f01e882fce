import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { documents } from '../../db/schema';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';
import type { BlobStore } from './blob-store';
import { blobStoreOf } from './routes';
import { createDocument, tempKey, UPLOAD_KEY_REUSED } from './service';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const meta = (over: Record<string, unknown> = {}) => ({
  displayName: 'Befund Müller',
  createdAt: '2026-11-20',
  type: 'documentation',
  ...over,
});

/**
 * An upload whose answer was lost on the way back (the connection dropped once the server had
 * stored it) is sent again: by the browser on its own, or by the person told it failed. It must
 * not be stored twice, the practice would see the same document two or three times.
 */
describe('an upload sent again', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const send = async (
    key: string | undefined,
    metadata: unknown = meta(),
    bytes = PDF,
    { who = 'tom', institution = P as string, businessCase = CASE as string } = {},
  ) => {
    const { payload, contentType } = multipartBody({ name: 'befund.pdf', bytes }, metadata);
    return t.app.inject({
      method: 'POST',
      url: `/api/institution/${institution}/business_case/${businessCase}/document`,
      headers: {
        ...bearer(await demoToken(t, who as 'tom' | 'sara')),
        'content-type': contentType,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload,
    });
  };
  const rows = async () => (await t.database.db.select().from(documents)).length;
  const blobs = async () => {
    const keys: string[] = [];
    for await (const { key } of (blobStoreOf.get(t.config) as BlobStore).list('')) keys.push(key);
    return keys;
  };
  const stored = async (documentId: string) => {
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, documentId));
    const chunks: Buffer[] = [];
    for await (const chunk of await (blobStoreOf.get(t.config) as BlobStore).get(row!.storageKey)) {
      chunks.push(chunk as Buffer);
    }
    return { row: row!, bytes: Buffer.concat(chunks) };
  };

  it("another person's or another institution's sending with the same key neither sees nor changes the document", async () => {
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    // Sara (the same contractor) and Tom at another practice send that key with other details.
    const bySara = await send(key, meta({ displayName: 'Von Sara' }), PDF, { who: 'sara' });
    const elsewhere = await send(key, meta({ displayName: 'Andere Praxis' }), PDF, {
      institution: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
      businessCase: DEMO_BUSINESS_CASES.nordMueller.MARKETING,
    });
    // Each is an upload of its own: a new document, never the first one.
    for (const answer of [bySara, elsewhere]) {
      expect(answer.statusCode).toBe(201);
      expect(answer.json().id).not.toBe(first.json().id);
    }
    expect((await stored(first.json().id)).row).toMatchObject({
      displayName: 'Befund Müller',
      version: 1,
    });
  });

  it('with the same key but another file is refused (409): the new file is not silently dropped', async () => {
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    const before = await rows();
    // Same length, one byte changed: a size check alone would take it for the same file.
    const other = Buffer.from(PDF);
    other[10] = 0x32;
    for (const bytes of [other, Buffer.concat([PDF, Buffer.from('% Seite 2\n')])]) {
      const again = await send(key, meta({ displayName: 'Befund Seite 2' }), bytes);
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(again.json().detail).toBe(UPLOAD_KEY_REUSED);
    }
    // Nothing changed: the first document keeps its details and its bytes, no new row, no
    // temporary blob left behind.
    const { row, bytes } = await stored(first.json().id);
    expect(row).toMatchObject({ displayName: 'Befund Müller', version: 1 });
    expect(bytes.equals(PDF)).toBe(true);
    expect(await rows()).toBe(before);
    expect((await blobs()).filter((blob) => blob.startsWith('tmp/'))).toEqual([]);
    // The same file with that key is still the repeat it was.
    expect((await send(key)).statusCode).toBe(200);
  });

  it("a repeat whose stored file is gone (deleted meanwhile, a damaged store) puts this sending's bytes in its place", async () => {
    const store = blobStoreOf.get(t.config) as BlobStore;
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    await store.delete((await stored(first.json().id)).row.storageKey);
    const again = await send(key);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await stored(first.json().id)).bytes.equals(PDF)).toBe(true);
    expect((await blobs()).filter((blob) => blob.startsWith('tmp/'))).toEqual([]);
  });

  it('a sending left pending by a crashed process is settled, not refused as in progress for hours', async () => {
    // The process that stored the first sending died between its row and publishing it. The
    // sweep takes such leftovers only after an hour (every hour): until then each retry was
    // told 'Diese Datei wird gerade schon hochgeladen. …'.
    const store = blobStoreOf.get(t.config) as BlobStore;
    const db = t.database.db;
    const abandon = async (documentId: string, minutesAgo: number) =>
      db
        .update(documents)
        .set({ state: 'pending', uploadedAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(documents.id, documentId));

    // Its file had not reached its place: the row goes, and this sending is stored anew.
    const lost = randomUUID();
    const first = await send(lost);
    expect(first.statusCode).toBe(201);
    await store.delete((await stored(first.json().id)).row.storageKey);
    await abandon(first.json().id, 20);
    const again = await send(lost, meta({ displayName: 'Befund neu' }));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().displayName).toBe('Befund neu');
    const byKey = await db.select().from(documents).where(eq(documents.uploadKey, lost));
    expect(byKey.map((row) => [row.id, row.state])).toEqual([[again.json().id, 'published']]);

    // Its file had reached its place: it is published and answered as the stored document.
    const arrived = randomUUID();
    const second = await send(arrived);
    await abandon(second.json().id, 20);
    const repeat = await send(arrived);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().id).toBe(second.json().id);
    expect((await stored(second.json().id)).row.state).toBe('published');

    // A sending pending for a minute is still on its way in another process: 409 as before.
    const busy = randomUUID();
    const third = await send(busy);
    await abandon(third.json().id, 1);
    expect((await send(busy)).statusCode).toBe(409);
    expect((await stored(third.json().id)).row.state).toBe('pending');
    expect((await blobs()).filter((blob) => blob.startsWith('tmp/'))).toEqual([]);
  });

  it('never moves a document out of a business case the sender no longer manages', async () => {
    const store = blobStoreOf.get(t.config) as BlobStore;
    const key = randomUUID();
    const access = (caseId: string) => ({
      institutionId: P,
      userId: DEMO_USERS.tom,
      member: false,
      manageableCaseIds: new Set([caseId]),
    });
    const upload = async () => {
      const temporary = tempKey();
      const { size } = await store.put(temporary, Readable.from([PDF]));
      const sha256 = createHash('sha256').update(PDF).digest('hex');
      return { tempKey: temporary, contentType: 'application/pdf', size, sha256 };
    };
    const first = await createDocument(
      t.database.db,
      store,
      access(CASE),
      CASE,
      await upload(),
      meta() as never,
      key,
    );
    // The same person, now managing only another case of the practice (e.g. removed from the
    // contractor that owns the first case, still a member of another one), sends the key again.
    const OTHER = DEMO_BUSINESS_CASES.nordSonnenschein.MARKETING;
    await expect(
      createDocument(
        t.database.db,
        store,
        access(OTHER),
        OTHER,
        await upload(),
        meta() as never,
        key,
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await stored(first.document.id)).row.businessCaseId).toBe(CASE);
    expect((await blobs()).filter((blob) => blob.startsWith('tmp/'))).toEqual([]);
  });

  it('with the same key is stored once: the second sending answers the stored document', async () => {
    const key = randomUUID();
    const before = { rows: await rows(), blobs: (await blobs()).length };
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    const again = await send(key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rows()).toBe(before.rows + 1);
    // The file received the second time is gone, no temporary blob is left.
    expect((await blobs()).length).toBe(before.blobs + 1);
    expect((await blobs()).filter((blob) => blob.startsWith('tmp/'))).toEqual([]);
  });

  it('takes the details of the later sending: the person corrected them after the failure', async () => {
    const key = randomUUID();
    const first = await send(key);
    const again = await send(
      key,
      meta({ displayName: 'Befund März', description: 'Seite 2 fehlt', type: 'invoice' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      displayName: 'Befund März',
      description: 'Seite 2 fehlt',
      documentType: 'invoice',
      version: 2,
    });
  });

  it("keeps a colleague's change made after the first sending: the repeat answers the document as it now is", async () => {
    const key = randomUUID();
    const first = await send(key);
    expect(first.statusCode).toBe(201);
    // Sara corrects the name while Tom's answer is lost; then Tom sends again with his details.
    const bySara = await t.app.inject({
      method: 'PUT',
      url: `/api/institution/${P}/document/${first.json().id}`,
      headers: bearer(await demoToken(t, 'sara')),
      payload: { displayName: 'Befund Dr. Müller', createdAt: '2026-11-20', version: 1 },
    });
    expect(bySara.statusCode).toBe(200);
    const again = await send(key, meta({ displayName: 'Befund Tom', description: 'Nachtrag' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      id: first.json().id,
      displayName: 'Befund Dr. Müller',
      version: 2,
    });
    expect(again.json().description ?? null).toBeNull();
    expect((await stored(first.json().id)).row).toMatchObject({
      displayName: 'Befund Dr. Müller',
      description: null,
      version: 2,
    });
    // Tom's own sendings go on taking his corrections while nobody else changed it.
    const key2 = randomUUID();
    await send(key2);
    await send(key2, meta({ displayName: 'Befund 2' }));
    const third = await send(key2, meta({ displayName: 'Befund 3' }));
    expect(third.json()).toMatchObject({ displayName: 'Befund 3', version: 3 });
  });

  it('compares a repeat by the digest taken on the way in, without reading the stored file back', async () => {
    const store = blobStoreOf.get(t.config) as BlobStore;
    const key = randomUUID();
    const first = await send(key);
    const { row } = await stored(first.json().id);
    expect(row.contentSha256).toBe(createHash('sha256').update(PDF).digest('hex'));
    const get = vi.spyOn(store, 'get');
    try {
      expect((await send(key)).statusCode).toBe(200);
      expect(get.mock.calls.map(([blobKey]) => blobKey)).not.toContain(row.storageKey);
    } finally {
      get.mockRestore();
    }
    // A document stored before digests were recorded is still compared by its bytes.
    await t.database.db
      .update(documents)
      .set({ contentSha256: null })
      .where(eq(documents.id, row.id));
    const other = Buffer.from(PDF);
    other[10] = 0x32;
    expect((await send(key, meta(), other)).statusCode).toBe(409);
    expect((await send(key)).statusCode).toBe(200);
  });

  it('sent twice at once, it is stored once', async () => {
    const key = randomUUID();
    const before = await rows();
    const answers = await Promise.all([send(key), send(key)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual(
      expect.arrayContaining([201]),
    );
    for (const answer of answers) expect([200, 201, 409]).toContain(answer.statusCode);
    expect(await rows()).toBe(before + 1);
    expect((await blobs()).filter((blob) => blob.startsWith('tmp/'))).toEqual([]);
  });

  it('other keys, or none, are other uploads; a key that is no UUID is refused', async () => {
    const before = await rows();
    expect((await send(randomUUID())).statusCode).toBe(201);
    expect((await send(randomUUID())).statusCode).toBe(201);
    expect((await send(undefined)).statusCode).toBe(201);
    expect((await send(undefined)).statusCode).toBe(201);
    const bad = await send('nicht-eine-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await rows()).toBe(before + 4);
  });
});
