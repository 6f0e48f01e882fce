import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoClaims, demoToken, signTestToken } from '../../test/tokens';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../db/seed/demo-ids';
import { loadSigningKeys } from '../identity/keys';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bearer token verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const current = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/user/current', headers });

  const expectUnauthorized = (res: Awaited<ReturnType<typeof current>>) => {
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    const body = res.json();
    expect(body).toMatchObject({ status: 401, title: expect.any(String), type: 'about:blank' });
    expect(JSON.stringify(body)).not.toMatch(/stack|at .*\.ts/);
  };

  it('accepts a valid Keycloak-shaped token and answers with the user and their roles', async () => {
    const res = await current(bearer(await demoToken(t, 'anna')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: DEMO_USERS.anna,
      email: 'anna.admin@praxis-sonnenschein.de',
      firstName: 'Anna',
      lastName: 'Schäfer',
      fullName: 'Anna Schäfer',
      hasAccountActivated: true,
      institutionUserRoles: [
        { institutionId: DEMO_INSTITUTIONS.praxisSonnenschein, role: 'INSTITUTION_ADMIN' },
        { institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller, role: 'INSTITUTION_MEMBER' },
      ],
    });
  });

  it('accepts typ at+jwt as well as JWT', async () => {
    const token = await demoToken(t, 'anna', {}, { header: { typ: 'at+jwt' } });
    expect((await current(bearer(token))).statusCode).toBe(200);
  });

  it('accepts a token whose aud contains the configured audience instead of azp', async () => {
    const other = await buildTestApp({ AUTH_AUDIENCE: 'portal-api', SEED_DEMO_DATA: 'true' });
    try {
      const token = await demoToken(other, 'anna', { azp: 'someone-else', aud: ['portal-api'] });
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const wrongAud = await demoToken(other, 'anna', { azp: 'someone-else', aud: 'account' });
      expectUnauthorized(
        await other.app.inject({
          method: 'GET',
          url: '/api/user/current',
          headers: bearer(wrongAud),
        }),
      );
    } finally {
      await other.close();
    }
  });

  it('refuses a request without a token', async () => {
    expectUnauthorized(await current());
  });

  it('refuses a malformed authorization header', async () => {
    expectUnauthorized(await current({ authorization: 'Basic YW5uYTpwdw==' }));
    expectUnauthorized(await current({ authorization: 'Bearer not-a-jwt' }));
  });

  it('refuses an expired token', async () => {
    const res = await current(bearer(await demoToken(t, 'anna', {}, { expiresIn: -60 })));
    expectUnauthorized(res);
    expect(res.json().detail).toBe('Das Zugriffstoken ist abgelaufen.');
  });

  it('tolerates at most a few seconds of clock skew', async () => {
    expect(
      (await current(bearer(await demoToken(t, 'anna', {}, { expiresIn: -2 })))).statusCode,
    ).toBe(200);
    expectUnauthorized(await current(bearer(await demoToken(t, 'anna', {}, { expiresIn: -10 }))));
  });

  it('remembers a verified token until it expires, and never an altered one', async () => {
    // Expires in 30 s: within the clock tolerance (5 s) it still counts, after it not.
    const token = await demoToken(t, 'anna', {}, { expiresIn: 30 });
    expect((await current(bearer(token))).statusCode).toBe(200);
    expect((await current(bearer(token))).statusCode).toBe(200);
    // The same claims with another signature: refused although the original is remembered.
    const [head, body, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BA' : 'AA'}`;
    expectUnauthorized(await current(bearer(`${head}.${body}.${flipped}`)));
    // Other claims under the remembered signature (the memory finds tokens by their end): refused,
    // and the remembered token still admitted.
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { sub: string };
    const otherBody = Buffer.from(JSON.stringify({ ...claims, sub: `${claims.sub}x` })).toString(
      'base64url',
    );
    expectUnauthorized(await current(bearer(`${head}.${otherBody}.${signature}`)));
    expectUnauthorized(await current(bearer(`x${token}`)));
    expect((await current(bearer(token))).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 40_000 });
    try {
      const expired = await current(bearer(token));
      expectUnauthorized(expired);
      expect(expired.json().detail).toBe('Das Zugriffstoken ist abgelaufen.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shares one frozen context among the requests of a token, which none can change', async () => {
    const token = await demoToken(t, 'anna');
    const first = await t.app.verifyAccessToken(token);
    expect(await t.app.verifyAccessToken(token)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.roles)).toBe(true);
    expect(() => first.roles.push('PORTAL_ADMIN')).toThrow(TypeError);
    expect(() => {
      (first as { sub: string }).sub = 'someone-else';
    }).toThrow(TypeError);
    expect((await t.app.verifyAccessToken(token)).sub).toBe(first.sub);
  });

  it('checks each request of a remembered header again: restriction, spelling, expiry', async () => {
    // A restricted (technical) user is refused every time, not only on the first request.
    const technik = bearer(await demoToken(t, 'technik'));
    expect((await current(technik)).statusCode).toBe(403);
    expect((await current(technik)).statusCode).toBe(403);
    // Another spelling of the same token is its own header, and accepted like the first.
    const token = await demoToken(t, 'anna');
    for (const authorization of [`Bearer ${token}`, `  bearer ${token} `, `Bearer ${token}`]) {
      const res = await current({ authorization });
      expect(res.statusCode, authorization.slice(0, 10)).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('reads the role client from realm and resource roles alike (spec §6), technical from either', async () => {
    const asClientResource = await demoToken(t, 'anna', {
      realm_access: { roles: [] },
      resource_access: { [t.config.auth.clientId]: { roles: ['client'] } },
    });
    expect((await current(bearer(asClientResource))).statusCode).toBe(200);
    // The role of another client is not this portal's.
    const otherClient = await demoToken(t, 'anna', {
      realm_access: { roles: [] },
      resource_access: { 'anderer-client': { roles: ['client'] } },
    });
    expect((await current(bearer(otherClient))).statusCode).toBe(403);
    const technicalResource = await demoToken(t, 'anna', {
      realm_access: { roles: ['client'] },
      resource_access: { [t.config.auth.clientId]: { roles: ['technical'] } },
    });
    expect((await current(bearer(technicalResource))).statusCode).toBe(403);
  });

  it('refuses a token signed with another key (same kid)', async () => {
    const { privateJwks } = await loadSigningKeys(t.app.db);
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const foreign = {
      ...(await exportJWK(privateKey)),
      kid: privateJwks.keys[0]!.kid,
      alg: 'RS256',
    };
    expectUnauthorized(await current(bearer(await demoToken(t, 'anna', {}, { key: foreign }))));
  });

  it('refuses a token signed with an unknown key', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const foreign = { ...(await exportJWK(privateKey)), kid: 'unknown', alg: 'ES256' };
    expectUnauthorized(await current(bearer(await demoToken(t, 'anna', {}, { key: foreign }))));
  });

  it('refuses a token of another issuer', async () => {
    const token = await demoToken(t, 'anna', { iss: 'http://evil.example/auth/realms/portal' });
    expectUnauthorized(await current(bearer(token)));
  });

  it('refuses alg none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      ...demoClaims(t, 'anna'),
      iss: t.config.auth.issuer,
      azp: t.config.auth.clientId,
      iat: now,
      exp: now + 300,
    };
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expectUnauthorized(await current(bearer(token)));
  });

  it('refuses HS256 keyed with the public key', async () => {
    const { publicJwks } = await loadSigningKeys(t.app.db);
    const publicKey = publicJwks.keys[0]!;
    const now = Math.floor(Date.now() / 1000);
    for (const secret of [JSON.stringify(publicKey), publicKey.n!]) {
      const token = await new SignJWT({
        ...demoClaims(t, 'anna'),
        iss: t.config.auth.issuer,
        azp: t.config.auth.clientId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: publicKey.kid! })
        .setIssuedAt(now)
        .setExpirationTime(now + 300)
        .sign(new TextEncoder().encode(secret));
      expectUnauthorized(await current(bearer(token)));
    }
  });

  it('refuses a token for another client (wrong azp, no matching aud)', async () => {
    expectUnauthorized(
      await current(bearer(await demoToken(t, 'anna', { azp: 'other-client', aud: 'account' }))),
    );
  });

  it('refuses a token without sub', async () => {
    const { sub: _sub, ...claims } = demoClaims(t, 'anna');
    expectUnauthorized(await current(bearer(await signTestToken(t, claims))));
  });

  it('lets public routes through without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/clients/public/config' })).statusCode,
    ).toBe(200);
  });

  it('protects routes reached through a percent-encoded path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/user/current' });
    expect([401, 404]).toContain(res.statusCode);
  });
});
