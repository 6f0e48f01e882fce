import { and, count, eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestBrowser, type Tokens } from '../../test/oidc-test-client';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { oidcPayloads, signInThrottle } from '../db/schema';
import { revokeSessionBySid, revokeUserSessions } from './index';
import { FREE_ATTEMPTS, FRESH_PER_HOUR, MAX_DELAY_SECONDS } from './sign-in-throttle';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>/i;
const TOO_MANY =
  'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO_DATA: 'false' });
});

afterAll(async () => {
  await t?.close();
});

/** A six-digit code that none of the accepted steps (now, one before, one after) gives. */
function wrongCode(secret: string): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const valid = new Set(
    [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })),
  );
  let candidate = 0;
  while (valid.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

/** Whether the provider still has a session for this browser (a silent authorization). */
async function hasSession(browser: TestBrowser): Promise<boolean> {
  const { response } = await browser.authorize({ prompt: 'none' });
  const location = new URL(String(response.headers.location));
  if (location.searchParams.get('code')) return true;
  expect(location.searchParams.get('error')).toBe('login_required');
  return false;
}

function formOf(html: string) {
  const form = html.match(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/);
  if (!form) throw new Error('no form');
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) {
    fields[input[1]!] = input[2]!;
  }
  return { action: form[1]!.replaceAll('&amp;', '&'), fields };
}

