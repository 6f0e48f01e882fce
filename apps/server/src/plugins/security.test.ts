import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { loadConfig } from '../config';
import { rateLimitHits } from '../db/schema';
import {
  apiHelmetOptions,
  contentSecurityPolicy,
  helmetOptions,
  inlineScriptHashes,
  isApiAnswer,
  securityHeaders,
} from './security';

/** Header names as set, in order (Node has it; its type declarations lack it). */
const rawHeaderNames = (res: ServerResponse): string[] =>
  (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();

/** Header names as sent, in order: the head Node wrote. */
const sentHeaderNames = (res: ServerResponse): string[] =>
  String((res as ServerResponse & { _header: string | null })._header ?? '')
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.slice(0, line.indexOf(':')));

function directives(header: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers and rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5' });
  });
  afterAll(() => t.close());

  it("the identity provider's pages send no referrer: their addresses carry tokens (the sign-out's id_token_hint names the person), which the next page, and an analytics tracker reading document.referrer there, would get", async () => {
    const issuer = new URL(t.config.auth.issuer).pathname;
    for (const url of [
      // The provider's own sign-out page (it posts on to the app).
      `${issuer}/protocol/openid-connect/logout`,
      // The authorization endpoint's answer (a redirect to the sign-in page).
      `${issuer}/protocol/openid-connect/auth?client_id=portal-web&login_hint=anna.admin%40praxis-sonnenschein.de`,
      // A link from a mail (invitation, reset) whose key did not work.
      `${issuer}/login-actions/action-token?key=abc`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
    // The app's pages keep theirs: another site learns the portal's origin only.
    const app = await t.app.inject({ method: 'GET', url: '/impressum' });
    expect(app.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends pages a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(res.headers['content-security-policy'] as string);
    // Files of this origin and, when the app is built, index.html's own inline script by hash.
    expect(csp['script-src']?.[0]).toBe("'self'");
    for (const source of csp['script-src']?.slice(1) ?? []) {
      expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    }
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends API answers a policy that lets nothing load, run or frame them, and no page-only headers', async () => {
    const anna = bearer(await demoToken(t, 'anna'));
    for (const [url, headers] of [
      ['/api/ping', {}],
      ['/api/user/current', anna],
      ['/api/user/current', {}], // 401 problem+json
      ['/api/nothing-here', {}], // 404 problem+json
    ] as const) {
      const res = await t.app.inject({ url, headers, remoteAddress: '10.3.3.3' });
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
        // The rate limit's budget is told on the 429 only (see the limit tests below).
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // The API reference is a page and keeps the pages' headers (with Swagger UI's own policy).
    for (const url of ['/api/docs', '/api/docs?x=1', '/api/docs/', '/api/docs/json']) {
      const docs = await t.app.inject({ url });
      expect(docs.statusCode, url).toBeLessThan(400);
      expect(docs.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
    expect(isApiAnswer('/api/docsearch')).toBe(true);
    expect(isApiAnswer('/api/documents')).toBe(true);
  });

  it('sends exactly the headers helmet sets, ordered as helmet does (spelt so on pages)', async () => {
    const issuerPath = new URL(t.config.auth.issuer).pathname;
    // index.html at /: its inline script (when the app is built) is allowed by its hash.
    const index = path.join(t.config.webDistDir, 'index.html');
    const indexScripts = existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
    const cases = [
      {
        options: helmetOptions(t.config, indexScripts),
        // Set on the raw response, so the provider's own answers carry them: helmet's spelling.
        spelling: (name: string) => name,
        urls: [
          '/',
          `${issuerPath}/.well-known/openid-configuration`, // written by the identity provider
        ],
      },
      {
        options: apiHelmetOptions(t.config),
        // Set with the reply's headers (Fastify writes names in lower case).
        spelling: (name: string) => name.toLowerCase(),
        urls: [
          '/api/ping',
          '/api/user/current', // 401 problem+json
          '/api/%E0%A4%A', // undecodable: answered before any hook
        ],
      },
    ];
    for (const { options, spelling, urls } of cases) {
      // What helmet itself does to a fresh response, per request, as the plugin once did.
      const fresh = new ServerResponse(new IncomingMessage(new Socket()));
      fresh.setHeader('X-Powered-By', 'someone');
      helmet(options)(fresh.req, fresh, () => {});
      const expected = fresh.getHeaders();
      const expectedNames = rawHeaderNames(fresh);
      expect(expectedNames).toContain('Content-Security-Policy');
      expect(expected['x-powered-by']).toBeUndefined();
      expect(securityHeaders(t.config, options).set.map(([name]) => name)).toEqual(expectedNames);

      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url });
        const raw = res.raw.res as ServerResponse;
        expect(sentHeaderNames(raw).slice(0, expectedNames.length), url).toEqual(
          expectedNames.map(spelling),
        );
        for (const [name, value] of Object.entries(expected)) {
          // The provider's pages send a policy of their own (identity/provider.ts), and no
          // referrer (identity/index.ts).
          if (
            url.startsWith(issuerPath) &&
            (name === 'content-security-policy' || name === 'referrer-policy')
          ) {
            continue;
          }
          expect(res.headers[name], `${url} ${name}`).toBe(value);
        }
      }
    }
  });

  it("hashes a page's inline scripts as the browser does, and only those", () => {
    const hash = (text: string) =>
      `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const html = [
      '<script>window.a = "ä";</script>',
      '<script type="module" src="/assets/a.js"></script>',
      '<SCRIPT async SRC="/b.js"></SCRIPT>',
      '<script></script>',
      '<script type="text/javascript">\n  b();\n</script >',
    ].join('\n');
    expect(inlineScriptHashes(html)).toEqual([hash('window.a = "ä";'), hash('\n  b();\n')]);
    expect(inlineScriptHashes('<p>no script</p>')).toEqual([]);
  });

  it('adds Strict-Transport-Security only where the portal is served over HTTPS', () => {
    const names = (url: string) =>
      securityHeaders(loadConfig({ PUBLIC_URL: url })).set.map(([name]) => name);
    expect(names('https://portal.example.de')).toContain('Strict-Transport-Security');
    expect(names('http://localhost:8080')).not.toContain('Strict-Transport-Security');
    const hsts = securityHeaders(loadConfig({ PUBLIC_URL: 'https://portal.example.de' })).set.find(
      ([name]) => name === 'Strict-Transport-Security',
    );
    expect(hsts?.[1]).toBe('max-age=31536000; includeSubDomains');
    const https = loadConfig({ PUBLIC_URL: 'https://portal.example.de' });
    expect(securityHeaders(https, apiHelmetOptions(https)).set).toContainEqual(hsts);
    const http = loadConfig({ PUBLIC_URL: 'http://localhost:8080' });
    expect(securityHeaders(http, apiHelmetOptions(http)).set.map(([name]) => name)).not.toContain(
      'Strict-Transport-Security',
    );
  });

  it('allows a separate identity provider origin for connect-src and form-action', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://portal.example.de',
      AUTH_URL: 'https://login.example.de/auth',
      IDENTITY_PROVIDER: 'external',
    });
    const csp = contentSecurityPolicy(config);
    expect(csp.connectSrc).toEqual(["'self'", 'https://login.example.de']);
    expect(csp.formAction).toEqual(["'self'", 'https://login.example.de']);
    expect(csp.scriptSrc).toEqual(["'self'"]);
  });

  it('limits anonymous API requests per address and answers 429 problem+json', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/ping', remoteAddress: '10.1.2.3' });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
    expect(last!.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(last!.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.headers['x-ratelimit-limit']).toBe('5');
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/ping',
      remoteAddress: '10.9.9.9',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('rate limit per user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('counts signed-in people apart, even behind one address, and writes nothing per request', async () => {
    const address = '10.7.7.7';
    const call = async (user: 'anna' | 'max') =>
      (
        await t.app.inject({
          url: '/api/user/current',
          remoteAddress: address,
          headers: bearer(await demoToken(t, user)),
        })
      ).statusCode;
    const anna: number[] = [];
    for (let i = 0; i < 6; i += 1) anna.push(await call('anna'));
    expect(anna).toEqual([200, 200, 200, 200, 200, 429]);
    // Max at the same address has a budget of his own, and so have anonymous requests.
    expect(await call('max')).toBe(200);
    const ping = await t.app.inject({ url: '/api/ping', remoteAddress: address });
    expect(ping.statusCode).toBe(200);
    // PGlite: counted in memory only.
    expect(await t.database.db.select().from(rateLimitHits)).toEqual([]);
  });

  it('defaults: a practice of 50 behind one address never meets the limit', () => {
    const config = loadConfig({});
    // A person clicks at most a few requests a second; 50 people share no per-person budget.
    expect(config.rateLimitPerMinute).toBeGreaterThanOrEqual(600);
    // Anonymous: ping and public config of 50 people, each polling every few seconds.
    expect(config.rateLimitAnonymousPerMinute).toBeGreaterThanOrEqual(50 * 30);
  });
});
