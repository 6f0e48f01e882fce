import { utimes } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { DOCUMENT_SWEEP_LOCK_KEY } from '../../db/client';
import { documents } from '../../db/schema';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS } from '../../db/seed/demo-ids';
import { repeatEvery } from '../../plugins/sweep';
import { type BlobStore, bufferStream, FolderBlobStore } from './blob-store';
import { blobStoreOf } from './routes';
import { SWEEP_GRACE_MS, sweepAtStartup, sweepLeftovers, sweepOrphans } from './service';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;

describe('document consistency', () => {
  let t: TestApp;
  let store: BlobStore;
  const keys = async () => {
    const all: string[] = [];
    for await (const { key } of store.list('')) all.push(key);
    return all.sort();
  };
  beforeAll(async () => {
    t = await buildTestApp();
    store = blobStoreOf.get(t.config) as BlobStore;
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('a connection cut mid-upload leaves no row and no blob', async () => {
    const rows = (await t.database.db.select().from(documents)).length;
    const before = await keys();
    const address = t.app.server.address() as { port: number };
    const token = bearer(await demoToken(t, 'tom')).authorization;
    const boundary = 'cutboundary';
    await new Promise<void>((resolve) => {
      const socket = connect(address.port, '127.0.0.1', () => {
        socket.write(
          `POST /api/institution/${P}/business_case/${CASE}/document HTTP/1.1\r\nHost: x\r\n` +
            `Authorization: ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
            'Content-Length: 10000000\r\n\r\n' +
            `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n` +
            '{"displayName":"Abbruch","createdAt":"2026-11-20","type":"invoice"}\r\n' +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
            'Content-Type: text/plain\r\n\r\n',
        );
        socket.write(Buffer.alloc(200 * 1024, 'a'), () => {
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 200);
        });
      });
      socket.on('error', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await t.database.db.select().from(documents)).length).toBe(rows);
    expect(await keys()).toEqual(before);
  });

  it('a full disk under the document store answers 503 saying so, and leaves no row and no blob', async () => {
    const rows = (await t.database.db.select().from(documents)).length;
    const before = await keys();
    const put = store.put.bind(store);
    // The bytes start to arrive, then the file system has no room left.
    store.put = async (key, body) => {
      await put(key, bufferStream('angefangen'));
      body.resume();
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
      });
    };
    try {
      const { payload, contentType } = multipartBody(
        { name: 'voll.txt', bytes: Buffer.from('Inhalt'), type: 'text/plain' },
        { displayName: 'Voll', createdAt: '2026-11-20', type: 'invoice' },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${P}/business_case/${CASE}/document`,
        headers: { ...bearer(await demoToken(t, 'tom')), 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('300');
      expect(res.json().detail).toBe(
        'Der Speicher des Portals ist voll. Es wurde nichts gespeichert. Bitte versuchen Sie es später noch einmal.',
      );
    } finally {
      store.put = put;
    }
    expect((await t.database.db.select().from(documents)).length).toBe(rows);
    expect(await keys()).toEqual(before);
  });

  it('the start-up sweep removes temporary blobs, pending rows without blob and blobs without row', async () => {
    const before = await keys();
    await store.put('tmp/left-over', bufferStream('x'));
    await store.put('doc/00000000-0000-4000-8000-000000000000', bufferStream('orphan'));
    const [{ id }] = await t.database.db
      .insert(documents)
      .values({
        institutionId: P,
        businessCaseId: CASE,
        type: 'invoice',
        displayName: 'halb',
        documentDate: '2026-11-20',
        contentType: 'text/plain',
        size: 1,
        storageKey: 'doc/pending-without-blob',
        state: 'pending',
      })
      .returning({ id: documents.id });
    const published = crypto.randomUUID();
    await store.put(`doc/${published}`, bufferStream('p'));
    await t.database.db.insert(documents).values({
      id: published,
      institutionId: P,
      businessCaseId: CASE,
      type: 'invoice',
      displayName: 'fast fertig',
      documentDate: '2026-11-20',
      contentType: 'text/plain',
      size: 1,
      storageKey: `doc/${published}`,
      state: 'pending',
    });
    // As the sweep sees them once the grace period has passed.
    await sweepOrphans(t.database.db, store, new Date(Date.now() + 1000));
    expect(await keys()).toEqual([...before, `doc/${published}`].sort());
    expect(await t.database.db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, published));
    expect(row?.state).toBe('published');
  });
  /** A pending row as an upload writes it before its blob reaches the final key. */
  const pendingRow = (id: string, uploadedAt?: Date) =>
    t.database.db.insert(documents).values({
      id,
      institutionId: P,
      businessCaseId: CASE,
      type: 'invoice',
      displayName: 'in Arbeit',
      documentDate: '2026-11-20',
      contentType: 'text/plain',
      size: 1,
      storageKey: `doc/${id}`,
      state: 'pending',
      ...(uploadedAt ? { uploadedAt } : {}),
    });
  /** Sets a blob's time back (the folder store of the tests: its file's mtime). */
  const age = async (key: string, at: Date) => {
    if (!(store instanceof FolderBlobStore)) throw new Error('the tests use the folder store');
    await utimes(path.join(store.root, ...key.split('/')), at, at);
  };

  it("another process's upload in progress survives the sweep; leftovers older than the grace period are removed", async () => {
    const before = await keys();
    const old = new Date(Date.now() - SWEEP_GRACE_MS - 60_000);
    // In progress: the file streamed to tmp/, the row written, the move still to come.
    const fresh = crypto.randomUUID();
    await store.put(`tmp/${fresh}`, bufferStream('frisch'));
    await pendingRow(fresh);
    // Left by a crash more than an hour ago: a temporary blob, a pending row without its blob
    // and a blob without its row.
    const stale = crypto.randomUUID();
    await store.put(`tmp/${stale}`, bufferStream('alt'));
    await age(`tmp/${stale}`, old);
    await pendingRow(stale, old);
    const orphan = `doc/${crypto.randomUUID()}`;
    await store.put(orphan, bufferStream('verwaist'));
    await age(orphan, old);

    expect(await sweepAtStartup(t.database, store)).toEqual({ removed: 3 });
    expect(await keys()).toEqual([...before, `tmp/${fresh}`].sort());
    const rows = async (id: string) =>
      t.database.db.select().from(documents).where(eq(documents.id, id));
    expect(await rows(stale)).toEqual([]);
    // The upload goes on: its blob moves and the row is published.
    await store.move(`tmp/${fresh}`, `doc/${fresh}`);
    await t.database.db
      .update(documents)
      .set({ state: 'published' })
      .where(eq(documents.id, fresh));
    expect((await rows(fresh))[0]?.state).toBe('published');
    await t.database.db.delete(documents).where(eq(documents.id, fresh));
    await store.delete(`doc/${fresh}`);
  });

  it('a running server sweeps again: the half-written file of an upload cut by a crash just before a restart does not stay for weeks', async () => {
    // Cut by the crash 61 minutes ago, a minute before the restart: the start-up sweep spared it.
    const cut = `tmp/${crypto.randomUUID()}`;
    await store.put(cut, bufferStream('halb geschrieben'));
    await age(cut, new Date(Date.now() - SWEEP_GRACE_MS - 60_000));
    // An upload streaming right now.
    const streaming = `tmp/${crypto.randomUUID()}`;
    await store.put(streaming, bufferStream('frisch'));
    const logged: object[] = [];
    const log = { warn: (object: object) => logged.push(object) };
    const { stop } = repeatEvery(20, () => sweepLeftovers(t.database, store, log), log, 'sweep');
    try {
      await expect.poll(async () => (await keys()).includes(cut), { timeout: 5_000 }).toBe(false);
    } finally {
      await stop();
    }
    expect(await keys()).toContain(streaming);
    expect(logged).toContainEqual({ removed: 1 });
    await store.delete(streaming);
  });

  it('an upload streaming while another process starts and sweeps is stored (it got a 500)', async () => {
    const rows = (await t.database.db.select().from(documents)).length;
    const address = t.app.server.address() as { port: number };
    const token = bearer(await demoToken(t, 'tom')).authorization;
    const boundary = 'sweepboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n` +
        '{"displayName":"Langsam","createdAt":"2026-11-20","type":"invoice"}\r\n' +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
        'Content-Type: text/plain\r\n\r\n',
    );
    const first = Buffer.alloc(64 * 1024, 'a');
    const rest = Buffer.concat([
      Buffer.alloc(64 * 1024, 'b'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const socket = connect(address.port, '127.0.0.1');
    const answer = new Promise<string>((resolve, reject) => {
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/institution/${P}/business_case/${CASE}/document HTTP/1.1\r\nHost: x\r\n` +
        `Authorization: ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + first.length + rest.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, first]));
    // The file has reached the store under its temporary key.
    for (let i = 0; i < 100 && !(await keys()).some((key) => key.startsWith('tmp/')); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await keys()).some((key) => key.startsWith('tmp/'))).toBe(true);
    await sweepAtStartup(t.database, store);
    socket.write(rest);
    const response = await answer;
    expect(response.slice(0, 12)).toBe('HTTP/1.1 201');
    expect((await t.database.db.select().from(documents)).length).toBe(rows + 1);
  });

  it('processes starting together sweep one at a time: on PostgreSQL a second one skips it', async () => {
    const inner = await t.database.tryWithLock(DOCUMENT_SWEEP_LOCK_KEY, () =>
      sweepAtStartup(t.database, store),
    );
    expect(inner).toBeDefined();
    // PGlite belongs to one process: there is no second one to wait for.
    if (t.database.kind === 'postgres') expect(inner?.value).toBeUndefined();
    else expect(inner?.value).toEqual({ removed: 0 });
    // Released afterwards: the next start sweeps.
    expect(await sweepAtStartup(t.database, store)).toEqual({ removed: 0 });
  });
});

describe('a listed document whose file the blob store lacks', () => {
  let t: TestApp;
  const errors: Error[] = [];
  beforeAll(async () => {
    t = await buildTestApp({}, (app) => {
      app.addHook('onError', async (_request, _reply, error) => {
        errors.push(error);
      });
    });
  });
  afterAll(() => t.close());

  it('answers 500 with a log line naming the blob store (processes with folders of their own), not a silent 404', async () => {
    // As a process with a folder of its own sees a document another process stored.
    const id = crypto.randomUUID();
    await t.database.db.insert(documents).values({
      id,
      institutionId: P,
      businessCaseId: CASE,
      type: 'invoice',
      displayName: 'Anderswo gespeichert',
      documentDate: '2026-11-20',
      contentType: 'text/plain',
      size: 1,
      storageKey: `doc/${id}`,
      state: 'published',
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document/${id}`,
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(download.statusCode).toBe(500);
    expect(download.headers['content-type']).toContain('application/problem+json');
    expect(errors.map((error) => error.message)).toContainEqual(
      expect.stringContaining(
        `the file of document ${id} (doc/${id}) is missing from the blob store`,
      ),
    );
    // A document deleted meanwhile still answers 404.
    await t.database.db.delete(documents).where(eq(documents.id, id));
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document/${id}`,
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(gone.statusCode).toBe(404);
  });
});