describe('end session (RP-initiated logout)', () => {
  it('signs out without a confirmation step and returns to the post-logout URI', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    expect(await hasSession(browser)).toBe(true);

    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:8080/',
      state: 'nach-hause',
    });
    const page = await browser.request('GET', `${browser.endpoint('logout')}?${params}`);
    expect(page.statusCode).toBe(200);
    // No question asked: the page only carries the form and the script that submits it.
    expect(page.body).not.toMatch(INLINE_SCRIPT);
    expect(page.body).not.toMatch(/\sstyle=|<style/i);
    expect(page.body).toContain('<script src="/auth/resources/logout.js"></script>');
    expect(page.body).not.toMatch(/Do you want|No, stay/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const { action, fields } = formOf(page.body);
    expect(fields.logout).toBe('yes');
    expect(fields.xsrf).toBeTruthy();

    const script = await browser.request('GET', '/auth/resources/logout.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain("getElementById('op.logoutForm')");
    expect(script.body).toContain('.submit()');
    expect(page.body).toContain('id="op.logoutForm"');

    // What logout.js does: submit the form as it is.
    const done = await browser.request('POST', action, { form: fields });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:8080/?state=nach-hause');

    expect(await hasSession(browser)).toBe(false);
    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    const userinfo = await browser.request('GET', browser.endpoint('userinfo'), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
  });

  it('accepts /signin as post-logout URI and refuses unregistered ones', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const evil = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const refused = await browser.request('GET', `${browser.endpoint('logout')}?${evil}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toMatch(INLINE_SCRIPT);
    expect(await hasSession(browser)).toBe(true);

    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:8080/signin',
    });
    const page = await browser.request('GET', `${browser.endpoint('logout')}?${params}`);
    const { action, fields } = formOf(page.body);
    const done = await browser.request('POST', action, { form: fields });
    expect(done.headers.location).toBe('http://localhost:8080/signin');
    expect(await hasSession(browser)).toBe(false);
  });

  it('returns to the app through the German page when the browser has no session any more', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const stranger = new TestBrowser(t.app, t.config);
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:8080/',
    });
    const page = await stranger.request('GET', `${stranger.endpoint('logout')}?${params}`);
    expectGermanSignOutPage(page);
    const { action, fields } = formOf(page.body);
    const done = await stranger.request('POST', action, { form: fields });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:8080/');
    // The other browser's session is untouched.
    expect(await hasSession(browser)).toBe(true);
  });

  it("the app's sign-out (API logout, then the provider's logout) shows only German pages", async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    // What the app does: POST /api/user/logout ends the session, then the logout redirect.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.statusCode).toBe(204);
    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:8080/',
      state: 'abgemeldet',
    });
    const page = await browser.request('GET', `${browser.endpoint('logout')}?${params}`);
    expectGermanSignOutPage(page);
    const { action, fields } = formOf(page.body);
    const done = await browser.request('POST', action, { form: fields });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:8080/?state=abgemeldet');
    expect(await hasSession(browser)).toBe(false);
  });

  it('asks in German before signing out without an id_token_hint, with or without a session', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    await browser.signIn(user);
    const stranger = new TestBrowser(t.app, t.config);
    for (const visitor of [browser, stranger]) {
      const page = await visitor.request('GET', visitor.endpoint('logout'));
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).not.toContain('Submitting Callback');
      expect(page.body).not.toContain('logout.js');
      expect(page.body).toMatch(/<button type="submit"[^>]*>Abmelden<\/button>/);
    }
    // Nothing was ended without the confirmation.
    expect(await hasSession(browser)).toBe(true);
  });

  it('signing in as another person during a session ends the first one through a German page', async () => {
    const first = await createUser(t.database.db);
    const second = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    await browser.signIn(first);
    const { response } = await browser.authorize({ prompt: 'login' });
    const loginUrl = String(response.headers.location);
    await browser.request('GET', loginUrl);
    const login = await browser.request('POST', loginUrl, {
      form: { email: second.email, password: second.password },
    });
    expect(login.statusCode).toBe(303);
    const page = await browser.request('GET', String(login.headers.location));
    expectGermanSignOutPage(page);
    // Submitted, it ends the first session and the sign-in of the second person goes on.
    const { action, fields } = formOf(page.body);
    const ended = await browser.request('POST', action, { form: fields });
    expect(ended.statusCode).toBe(303);
    const back = await browser.follow(ended);
    expect(String(back.headers.location)).toMatch(
      /^http:\/\/localhost:8080\/signin-callback\?code=/,
    );
  });
});

/** The German end-session page that submits itself through logout.js (no inline script). */
function expectGermanSignOutPage(page: {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
}) {
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('<html lang="de">');
  expect(page.body).not.toContain('Submitting Callback');
  expect(page.body).not.toMatch(INLINE_SCRIPT);
  expect(page.body).toContain('<script src="/auth/resources/logout.js"></script>');
  expect(page.body).toContain('id="op.logoutForm"');
  const csp = String(page.headers['content-security-policy']);
  expect(csp).not.toContain('sha256-');
  expect(csp).not.toContain('unsafe-inline');
  const { fields } = formOf(page.body);
  expect(fields.logout).toBe('yes');
  expect(fields.xsrf).toBeTruthy();
}

describe('single use of a refresh token', () => {
  it('of two renewals with one refresh token at the same moment, at most one succeeds, and the grant ends', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);

    const answers = await Promise.all([
      browser.refresh(tokens.refresh_token),
      browser.refresh(tokens.refresh_token),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).not.toEqual([200, 200]);
    expect(statuses).toContain(400);
    for (const answer of answers.filter((item) => item.statusCode === 400)) {
      expect(answer.json().error).toBe('invalid_grant');
    }
    // One token used twice: every chain of the grant ends, the one just issued too.
    for (const answer of answers.filter((item) => item.statusCode === 200)) {
      expect((await browser.refresh(answer.json().refresh_token)).statusCode).toBe(400);
    }
  });

  it('a refresh token renews once in turn, and its successor renews again', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const renewed = await browser.refresh(tokens.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const again = await browser.refresh(renewed.json().refresh_token);
    expect(again.statusCode).toBe(200);
  });
});

describe('the sign-in lasts at most 10 hours', () => {
  /** A new sign-in round through the still-valid session (no password): a new code and chain. */
  async function silentSignIn(browser: TestBrowser): Promise<Tokens> {
    const started = await browser.authorize();
    return browser.complete(await browser.follow(started.response), started);
  }

  const stored = async (type: string, where: ReturnType<typeof eq>) =>
    (
      await t.database.db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, type), where))
    )[0]!;

  it('refresh tokens of a silent re-sign-in end with the session, not 10 hours later', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const first = await browser.signIn(user);
    const sid = String(decodeJwt(first.access_token).sid);
    const session = await stored(
      'Session',
      sql`${oidcPayloads.payload}->>'accountId' = ${user.id}`,
    );
    expect(session.payload).toMatchObject({ authorizations: { 'portal-web': { sid } } });

    // 9 h 58 min after the sign-in: the session has two minutes left.
    const loginTs = Math.floor(Date.now() / 1000) - (10 * 3600 - 120);
    await t.database.db
      .update(oidcPayloads)
      .set({
        payload: { ...(session.payload as object), loginTs },
        expiresAt: new Date(Date.now() + 120_000),
      })
      .where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.id, session.id)));

    // A new chain through the session: its refresh token lasts no longer than the session.
    const second = await silentSignIn(browser);
    // Opaque refresh tokens are stored under their value.
    const refreshRow = (token: string) => stored('RefreshToken', eq(oidcPayloads.id, token));
    const row = await refreshRow(second.refresh_token);
    expect(row.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 121_000);
    const renewed = await browser.refresh(second.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const rotated = await refreshRow(renewed.json().refresh_token);
    expect(rotated.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 121_000);

    // The session ends (its 10 hours are over): no refresh token of it renews any more.
    await t.database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oidcPayloads.type, 'Session'), eq(oidcPayloads.id, session.id)));
    const refused = await browser.refresh(renewed.json().refresh_token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
  });
});

describe("Keycloak's POST logout with a refresh token", () => {
  it('ends the session and revokes the refresh token (204)', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);

    const logout = await browser.request('POST', browser.endpoint('logout'), {
      form: { client_id: 'portal-web', refresh_token: tokens.refresh_token },
    });
    expect(logout.statusCode).toBe(204);

    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    expect(await hasSession(browser)).toBe(false);

    const again = await browser.request('POST', browser.endpoint('logout'), {
      form: { client_id: 'portal-web', refresh_token: tokens.refresh_token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('refuses a request without refresh token or for another client', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const missing = await browser.request('POST', browser.endpoint('logout'), {
      form: { client_id: 'portal-web' },
    });
    expect(missing.statusCode).toBe(400);
    const otherClient = await browser.request('POST', browser.endpoint('logout'), {
      form: { client_id: 'someone-else', refresh_token: tokens.refresh_token },
    });
    expect(otherClient.statusCode).toBe(400);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(200);
  });
});

describe('revocation for the API', () => {
  it('revokeSessionBySid ends the session named by the access token', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const other = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const otherTokens = await other.signIn(user);
    const sid = String(decodeJwt(tokens.access_token).sid);
    expect(sid).not.toBe(String(decodeJwt(otherTokens.access_token).sid));

    expect(await t.app.identity?.revokeSession(sid)).toBe(true);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
    expect(await hasSession(browser)).toBe(false);
    // The user's other session (another browser) goes on.
    expect((await other.refresh(otherTokens.refresh_token)).statusCode).toBe(200);
    expect(await revokeSessionBySid(t.app.identity!.provider, t.database.db, sid)).toBe(false);
  });

  it('revokeUserSessions ends every session of the user', async () => {
    const user = await createUser(t.database.db);
    const first = new TestBrowser(t.app, t.config);
    const second = new TestBrowser(t.app, t.config);
    const a = await first.signIn(user);
    const b = await second.signIn(user);
    expect(await revokeUserSessions(t.app.identity!.provider, t.database.db, user.id)).toBe(2);
    expect((await first.refresh(a.refresh_token)).statusCode).toBe(400);
    expect((await second.refresh(b.refresh_token)).statusCode).toBe(400);
    expect(await hasSession(first)).toBe(false);
  });

  it('a password change in the portal signs out every other browser, not this one', async () => {
    const user = await createUser(t.database.db);
    const here = new TestBrowser(t.app, t.config);
    const elsewhere = new TestBrowser(t.app, t.config);
    const mine = await here.signIn(user);
    const other = await elsewhere.signIn(user);
    const api = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = {}) =>
      t.app.inject({
        method,
        url,
        payload: payload as string,
        headers: {
          authorization: `Bearer ${mine.access_token}`,
          ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}),
          ...headers,
        },
      });
    const confirmed = await api('POST', '/api/user/confirmPassword', { password: user.password });
    expect(confirmed.statusCode).toBe(200);
    const changed = await api('PUT', '/api/user/updatePassword', 'Blauer-Leuchtturm-2031!', {
      'x-password-confirmation': confirmed.json().confirmation,
    });
    expect(changed.statusCode).toBe(204);
    expect((await here.refresh(mine.refresh_token)).statusCode).toBe(200);
    expect(await hasSession(here)).toBe(true);
    expect((await elsewhere.refresh(other.refresh_token)).statusCode).toBe(400);
    expect(await hasSession(elsewhere)).toBe(false);
  });

  it('revokes through the standard revocation endpoint too', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const revoked = await browser.request('POST', browser.endpoint('revoke'), {
      form: {
        client_id: 'portal-web',
        token: tokens.refresh_token,
        token_type_hint: 'refresh_token',
      },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await browser.refresh(tokens.refresh_token)).statusCode).toBe(400);
  });
});

describe('rate limit of failed sign-ins', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await buildTestApp({ SEED_DEMO_DATA: 'false', SIGN_IN_MAX_FAILURES: '3' });
  });

  afterAll(async () => {
    await limited?.close();
  });

  async function attempt(browser: TestBrowser, email: string, password: string) {
    const { response } = await browser.authorize();
    const loginUrl = String(response.headers.location);
    await browser.request('GET', loginUrl);
    return browser.request('POST', loginUrl, { form: { email, password } });
  }

  it('refuses the account from that address after N attempts, even with the right password (429)', async () => {
    const db = limited.database.db;
    const user = await createUser(db);
    const browser = new TestBrowser(limited.app, limited.config, '198.51.100.1');
    for (let i = 0; i < 3; i += 1) {
      const wrong = await attempt(browser, user.email, 'falsch');
      expect(wrong.statusCode).toBe(401);
    }
    const [stored] = await db
      .select({ attempts: signInThrottle.attempts })
      .from(signInThrottle)
      .where(eq(signInThrottle.key, `password:pair:${user.email.toLowerCase()}|198.51.100.1`));
    expect(stored?.attempts).toBe(3);

    const right = await attempt(browser, user.email, user.password);
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain(TOO_MANY);
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
    expect(right.headers.location).toBeUndefined();

    // No lock-out by strangers: the owner from another address gets in, whatever the case.
    const elsewhere = new TestBrowser(limited.app, limited.config, '198.51.100.2');
    await elsewhere.signIn({ email: user.email.toUpperCase(), password: user.password });
  });

  it('parallel wrong passwords never check more than the limit', async () => {
    const db = limited.database.db;
    const user = await createUser(db);
    // Twelve browser tabs (each its own sign-in) at one address, submitted at once.
    const forms = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const browser = new TestBrowser(limited.app, limited.config, '198.51.100.20');
        const { response } = await browser.authorize();
        const loginUrl = String(response.headers.location);
        await browser.request('GET', loginUrl);
        return { browser, loginUrl };
      }),
    );
    const answers = await Promise.all(
      forms.map(({ browser, loginUrl }) =>
        browser.request('POST', loginUrl, { form: { email: user.email, password: 'falsch' } }),
      ),
    );
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checked).toBe(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(9);
  });

  async function guessFrom(addresses: string[], email: string): Promise<number> {
    let checked = 0;
    for (const address of addresses) {
      const browser = new TestBrowser(limited.app, limited.config, address);
      const answer = await attempt(browser, email, 'falsch');
      if (answer.statusCode === 401) checked += 1;
      else {
        expect(answer.statusCode).toBe(429);
        expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      }
    }
    return checked;
  }

  it('many addresses against one account: slowed down, not locked; the owner gets in', async () => {
    const user = await createUser(limited.database.db);
    // 20 addresses, 3 tries each: first tries are checked, the rest wait for account slots.
    const addresses = Array.from({ length: 20 }, (_, a) => `10.1.0.${a}`);
    const started = Date.now();
    const checked = await guessFrom([...addresses, ...addresses, ...addresses], user.email);
    const elapsed = (Date.now() - started) / 1000;
    // Each fresh address once, the free account attempts, then one slot per growing delay
    // (1, 2, 4 … s) for as long as the guessing took on this machine.
    expect(checked).toBeGreaterThanOrEqual(20 + FREE_ATTEMPTS);
    expect(checked).toBeLessThanOrEqual(20 + FREE_ATTEMPTS + Math.floor(Math.log2(elapsed + 1)));
    const owner = new TestBrowser(limited.app, limited.config, '192.0.2.55');
    await owner.signIn(user);
  });

  it('guessing from any number of addresses stays under 100 checks per account and hour', async () => {
    const user = await createUser(limited.database.db);
    // More fresh addresses than their budget, each trying twice.
    const addresses = Array.from({ length: FRESH_PER_HOUR + 20 }, (_, a) => `10.2.0.${a}`);
    const started = Date.now();
    const checked = await guessFrom([...addresses, ...addresses], user.email);
    const elapsed = (Date.now() - started) / 1000;
    // Fresh addresses up to their budget, the free account attempts, then one slot per growing
    // delay (1, 2, 4 … s: k slots take 2^k - 1 s; at most 3600 s / MAX_DELAY_SECONDS an hour).
    expect(checked).toBeGreaterThanOrEqual(FRESH_PER_HOUR + FREE_ATTEMPTS);
    expect(checked).toBeLessThanOrEqual(
      FRESH_PER_HOUR + FREE_ATTEMPTS + Math.floor(Math.log2(elapsed + 1)) + 1,
    );
    expect(FRESH_PER_HOUR + FREE_ATTEMPTS + 6 + 3600 / MAX_DELAY_SECONDS).toBeLessThan(100);
  }, 90_000);

  it('a successful sign-in clears the account failures', async () => {
    const db = limited.database.db;
    const user = await createUser(db);
    const first = new TestBrowser(limited.app, limited.config, '198.51.100.5');
    for (let i = 0; i < 2; i += 1) {
      expect((await attempt(first, user.email, 'falsch')).statusCode).toBe(401);
    }
    await first.signIn(user);
    const second = new TestBrowser(limited.app, limited.config, '198.51.100.6');
    for (let i = 0; i < 2; i += 1) {
      expect((await attempt(second, user.email, 'falsch')).statusCode).toBe(401);
    }
    await second.signIn(user);
  });

  it('counts wrong one-time codes as failures', async () => {
    const db = limited.database.db;
    const user = await createUser(db, { totpSecret: 'JBSWY3DPEHPK3PXP' });
    const browser = new TestBrowser(limited.app, limited.config, '198.51.100.7');
    const submitted = await attempt(browser, user.email, user.password);
    const loginUrl = String(submitted.headers.location);
    // Anything but six digits is no attempt: answered in German on the page, not counted.
    for (const malformed of ['', 'abc', '12345', '1234567']) {
      const refused = await browser.request('POST', `${loginUrl}/otp`, {
        form: { code: malformed },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Bitte geben Sie den sechsstelligen Code ein.');
      expect(refused.body).toContain('aria-invalid="true"');
    }
    const code = wrongCode('JBSWY3DPEHPK3PXP');
    for (let i = 0; i < 3; i += 1) {
      const wrong = await browser.request('POST', `${loginUrl}/otp`, { form: { code } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toContain('Der Code ist ungültig.');
    }
    const blocked = await browser.request('POST', `${loginUrl}/otp`, { form: { code } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain(TOO_MANY);
  });

  it('answers a sign-in form sent with an empty field in German, without counting it', async () => {
    const user = await createUser(limited.database.db);
    const browser = new TestBrowser(limited.app, limited.config, '198.51.100.8');
    for (const [email, password] of [
      ['', ''],
      [user.email, ''],
      ['', 'irgendwas'],
      [user.email, ''],
    ] as const) {
      const refused = await attempt(browser, email, password);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.');
      // The form asks the server, not the browser: the answer is German whatever its language.
      expect(refused.body).toMatch(/<form [^>]*class="form" novalidate>/);
    }
    // Four empty tries against a limit of three: the right password still signs in.
    const right = await attempt(browser, user.email, user.password);
    expect(right.statusCode).toBe(303);
  });
});

describe('persistence', () => {
  it('a restart and a second process on one database share keys, sessions and tokens', async () => {
    const { database, drop } = await openTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: 'memory://',
      SEED_DEMO_DATA: 'false',
    });
    const first = await buildApp(config, { database });
    const second = await buildApp(config, { database });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const user = await createUser(database.db);
      const browser = new TestBrowser(first, config);
      const certsFirst = (await browser.request('GET', browser.endpoint('certs'))).json();
      const tokens: Tokens = await browser.signIn(user);

      // The second process: same keys, accepts the refresh token and the session cookie.
      browser.app = second;
      const certsSecond = (await browser.request('GET', browser.endpoint('certs'))).json();
      expect(certsSecond).toEqual(certsFirst);
      const refreshed = await browser.refresh(tokens.refresh_token);
      expect(refreshed.statusCode).toBe(200);
      const rotated = refreshed.json() as Tokens;
      expect(await hasSession(browser)).toBe(true);

      // A restart: close the first process and start a new one.
      await first.close();
      const restarted = await buildApp(config, { database });
      try {
        await restarted.ready();
        browser.app = restarted;
        expect((await browser.request('GET', browser.endpoint('certs'))).json()).toEqual(
          certsFirst,
        );
        const again = await browser.refresh(rotated.refresh_token);
        expect(again.statusCode).toBe(200);
        expect(await hasSession(browser)).toBe(true);
      } finally {
        await restarted.close();
      }

      const [sessions] = await database.db
        .select({ value: count() })
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, 'Session')));
      expect(sessions?.value).toBeGreaterThan(0);
    } finally {
      await second.close();
      await first.close().catch(() => {});
      await drop();
    }
  }, 120_000);
});
