import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { documents } from '../../db/schema';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS } from '../../db/seed/demo-ids';
import { type BlobStore, bufferStream } from './blob-store';
import { blobStoreOf } from './routes';
import { sweepOrphans } from './service';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;

describe('document consistency', () => {
  let t: TestApp;
  let store: BlobStore;
  const keys = async () => {
    const all: string[] = [];
    for await (const key of store.list('')) all.push(key);
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
    await sweepOrphans(t.database.db, store);
    expect(await keys()).toEqual([...before, `doc/${published}`].sort());
    expect(await t.database.db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, published));
    expect(row?.state).toBe('published');
  });
});
