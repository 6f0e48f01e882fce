import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, type JWK, jwtVerify } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestBrowser } from '../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { users } from '../db/schema';

const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>/i;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ SEED_DEMO_DATA: 'false' });
});

afterAll(async () => {
  await t?.close();
});

async function certs(browser: TestBrowser) {
  const response = await browser.request('GET', browser.endpoint('certs'));
  expect(response.statusCode).toBe(200);
  return response.json() as { keys: JWK[] };
}

describe('discovery', () => {
  it('publishes the Keycloak endpoint paths and only S256 for PKCE', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const response = await browser.request(
      'GET',
      `${browser.issuerPath}/.well-known/openid-configuration`,
    );
    expect(response.statusCode).toBe(200);
    const issuer = t.config.auth.issuer;
    expect(issuer).toBe('http://localhost:8080/auth/realms/portal');
    const document = response.json();
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(document.response_types_supported).toEqual(['code']);
    expect(document.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );
    expect(document.check_session_iframe).toBeUndefined();

    const keys = await certs(browser);
    expect(keys.keys.length).toBeGreaterThan(0);
    for (const key of keys.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
    }
  });

  it('answers unknown paths below the realm with 404', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const response = await browser.request('GET', `${browser.issuerPath}/does-not-exist`);
    expect(response.statusCode).toBe(404);
  });
});

