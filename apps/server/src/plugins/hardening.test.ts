import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestBrowser } from '../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { loadConfig } from '../config';
import { DEMO_INSTITUTIONS } from '../db/seed/demo-ids';

const PROBLEM = /^application\/problem\+json/;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, (app) => {
    app.get('/api/test/ip', { config: { public: true } }, async (request) => ({ ip: request.ip }));
  });
});
afterAll(() => t.close());

describe('4: control characters answer 400 at the edge', () => {
  it('NUL in the sign-in e-mail', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    const { response } = await browser.authorize();
    const loginUrl = String(response.headers.location);
    await browser.request('GET', loginUrl);
    const res = await browser.request('POST', loginUrl, {
      form: { email: `${user.email}\u0000`, password: user.password },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
  });

  it.each(['state', 'nonce', 'login_hint', 'ui_locales', 'acr_values'])(
    'NUL in %s of the authorization request',
    async (name) => {
      const browser = new TestBrowser(t.app, t.config);
      const { response } = await browser.authorize({ [name]: 'a\u0000b' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(PROBLEM);
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('NUL in an API query or JSON body', async () => {
    const headers = bearer(await demoToken(t, 'anna'));
    const query = await t.app.inject({ url: '/api/user/current?x=%00', headers });
    expect(query.statusCode).toBe(400);
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/user/ensureBackendUserExists',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'a\u0000' }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.headers['content-type']).toMatch(PROBLEM);
  });

  it('a C1 control (U+009B) in a JSON body or query gets the same 400 and stores nothing', async () => {
    const headers = bearer(await demoToken(t, 'anna'));
    const url = `/api/institution/${DEMO_INSTITUTIONS.praxisSonnenschein}`;
    const before = (await t.app.inject({ url, headers })).json();
    const c0 = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        name: 'Praxis\u0007Sonnenschein',
        postalcode: '20095',
        city: 'Hamburg',
        street: 'X 1',
      },
    });
    expect(c0.statusCode).toBe(400);
    for (const name of ['Praxis\u009bSonnenschein', 'Praxis\u0085Sonnenschein']) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers,
        payload: { name, postalcode: '20095', city: 'Hamburg', street: 'X 1' },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toEqual(c0.json());
    }
    expect((await t.app.inject({ url, headers })).json()).toEqual(before);
    const query = await t.app.inject({ url: '/api/user/current?x=%C2%9B', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json().detail).toBe(c0.json().detail);
  });
});

describe('5: restricted users', () => {
  it('get 403 from every token route but logout', async () => {
    const headers = bearer(await demoToken(t, 'technik'));
    for (const [method, url] of [
      ['POST', '/api/user/ensureBackendUserExists'],
      ['GET', '/api/user/current'],
      ['GET', '/api/institution/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().detail).toContain('technischer Nutzer');
    }
    const ping = await t.app.inject({ url: '/api/ping', headers });
    expect(ping.statusCode).toBe(200);
    const config = await t.app.inject({ url: '/api/clients/public/config', headers });
    expect(config.statusCode).toBe(200);
  });

  /** The only operations a restricted user may call, with the reason. */
  const OPEN_TO_RESTRICTED: Record<string, string> = {
    'GET /api/ping': 'public',
    'GET /api/ready': 'public: the readiness check of a load balancer, which sends no token',
    'GET /api/clients/public/config': 'public',
    'POST /api/user/logout': 'a technical user must be able to sign out',
    'GET /api/test/ip': 'public, added by this test file',
    'GET /api/tile-icon/{sha256}': 'public: <img> sends no token (a random hash: 400/404)',
  };

  it('get 403 from every operation of the OpenAPI document but ping, public config and logout', async () => {
    const headers = bearer(await demoToken(t, 'technik'));
    const document = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, unknown> } }>
      >;
    };
    let walked = 0;
    for (const [openApiPath, methods] of Object.entries(document.paths)) {
      if (!openApiPath.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(methods)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const key = `${method.toUpperCase()} ${openApiPath}`;
        const url = openApiPath.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const content = operation.requestBody?.content ?? {};
        const multipart = 'multipart/form-data' in content;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: {
            ...headers,
            ...(operation.requestBody
              ? {
                  'content-type': multipart
                    ? 'multipart/form-data; boundary=walk'
                    : 'application/json',
                }
              : {}),
          },
          ...(operation.requestBody ? { payload: multipart ? '--walk--\r\n' : '{}' } : {}),
        });
        walked += 1;
        if (key === 'GET /api/tile-icon/{sha256}') expect(res.statusCode, key).not.toBe(403);
        else if (key in OPEN_TO_RESTRICTED) expect(res.statusCode, key).toBeLessThan(300);
        else {
          expect(res.statusCode, key).toBe(403);
          expect(res.headers['content-type'], key).toMatch(PROBLEM);
        }
      }
    }
    expect(walked).toBeGreaterThan(Object.keys(OPEN_TO_RESTRICTED).length);
  });
});

