import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { rateLimitHits } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/test-app';
import { contentSecurityPolicy } from './security';

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
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5', SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ping' });
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp['script-src']).toEqual(["'self'"]);
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

  it('limits API requests per address and answers 429 problem+json', async () => {
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
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/ping',
      remoteAddress: '10.9.9.9',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the API rate limit across processes', () => {
  let t: TestApp;
  let second: App;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '5', SEED_DEMO_DATA: 'false' });
    // A second server on the same database, as a second process on one PostgreSQL would be.
    second = await buildApp(t.config, { database: t.database });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('is one limit per address, whichever process answers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 === 0 ? t.app : second;
      const res = await app.inject({ method: 'GET', url: '/api/ping', remoteAddress: '10.4.4.4' });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const [row] = await t.database.db
      .select()
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, '10.4.4.4'));
    expect(row?.count).toBe(6);
  });
});
