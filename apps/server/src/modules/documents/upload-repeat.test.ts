import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { documents } from '../../db/schema';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS } from '../../db/seed/demo-ids';
import type { BlobStore } from './blob-store';
import { blobStoreOf } from './routes';

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

  const send = async (key: string | undefined, metadata: unknown = meta()) => {
    const { payload, contentType } = multipartBody({ name: 'befund.pdf', bytes: PDF }, metadata);
    return t.app.inject({
      method: 'POST',
      url: `/api/institution/${P}/business_case/${CASE}/document`,
      headers: {
        ...bearer(await demoToken(t, 'tom')),
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