describe('6: sign-out from other sites', () => {
  it('asks for confirmation without id_token_hint, and loads no auto-submit script', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    await browser.signIn(user);
    const page = await browser.request(
      'GET',
      `${browser.endpoint('logout')}?client_id=${t.config.auth.clientId}`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('logout.js');
    expect(page.body).toContain('Möchten Sie sich vom Institutionsportal abmelden?');
    expect(page.body).toMatch(/<button type="submit"[^>]*>Abmelden<\/button>/);
    // Still signed in.
    const { response } = await browser.authorize({ prompt: 'none' });
    expect(new URL(String(response.headers.location)).searchParams.get('code')).toBeTruthy();
  });

  it('refuses a forged id_token_hint instead of signing out', async () => {
    const user = await createUser(t.database.db);
    const browser = new TestBrowser(t.app, t.config);
    await browser.signIn(user);
    const forged = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.e30.c2ln`;
    const page = await browser.request(
      'GET',
      `${browser.endpoint('logout')}?client_id=${t.config.auth.clientId}&id_token_hint=${forged}`,
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('logout.js');
    const { response } = await browser.authorize({ prompt: 'none' });
    expect(new URL(String(response.headers.location)).searchParams.get('code')).toBeTruthy();
  });
});

describe('7: uniform answers', () => {
  it('undecodable URL: problem+json 400 with security headers', async () => {
    const res = await t.app.inject({ url: '/api/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('unknown method on an existing route: 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/current' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('GET');
    expect(res.headers['content-type']).toMatch(PROBLEM);
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
  });

  it("the provider's unknown paths: problem+json 404", async () => {
    const res = await t.app.inject({ url: '/auth/realms/portal/protocol/openid-connect/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('personal answers carry Cache-Control: no-store', async () => {
    const res = await t.app.inject({
      url: '/api/user/current',
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('demo data only when asked for under NODE_ENV=production', () => {
    const publicUrl = 'https://portal.example.de';
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: publicUrl }).seedDemoData).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: publicUrl, SEED_DEMO_DATA: 'true' })
        .seedDemoData,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemoData).toBe(true);
  });
});

describe('1: TRUST_PROXY', () => {
  it('by default the socket address counts, not X-Forwarded-For', async () => {
    const res = await t.app.inject({
      url: '/api/test/ip',
      remoteAddress: '198.51.100.7',
      headers: { 'x-forwarded-for': '1.2.3.4' },
    });
    expect(res.json().ip).toBe('198.51.100.7');
  });

  it('X-Forwarded-Host cannot move the discovery endpoints', async () => {
    const res = await t.app.inject({
      url: '/auth/realms/portal/.well-known/openid-configuration',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('evil.example');
  });

  it('parses address lists, refuses true and bare hop counts', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });

  it('a listed proxy names the client', async () => {
    const proxied = await buildTestApp(
      { TRUST_PROXY: '10.0.0.0/8', SEED_DEMO_DATA: 'false' },
      (app) => {
        app.get('/api/test/ip', { config: { public: true } }, async (request) => ({
          ip: request.ip,
        }));
      },
    );
    try {
      const res = await proxied.app.inject({
        url: '/api/test/ip',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '1.2.3.4' },
      });
      expect(res.json().ip).toBe('1.2.3.4');
    } finally {
      await proxied.close();
    }
  });
});

describe('10: libraries instead of hand-written infrastructure', () => {
  it('CORS of the logout and userinfo endpoints through @fastify/cors, for the app only', async () => {
    const url = '/auth/realms/portal/protocol/openid-connect/userinfo';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: 'http://localhost:8080',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
    const foreign = await t.app.inject({
      method: 'GET',
      url,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await t.app.inject({
      method: 'POST',
      url: '/auth/realms/portal/protocol/openid-connect/logout',
      headers: {
        origin: 'http://localhost:8080',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'client_id=portal-web',
    });
    expect(own.statusCode).toBe(400);
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });
});
