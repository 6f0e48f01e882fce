import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { compressions, pickEncoding } from './compress';
import { frozenAnswer } from './serialization';

/** An answer kept in memory (as the caches keep theirs), well above the threshold. */
const kept = frozenAnswer({ items: Array.from({ length: 100 }, (_, index) => `Eintrag ${index}`) });

describe('compressed JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO_DATA: 'false' }, (app) => {
      // 600 umlauts: 600 characters, 1 200 bytes in UTF-8.
      app.get('/api/test/umlauts', { config: { public: true } }, async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').send('ä'.repeat(600)),
      );
      app.get('/api/test/small-text', { config: { public: true } }, async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').header('vary', 'Origin').send('ä'.repeat(500)),
      );
      // With a response schema, as every API route has: its serializer keeps frozen answers' JSON.
      const schema = { response: { 200: z.object({ items: z.array(z.string()) }) } };
      app.get('/api/test/kept', { config: { public: true }, schema }, async () => kept);
      app.get('/api/test/fresh', { config: { public: true }, schema }, async () => ({
        items: [...kept.items, 'neu'],
      }));
      app.get('/api/test/binary', { config: { public: true } }, async (_request, reply) =>
        reply.type('application/octet-stream').send(Buffer.alloc(4096)),
      );
    });
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

  it('compresses a frozen answer once per encoding, any other answer each time', async () => {
    const get = (url: string, encoding: string) =>
      t.app.inject({ url, headers: { 'accept-encoding': encoding } });
    const before = compressions.count;
    const first = await get('/api/test/kept', 'br');
    const second = await get('/api/test/kept', 'br');
    expect(compressions.count - before).toBe(1);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(second.rawPayload).toString())).toEqual(kept);
    expect(second.headers['content-length']).toBe(String(second.rawPayload.length));
    const gzipped = await get('/api/test/kept', 'gzip');
    await get('/api/test/kept', 'gzip');
    expect(compressions.count - before).toBe(2);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(kept);
    expect((await get('/api/test/kept', 'identity')).json()).toEqual(kept);

    // Another answer, not kept: compressed for every request.
    await get('/api/test/fresh', 'br');
    await get('/api/test/fresh', 'br');
    expect(compressions.count - before).toBe(4);
  });

  it('sends small answers as they are', async () => {
    const res = await t.app.inject({ url: '/api/ping', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
  });

  it('counts the threshold in UTF-8 bytes, not characters', async () => {
    const big = await t.app.inject({
      url: '/api/test/umlauts',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(big.rawPayload).toString()).toBe('ä'.repeat(600));
    // 1 000 bytes: sent as it is, with the route's own Vary kept in front.
    const small = await t.app.inject({
      url: '/api/test/small-text',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Origin, Accept-Encoding');
    expect(small.body).toBe('ä'.repeat(500));
  });

  it('leaves large answers alone when the request accepts no compression, but says Vary', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const res = await t.app.inject({ url: '/api/test/umlauts', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.body).toBe('ä'.repeat(600));
    }
  });

  it('neither compresses nor varies answers of other types', async () => {
    const res = await t.app.inject({
      url: '/api/test/binary',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    // The same value twice (the second from memory) gets the same answer.
    expect(pickEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.5, br;q=0')).toBe('gzip');
    expect(pickEncoding(['br;q=0', 'gzip'])).toBe('gzip');
  });
});
