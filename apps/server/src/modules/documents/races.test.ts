import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS } from '../../db/seed/demo-ids';
import type { BlobStore } from './blob-store';
import { blobStoreOf } from './routes';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.alloc(48 * 1024, 0x20),
  Buffer.from('\n%%EOF\n'),
]);

/**
 * A document deleted (by the trusted contractor) at the moment a practice user downloads it.
 * The blob store's `get` is wrapped so the deletion lands exactly in the window under test.
 */
describe('documents: a download and a deletion at the same moment', () => {
  let t: TestApp;
  let store: BlobStore;
  let originalGet: BlobStore['get'];
  beforeAll(async () => {
    t = await buildTestApp();
    store = blobStoreOf.get(t.config) as BlobStore;
    originalGet = store.get;
  });
  afterEach(() => {
    store.get = originalGet;
  });
  afterAll(() => t.close());

  const as = async (user: 'anna' | 'tom') => bearer(await demoToken(t, user));
  const uploaded = async () => {
    const { payload, contentType } = multipartBody(
      { name: 'befund.pdf', bytes: PDF },
      { displayName: 'Befund', createdAt: '2026-11-20', type: 'documentation' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/institution/${P}/business_case/${CASE}/document`,
      headers: { ...(await as('tom')), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(201);
    return `/api/institution/${P}/document/${res.json().id}`;
  };
  const remove = async (url: string) =>
    (await t.app.inject({ method: 'DELETE', url, headers: await as('tom') })).statusCode;

  it('deleted after the download found the document but before its file opened: 404, not 500', async () => {
    const url = await uploaded();
    store.get = async (key) => {
      expect(await remove(url)).toBe(204);
      return originalGet.call(store, key);
    };
    const res = await t.app.inject({ method: 'GET', url, headers: await as('anna') });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('deleted once the file is open: the download still delivers every byte (200), then it is gone', async () => {
    const url = await uploaded();
    store.get = async (key) => {
      const body = await originalGet.call(store, key);
      expect(await remove(url)).toBe(204);
      return body;
    };
    const res = await t.app.inject({ method: 'GET', url, headers: await as('anna') });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    store.get = originalGet;
    expect((await t.app.inject({ method: 'GET', url, headers: await as('anna') })).statusCode).toBe(
      404,
    );
  });
});
