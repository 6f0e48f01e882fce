import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { DEMO_EMAILS, DEMO_USERS } from '../../db/seed/demo-ids';

const ANALYTICS = {
  ANALYTICS_SITES: '{"portal.example.de":"4"}',
  ANALYTICS_URL: 'https://matomo.example.org/',
};

describe('analytics (decision 008)', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  const build = async (env: Record<string, string>) => {
    const t = await buildTestApp(env);
    apps.push(t);
    return t;
  };
  const identity = async (t: TestApp) =>
    t.app.inject({
      method: 'GET',
      url: '/api/analytics/identity',
      headers: bearer(await demoToken(t, 'anna')),
    });

  it('sends a stable keyed pseudonym, never the user id, name or e-mail by default', async () => {
    const t = await build({ ...ANALYTICS, ANALYTICS_PSEUDONYM_KEY: 'k'.repeat(32) });
    const first = await identity(t);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body)).toEqual(['userId']);
    expect(body.userId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.userId).not.toContain(DEMO_USERS.anna.replaceAll('-', '').slice(0, 8));
    expect((await identity(t)).json().userId).toBe(body.userId);

    const other = await build({ ...ANALYTICS, ANALYTICS_PSEUDONYM_KEY: 'z'.repeat(32) });
    expect((await identity(other)).json().userId).not.toBe(body.userId);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/analytics/identity' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a database error while the generated key loads fails that request only; the next one loads it', async () => {
    const t = await build(ANALYTICS);
    const headers = bearer(await demoToken(t, 'anna'));
    // The provider's signing keys are read (and kept) before the table goes away.
    expect((await t.app.inject({ url: '/api/user/current', headers })).statusCode).toBe(200);
    await t.app.db.execute(sql`alter table identity_secrets rename to identity_secrets_away`);
    let failed: number;
    try {
      failed = (await t.app.inject({ url: '/api/analytics/identity', headers })).statusCode;
    } finally {
      await t.app.db.execute(sql`alter table identity_secrets_away rename to identity_secrets`);
    }
    expect(failed).toBe(500);
    const next = await t.app.inject({ url: '/api/analytics/identity', headers });
    expect(next.statusCode).toBe(200);
    expect(next.json().userId).toMatch(/^[0-9a-f]{32}$/);
    expect((await identity(t)).json().userId).toBe(next.json().userId);
  });

  it('adds name and e-mail only with ANALYTICS_PERSONAL_DATA=true', async () => {
    const t = await build({ ...ANALYTICS, ANALYTICS_PERSONAL_DATA: 'true' });
    expect((await identity(t)).json()).toMatchObject({
      name: 'Anna Schäfer',
      email: DEMO_EMAILS.anna,
    });
    // The app's consent banner names them (a consent to the pseudonymous kind does not count).
    const config = await t.app.inject({ method: 'GET', url: '/api/clients/public/config' });
    expect(config.json()).toMatchObject({ analyticsPersonalData: true });
  });

  it("while acting as a customer's user: the support user's own pseudonym, never the customer's, nor the customer's name or e-mail", async () => {
    // The consent, the browser and the analytics visitor are the support user's: the customer's
    // user agreed to nothing, and their profile must not collect what support staff did.
    const t = await build({ ...ANALYTICS, ANALYTICS_PERSONAL_DATA: 'true' });
    const ask = async (token: string) =>
      (await t.app.inject({ url: '/api/analytics/identity', headers: bearer(token) })).json();
    const own = await ask(await demoToken(t, 'sara'));
    const customer = await ask(await demoToken(t, 'max'));
    const acting = await ask(
      await demoToken(t, 'max', {
        impersonator: { id: DEMO_USERS.sara, username: DEMO_EMAILS.sara },
      }),
    );
    expect(acting).toEqual({ userId: own.userId });
    expect(acting.userId).not.toBe(customer.userId);
  });

  it('allows the analytics origin in the CSP and public config only when configured', async () => {
    const on = await build(ANALYTICS);
    const page = await on.app.inject({ method: 'GET', url: '/impressum' });
    const csp = String(page.headers['content-security-policy']);
    // After 'self' come the hash sources of index.html's inline script, when the app is built.
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')* https:\/\/matomo\.example\.org(;|\s)/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/matomo\.example\.org/);
    const config = await on.app.inject({ method: 'GET', url: '/api/clients/public/config' });
    expect(config.json()).toMatchObject({
      analytics: { 'portal.example.de': '4' },
      analyticsUrl: 'https://matomo.example.org',
    });

    const off = await build({});
    const plain = String(
      (await off.app.inject({ method: 'GET', url: '/impressum' })).headers[
        'content-security-policy'
      ],
    );
    expect(plain).not.toContain('matomo');
    expect(plain).toMatch(/script-src 'self'( 'sha256-[^']+')*(;|$)/);
    const withoutSites = await build({ ANALYTICS_URL: 'https://matomo.example.org' });
    expect(
      String(
        (await withoutSites.app.inject({ method: 'GET', url: '/impressum' })).headers[
          'content-security-policy'
        ],
      ),
    ).not.toContain('matomo');
  });
});