describe('authorization request', () => {
  it('is refused without a code_challenge', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const params = new URLSearchParams({
      client_id: 'portal-web',
      response_type: 'code',
      redirect_uri: browser.redirectUri,
      scope: 'openid',
      state: 'abc',
    });
    const response = await browser.request('GET', `${browser.endpoint('auth')}?${params}`);
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(browser.redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('is refused with the plain code_challenge_method', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { response } = await browser.authorize({ code_challenge_method: 'plain' });
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect_uri that is not registered', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { response } = await browser.authorize({ redirect_uri: 'https://evil.example/cb' });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('Fehler bei der Anmeldung');
    expect(response.body).not.toMatch(INLINE_SCRIPT);
  });
});

describe('sign-in through the login form', () => {
  it('shows the German form, refuses a wrong password and issues Keycloak-shaped tokens', async () => {
    const user = await createUser(t.database.db, { firstName: 'Jürgen', lastName: 'Groß' });
    const browser = new TestBrowser(t.app, t.config);
    const { response, verifier, state } = await browser.authorize();
    expect(response.statusCode).toBe(303);
    const loginUrl = String(response.headers.location);
    expect(loginUrl).toMatch(/^\/auth\/realms\/portal\/login-actions\/[\w-]+$/);

    const page = await browser.request('GET', loginUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Institutionsportal');
    expect(page.body).toMatch(/<label for="email">E-Mail<\/label>/);
    expect(page.body).toMatch(/<label for="password">Passwort<\/label>/);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Anmelden<\/button>/);
    expect(page.body).not.toMatch(INLINE_SCRIPT);
    expect(page.body).not.toMatch(/\sstyle=|<style/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/form-action 'self'[^;]*http:\/\/localhost:8080/);
    expect(csp).not.toContain('unsafe-inline');

    const stylesheet = page.body.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
    expect(stylesheet).toBe('/auth/resources/login.css');
    const css = await browser.request('GET', stylesheet!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('#1c5d99');
    const icon = page.body.match(/<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/)?.[1];
    expect(icon).toBe('/auth/resources/favicon.svg');
    const iconFile = await browser.request('GET', icon!);
    expect(iconFile.statusCode).toBe(200);
    expect(iconFile.headers['content-type']).toBe('image/svg+xml');
    expect(iconFile.body).toContain('<svg');

    const wrong = await browser.request('POST', loginUrl, {
      form: { email: user.email, password: 'falsch' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Ungültige E-Mail-Adresse oder Passwort.');
    expect(wrong.body).toContain(`value="${user.email}"`);
    expect(wrong.body).not.toMatch(INLINE_SCRIPT);

    const unknown = await browser.request('POST', loginUrl, {
      form: { email: 'niemand@test.example', password: 'falsch' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('Ungültige E-Mail-Adresse oder Passwort.');

    // Case does not matter for the e-mail address.
    const right = await browser.request('POST', loginUrl, {
      form: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(right.statusCode).toBe(303);
    const callback = await browser.follow(right);
    const code = browser.codeFrom(callback, state);

    const tokenResponse = await browser.exchange(code, verifier);
    expect(tokenResponse.statusCode).toBe(200);
    const tokens = tokenResponse.json();
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBe(300);
    expect(typeof tokens.refresh_token).toBe('string');

    const keySet = createLocalJWKSet(await certs(browser));
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, keySet, {
      issuer: t.config.auth.issuer,
      audience: 'portal-api',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload).toMatchObject({
      sub: user.id,
      azp: 'portal-web',
      typ: 'Bearer',
      realm_access: { roles: ['client'] },
      resource_access: { 'portal-web': { roles: ['client'] } },
      preferred_username: user.email,
      email: user.email,
      given_name: 'Jürgen',
      family_name: 'Groß',
      name: 'Jürgen Groß',
    });
    expect(typeof payload.sid).toBe('string');
    expect(String(payload.scope).split(' ')).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email']),
    );

    const { payload: idToken } = await jwtVerify(tokens.id_token, keySet, {
      issuer: t.config.auth.issuer,
      audience: 'portal-web',
    });
    expect(idToken).toMatchObject({
      sub: user.id,
      email: user.email,
      given_name: 'Jürgen',
      family_name: 'Groß',
      preferred_username: user.email,
    });

    const userinfo = await browser.request('GET', browser.endpoint('userinfo'), {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json()).toEqual({
      sub: user.id,
      email: user.email,
      email_verified: true,
      preferred_username: user.email,
      given_name: 'Jürgen',
      family_name: 'Groß',
      name: 'Jürgen Groß',
    });
    const noToken = await browser.request('GET', browser.endpoint('userinfo'), {
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(noToken.statusCode).toBe(401);

    // The code is single-use.
    const again = await browser.exchange(code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('refuses the code exchange with a wrong code_verifier', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const { response, state } = await browser.authorize();
    const loginUrl = String(response.headers.location);
    await browser.request('GET', loginUrl);
    const submitted = await browser.request('POST', loginUrl, {
      form: { email: user.email, password: user.password },
    });
    const code = browser.codeFrom(await browser.follow(submitted), state);
    const tokens = await browser.exchange(code, 'x'.repeat(43));
    expect(tokens.statusCode).toBe(400);
    expect(tokens.json().error).toBe('invalid_grant');
  });

  it('signs a restricted (technical) user in; the roles tell the API', async () => {
    const user = await createUser(t.database.db, { realmRoles: ['technical'] });
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    const claims = decodeJwt(tokens.access_token);
    expect(claims.realm_access).toEqual({ roles: ['technical'] });
    expect(claims.resource_access).toEqual({ 'portal-web': { roles: ['technical'] } });
  });

  it('skips the form while the session lasts (single sign-on)', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    await browser.signIn(user);
    const { response, state } = await browser.authorize({ prompt: 'none' });
    expect(() => browser.codeFrom(response, state)).not.toThrow();
  });

  it('shows the expiry page for an unknown interaction', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const response = await browser.request('GET', '/auth/realms/portal/login-actions/unknown');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Anmeldung abgelaufen');
  });
});

describe('two-factor sign-in', () => {
  const totp = new TOTP({ secret: Secret.fromBase32(TOTP_SECRET), digits: 6, period: 30 });

  function wrongCode(): string {
    const valid = new Set(
      [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })),
    );
    let candidate = Number(totp.generate());
    let code: string;
    do {
      candidate = (candidate + 1) % 1_000_000;
      code = String(candidate).padStart(6, '0');
    } while (valid.has(code));
    return code;
  }

  it('asks for the one-time code after the password and checks it', async () => {
    const user = await createUser(t.database.db, {
      realmRoles: ['client', '2fa'],
      totpSecret: TOTP_SECRET,
    });
    const browser = new TestBrowser(t.app, t.config);
    const { response, verifier, state } = await browser.authorize();
    const loginUrl = String(response.headers.location);
    await browser.request('GET', loginUrl);

    const password = await browser.request('POST', loginUrl, {
      form: { email: user.email, password: user.password },
    });
    expect(password.statusCode).toBe(303);
    expect(password.headers.location).toBe(loginUrl);

    const otpPage = await browser.request('GET', loginUrl);
    expect(otpPage.statusCode).toBe(200);
    expect(otpPage.body).toMatch(/<label for="code">Einmalcode<\/label>/);
    expect(otpPage.body).toMatch(/<button type="submit"[^>]*>Bestätigen<\/button>/);
    expect(otpPage.body).not.toContain('Passwort');
    expect(otpPage.body).not.toMatch(INLINE_SCRIPT);
    // A way on without the phone, and back to the sign-in as somebody else.
    expect(otpPage.body).toContain(
      'Kein Zugriff auf Ihre Authenticator-App? Richten Sie die App mit dem Schlüssel, den Sie beim Einrichten notiert haben, auf einem anderen Gerät neu ein.',
    );
    expect(otpPage.body).toMatch(
      /<a class="link" href="[^"]+\/">Mit einem anderen Konto anmelden<\/a>/,
    );
    const action = otpPage.body.match(/<form method="post" action="([^"]+)"/)?.[1];
    expect(action).toBe(`${loginUrl}/otp`);

    const wrong = await browser.request('POST', action!, { form: { code: wrongCode() } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Der Code ist ungültig.');
    expect(wrong.headers.location).toBeUndefined();
    // Reloading …/otp (the address after a wrong code) shows the code step again.
    const reload = await browser.request('GET', action!);
    expect(reload.statusCode).toBe(303);
    expect(reload.headers.location).toBe(loginUrl);
    const again = await browser.request('GET', String(reload.headers.location));
    expect(again.statusCode).toBe(200);
    expect(again.body).toMatch(/<label for="code">Einmalcode<\/label>/);

    const right = await browser.request('POST', action!, { form: { code: totp.generate() } });
    expect(right.statusCode).toBe(303);
    const code = browser.codeFrom(await browser.follow(right), state);
    const tokens = (await browser.exchange(code, verifier)).json();
    expect(decodeJwt(tokens.access_token).realm_access).toEqual({ roles: ['client', '2fa'] });
  });

  it('accepts each one-time code once, even in a new sign-in', async () => {
    const user = await createUser(t.database.db, {
      realmRoles: ['client', '2fa'],
      totpSecret: TOTP_SECRET,
    });
    const code = totp.generate();
    const codeStep = async (browser: TestBrowser) => {
      const { response } = await browser.authorize();
      const loginUrl = String(response.headers.location);
      await browser.request('GET', loginUrl);
      await browser.request('POST', loginUrl, {
        form: { email: user.email, password: user.password },
      });
      return browser.request('POST', `${loginUrl}/otp`, { form: { code } });
    };

    expect((await codeStep(new TestBrowser(t.app, t.config))).statusCode).toBe(303);
    const replay = await codeStep(new TestBrowser(t.app, t.config));
    expect(replay.statusCode).toBe(401);
    // Right but used: the person is told to wait for the next code, not that it is wrong.
    expect(replay.body).toContain('Dieser Code wurde bereits verwendet.');
    expect(replay.body).not.toContain('Der Code ist ungültig.');
  });

  it('leads a reload of the code step of an ended interaction to the German expiry page', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const otpPath = `${browser.issuerPath}/login-actions/abgelaufen/otp`;
    const reload = await browser.request('GET', otpPath);
    expect(reload.statusCode).toBe(303);
    const page = await browser.request('GET', String(reload.headers.location));
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="de">');
  });

  it('does not accept the code step without the password step', async () => {
    const browser = new TestBrowser(t.app, t.config);
    const { response } = await browser.authorize();
    const loginUrl = String(response.headers.location);
    await browser.request('GET', loginUrl);
    const otp = await browser.request('POST', `${loginUrl}/otp`, {
      form: { code: totp.generate() },
    });
    expect(otp.statusCode).toBe(303);
    expect(otp.headers.location).toBe(loginUrl);
    const page = await browser.request('GET', loginUrl);
    expect(page.body).toContain('Passwort');
  });
});

describe('refresh tokens', () => {
  it('rotate, carry fresh roles, and reuse of a rotated one revokes the grant', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const first = await browser.signIn(user);
    const firstClaims = decodeJwt(first.access_token);

    await t.database.db
      .update(users)
      .set({ realmRoles: ['client', '2fa'], firstName: 'Erika-Marie' })
      .where(eq(users.id, user.id));

    // Renewed as a relying party does it: oauth4webapi validates the answer and its ID token.
    const second = await browser.renew(first.refresh_token);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const claims = decodeJwt(second.access_token);
    expect(claims.realm_access).toEqual({ roles: ['client', '2fa'] });
    expect(claims.resource_access).toEqual({ 'portal-web': { roles: ['client', '2fa'] } });
    expect(claims.given_name).toBe('Erika-Marie');
    expect(claims.sid).toBe(firstClaims.sid);
    expect(decodeProtectedHeader(second.access_token).alg).toBe('RS256');

    // Reusing the rotated token: refused, and the whole grant is revoked.
    const reuse = await browser.refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    const afterReuse = await browser.refresh(second.refresh_token);
    expect(afterReuse.statusCode).toBe(400);
    expect(afterReuse.json().error).toBe('invalid_grant');
  });

  it('are refused for a user who has been deleted', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const tokens = await browser.signIn(user);
    await t.database.db.delete(users).where(eq(users.id, user.id));
    const refreshed = await browser.refresh(tokens.refresh_token);
    expect(refreshed.statusCode).toBe(400);
  });
});
