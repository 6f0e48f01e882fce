import crypto from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/build.mjs';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { STABLE } from './web';

const INDEX = `<!doctype html><html lang="de"><body><div id="root"></div>${'<p>x</p>'.repeat(80)}</body></html>`;
const BIG_JS = 'console.log(1);\n'.repeat(100);
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'portal-web-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), BIG_JS);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3}');
    await writeFile(path.join(dist, 'browser-check.js'), '(() => {})();');
    precompress(dist);
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, '.secret'), 'hidden');
    t = await buildTestApp({ WEB_DIST_DIR: dist, SEED_DEMO_DATA: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
  });

  it('falls back to index.html for app routes that accept HTML', async () => {
    for (const url of ['/dashboard', '/orders/ti/status/abc?institutionId=1', '/unknown/deep']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('serves assets with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(BIG_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves other files cacheable for a day (revalidated in the background)', async () => {
    for (const url of ['/favicon.svg', '/browser-check.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(STABLE);
    }
  });

  it('sends the precompressed files Accept-Encoding allows', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
    const page = await t.app.inject({
      url: '/dashboard',
      headers: { ...HTML, 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('does not serve source maps', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js.map' });
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 for a missing asset, even for HTML requests', async () => {
    for (const headers of [{}, HTML]) {
      const res = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it('falls back for clients that accept anything (curl, fetch) or send no Accept', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      for (const url of ['/', '/dashboard']) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toBe(INDEX);
      }
    }
  });

  it('answers 404 for non-HTML requests and missing files', async () => {
    const json = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { accept: 'application/json' },
    });
    expect(json.statusCode).toBe(404);
    for (const url of ['/something.json', '/logo.png']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    }
  });

  it('never falls back for /api and /auth paths', async () => {
    for (const url of ['/api/unknown', '/auth/unknown']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toBe(INDEX);
    }
  });

  it('serves no dotfiles and nothing outside the build folder', async () => {
    for (const url of ['/.secret', '/../package.json', '/assets/..%2F..%2Fpackage.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const traversal = await t.app.inject({
      method: 'GET',
      url: '/%2e%2e/%2e%2e/etc/passwd',
      headers: HTML,
    });
    expect(traversal.body).not.toContain('root:');
  });
});

describe("index.html's inline script", () => {
  const script = (text: string) =>
    `<!doctype html><html><head><script>${text}</script><script type="module" src="/assets/a.js"></script></head><body></body></html>`;
  const sha256 = (text: string) =>
    `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const scriptSources = (policy: unknown) =>
    String(policy)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1);
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'portal-web-inline-'));
    await writeFile(path.join(dist, 'index.html'), script('window.a = "ä";'));
    await writeFile(path.join(dist, 'unsupported-browser.html'), script('window.b = 1;'));
    t = await buildTestApp({ WEB_DIST_DIR: dist, SEED_DEMO_DATA: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('is allowed by its hash in the policy of every page that serves index.html, and nothing else inline is', async () => {
    for (const url of ['/', '/dashboard', '/index.html?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: HTML });
      expect(res.statusCode, url).toBe(200);
      expect(scriptSources(res.headers['content-security-policy']), url).toEqual([
        "'self'",
        sha256('window.a = "ä";'),
      ]);
    }
    // Another page of the build: its inline script stays forbidden.
    const other = await t.app.inject({ method: 'GET', url: '/unsupported-browser.html' });
    expect(other.statusCode).toBe(200);
    expect(scriptSources(other.headers['content-security-policy'])).toEqual(["'self'"]);
  });

  it('follows a new build of index.html while the server runs', async () => {
    await writeFile(path.join(dist, 'index.html'), script('window.a = 2; /* rebuilt */'));
    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: HTML });
    expect(scriptSources(res.headers['content-security-policy'])).toEqual([
      "'self'",
      sha256('window.a = 2; /* rebuilt */'),
    ]);
  });
});

describe('web app not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      WEB_DIST_DIR: path.join(tmpdir(), `portal-missing-${crypto.randomUUID()}`),
      SEED_DEMO_DATA: 'false',
    });
  });
  afterAll(() => t.close());

  it('answers a German page that says how to build it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: HTML });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('noch nicht gebaut');
    expect(res.body).toContain('npm run build');
  });
});
