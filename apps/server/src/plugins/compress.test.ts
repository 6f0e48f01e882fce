import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { pickEncoding } from './compress';

describe('compressed JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => t.close());

  it('compresses JSON above 1 KB with brotli or gzip, as accepted', async () => {
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small answers as they are', async () => {
    const res = await t.app.inject({ url: '/api/ping', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
