import { and, eq } from 'drizzle-orm';
import { decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { demoClaims, signTestToken } from '../../test/tokens';
import {
  impersonationAudit,
  institutions,
  institutionUserRoles,
  relationships,
  users,
} from '../db/schema';
import {
  DEMO_EMAILS,
  DEMO_INSTITUTIONS,
  DEMO_PASSWORD,
  DEMO_USERS,
  type DemoUserKey,
} from '../db/seed/demo-ids';
import { apiResource } from './provider';
import { IMPERSONATOR_SCOPE, TOKEN_EXCHANGE_GRANT } from './token-exchange';

let t: TestApp;
const OTHER_CONTRACTOR = 'a0000000-0000-4000-8000-000000000001';
const OTHER_CUSTOMER = 'a0000000-0000-4000-8000-000000000002';
const OTHER_USER = 'a0000000-0000-4000-8000-000000000003';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  await db.insert(institutions).values([
    {
      id: OTHER_CONTRACTOR,
      name: 'Andere Abrechnung',
      city: 'Köln',
      postalcode: '50667',
      street: 'Ring 1',
      trusted: true,
    },
    {
      id: OTHER_CUSTOMER,
      name: 'Fremde Praxis',
      city: 'Köln',
      postalcode: '50668',
      street: 'Weg 2',
    },
  ]);
  await db.insert(relationships).values({
    contractorId: OTHER_CONTRACTOR,
    customerId: OTHER_CUSTOMER,
    referenceNumber: '900001',
  });
  await db.insert(users).values({
    id: OTHER_USER,
    email: 'fremd@fremde-praxis.de',
    firstName: 'Fritz',
    lastName: 'Fremd',
  } as typeof users.$inferInsert);
  await db
    .insert(institutionUserRoles)
    .values({ userId: OTHER_USER, institutionId: OTHER_CUSTOMER, role: 'INSTITUTION_ADMIN' });
});

afterAll(async () => {
  await t?.close();
});

const tokenPath = () => `${new URL(t.config.auth.issuer).pathname}/protocol/openid-connect/token`;

/** An access token of a demo account as the provider issues it (`typ: at+jwt`, the API's audience). */
async function ownToken(user: DemoUserKey, extra: Record<string, unknown> = {}, expiresIn = 300) {
  return signTestToken(
    t,
    { ...demoClaims(t, user), aud: apiResource(t.config).audience, ...extra },
    { expiresIn, header: { typ: 'at+jwt' } },
  );
}

function claimToken(owner: string[], contractor: string[]) {
  return Buffer.from(JSON.stringify({ owner, contractor })).toString('base64url');
}

async function exchange(
  subjectToken: string,
  requestedSubject: string,
  scope = IMPERSONATOR_SCOPE,
) {
  return t.app.inject(exchangeRequest(subjectToken, requestedSubject, scope));
}

function exchangeRequest(
  subjectToken: string,
  requestedSubject: string,
  scope = IMPERSONATOR_SCOPE,
) {
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    client_id: t.config.auth.clientId,
    subject_token: subjectToken,
    subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    requested_subject: requestedSubject,
    requested_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    scope,
    claim_token: claimToken(
      [DEMO_INSTITUTIONS.abrechnungszentrumNord],
      [DEMO_INSTITUTIONS.praxisSonnenschein, DEMO_INSTITUTIONS.zahnarztpraxisMueller],
    ),
    claim_token_format: 'urn:ietf:params:oauth:token-type:jwt',
  });
  return {
    method: 'POST' as const,
    url: tokenPath(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  };
}

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: 'access_denied' });
}

describe('token exchange (impersonation)', () => {
  it('lets Sara (SUPPORT_USER of the contractor) impersonate Max of a customer', async () => {
    const response = await exchange(await ownToken('sara'), DEMO_USERS.max);
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      access_token: string;
      expires_in: number;
      refresh_token: string;
      refresh_expires_in: number;
      token_type: string;
    };
    expect(body.token_type).toBe('Bearer');
    // Each access token lives 300 s; the impersonation (its refresh token) 30 minutes.
    expect(body.expires_in).toBeGreaterThan(290);
    expect(body.expires_in).toBeLessThanOrEqual(300);
    expect(body.refresh_expires_in).toBe(1800);
    expect(body.refresh_token).toEqual(expect.any(String));
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe(DEMO_USERS.max);
    expect(claims.impersonator).toEqual({
      id: DEMO_USERS.sara,
      username: 'sara.support@abrechnungszentrum-nord.de',
    });
    expect(claims.realm_access).toEqual({ roles: ['client'] });

    // The API treats the request as Max and knows the impersonator.
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(current.statusCode).toBe(200);
    expect(JSON.stringify(current.json())).toContain(DEMO_USERS.max);
  });

  it('lets Tom (INSTITUTION_ADMIN of the contractor) impersonate Anna', async () => {
    const response = await exchange(await ownToken('tom'), DEMO_USERS.anna);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a member role', async () => {
    expectRefused(await exchange(await ownToken('max'), DEMO_USERS.anna));
  });

  it('refuses an admin of a customer (no owned relationship)', async () => {
    expectRefused(await exchange(await ownToken('anna'), DEMO_USERS.max));
  });

  it("refuses another contractor's customer", async () => {
    expectRefused(await exchange(await ownToken('sara'), OTHER_USER));
  });

  it('refuses an unknown user and a malformed id', async () => {
    expectRefused(await exchange(await ownToken('sara'), 'b0000000-0000-4000-8000-000000000009'));
    expectRefused(await exchange(await ownToken('sara'), 'not-an-id'));
  });

  it('refuses an expired subject token', async () => {
    expectRefused(await exchange(await ownToken('sara', {}, -10), DEMO_USERS.max));
  });

  it('refuses a forged subject token', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const key = { ...(await exportJWK(privateKey)), alg: 'RS256' };
    const forged = await signTestToken(t, demoClaims(t, 'sara'), { key });
    expectRefused(await exchange(forged, DEMO_USERS.max));
    expectRefused(await exchange('garbage', DEMO_USERS.max));
  });

  it('accepts only access tokens: an ID token of the same sign-in is refused', async () => {
    const browser = new TestBrowser(t.app, t.config, '203.0.113.90');
    const tokens = await browser.signIn({ email: DEMO_EMAILS.sara, password: DEMO_PASSWORD });
    // ID tokens are signed with the same keys and travel in logout URLs (id_token_hint).
    const refused = await exchange(tokens.id_token, DEMO_USERS.max);
    expectRefused(refused);
    expect(refused.json()).toMatchObject({ error_description: 'invalid subject_token' });
    expect((await exchange(tokens.access_token, DEMO_USERS.max)).statusCode).toBe(200);
  });

  it('refuses a token without the access-token type or for another audience', async () => {
    const audience = apiResource(t.config).audience;
    const untyped = await signTestToken(t, { ...demoClaims(t, 'sara'), aud: audience });
    expectRefused(await exchange(untyped, DEMO_USERS.max));
    const forClient = await signTestToken(
      t,
      { ...demoClaims(t, 'sara'), aud: t.config.auth.clientId },
      { header: { typ: 'at+jwt' } },
    );
    expectRefused(await exchange(forClient, DEMO_USERS.max));
  });

  it('refuses impersonating while impersonated', async () => {
    const subject = await ownToken('sara', {
      impersonator: { id: DEMO_USERS.tom, username: 'tom' },
    });
    expectRefused(await exchange(subject, DEMO_USERS.max));
    const granted = await exchange(await ownToken('sara'), DEMO_USERS.max);
    const token = (granted.json() as { access_token: string }).access_token;
    expectRefused(await exchange(token, DEMO_USERS.anna));
  });

  it('writes an audit entry per start that cannot be changed or deleted', async () => {
    const response = await t.app.inject({
      ...exchangeRequest(await ownToken('sara'), DEMO_USERS.max),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Audit-Test/1.0',
      },
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.userAgent, 'Audit-Test/1.0'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      event: 'start',
      impersonatorId: DEMO_USERS.sara,
      impersonatorName: 'Sara Öztürk',
      userId: DEMO_USERS.max,
      userName: 'Max Weiß',
      contractorIds: [DEMO_INSTITUTIONS.abrechnungszentrumNord],
      customerIds: [DEMO_INSTITUTIONS.praxisSonnenschein],
    });
    expect(rows[0]!.address).toBeTruthy();
    const id = rows[0]!.id;
    await expect(
      t.app.db
        .update(impersonationAudit)
        .set({ userName: 'x' })
        .where(eq(impersonationAudit.id, id)),
    ).rejects.toThrow();
    await expect(
      t.app.db.delete(impersonationAudit).where(eq(impersonationAudit.id, id)),
    ).rejects.toThrow();
  });

  it('refuses an admin of a trusted institution as target', async () => {
    expectRefused(await exchange(await ownToken('sara'), DEMO_USERS.tom));
  });

  it('refuses without the impersonator scope', async () => {
    expectRefused(await exchange(await ownToken('sara'), DEMO_USERS.max, 'openid'));
  });
});

function refreshRequest(refreshToken: string, userAgent = 'Refresh-Test/1.0') {
  return {
    method: 'POST' as const,
    url: tokenPath(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: t.config.auth.clientId,
      refresh_token: refreshToken,
    }).toString(),
  };
}

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  id_token?: string;
}

describe('refresh of an impersonation', () => {
  it('renews like a normal token: same impersonator and session, audited, rotated', async () => {
    const started = (await exchange(await ownToken('sara'), DEMO_USERS.max)).json() as TokenAnswer;
    const session = (decodeJwt(started.access_token).impersonation as { session: string }).session;

    const first = await t.app.inject(refreshRequest(started.refresh_token));
    expect(first.statusCode).toBe(200);
    const renewed = first.json() as TokenAnswer;
    expect(renewed.id_token).toBeUndefined();
    expect(renewed.expires_in).toBeLessThanOrEqual(300);
    const claims = decodeJwt(renewed.access_token);
    expect(claims.sub).toBe(DEMO_USERS.max);
    expect(claims.impersonator).toEqual({
      id: DEMO_USERS.sara,
      username: 'sara.support@abrechnungszentrum-nord.de',
    });
    expect(claims.impersonation).toEqual({
      contractor: [DEMO_INSTITUTIONS.abrechnungszentrumNord],
      customer: [DEMO_INSTITUTIONS.praxisSonnenschein],
      session,
    });
    expect(claims.realm_access).toEqual({ roles: ['client'] });

    // The renewed token works at the API as Max, still impersonated.
    const current = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    expect(current.statusCode).toBe(200);
    expect(JSON.stringify(current.json())).toContain(DEMO_USERS.max);

    // Rotated: the used refresh token is spent, the new one works.
    expect((await t.app.inject(refreshRequest(renewed.refresh_token))).statusCode).toBe(200);

    const refreshes = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.sessionId, session));
    expect(refreshes.map((row) => row.event).sort()).toEqual(['refresh', 'refresh', 'start']);
    expect(refreshes.find((row) => row.event === 'refresh')).toMatchObject({
      impersonatorId: DEMO_USERS.sara,
      userId: DEMO_USERS.max,
      userAgent: 'Refresh-Test/1.0',
      customerIds: [DEMO_INSTITUTIONS.praxisSonnenschein],
    });
  });

  it('is refused once the refresh token was used (rotation) and after the end', async () => {
    const started = (await exchange(await ownToken('sara'), DEMO_USERS.max)).json() as TokenAnswer;
    const renewed = await t.app.inject(refreshRequest(started.refresh_token));
    expect(renewed.statusCode).toBe(200);
    const replay = await t.app.inject(refreshRequest(started.refresh_token));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'invalid_grant' });

    const again = (await exchange(await ownToken('sara'), DEMO_USERS.max)).json() as TokenAnswer;
    const end = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation/end',
      headers: { authorization: `Bearer ${again.access_token}` },
    });
    expect(end.statusCode).toBe(204);
    const afterEnd = await t.app.inject(refreshRequest(again.refresh_token));
    expect(afterEnd.statusCode).toBe(400);
    expect(afterEnd.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('is refused once the support user may no longer act as the user (role, membership)', async () => {
    const db = t.app.db;
    const saraInNord = and(
      eq(institutionUserRoles.userId, DEMO_USERS.sara),
      eq(institutionUserRoles.institutionId, DEMO_INSTITUTIONS.abrechnungszentrumNord),
    );
    const maxInSonnenschein = and(
      eq(institutionUserRoles.userId, DEMO_USERS.max),
      eq(institutionUserRoles.institutionId, DEMO_INSTITUTIONS.praxisSonnenschein),
    );
    const started = (await exchange(await ownToken('sara'), DEMO_USERS.max)).json() as TokenAnswer;
    const renewed = await t.app.inject(refreshRequest(started.refresh_token));
    expect(renewed.statusCode).toBe(200);
    const stillAllowed = (renewed.json() as TokenAnswer).refresh_token;

    // Tom made Sara a Mitglied of Abrechnungszentrum Nord: no renewal as Max any more.
    await db.update(institutionUserRoles).set({ role: 'INSTITUTION_MEMBER' }).where(saraInNord);
    try {
      const refused = await t.app.inject(refreshRequest(stillAllowed));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await db.update(institutionUserRoles).set({ role: 'SUPPORT_USER' }).where(saraInNord);
    }

    // Anna removed Max from Praxis Sonnenschein: likewise.
    const again = (await exchange(await ownToken('sara'), DEMO_USERS.max)).json() as TokenAnswer;
    await db.delete(institutionUserRoles).where(maxInSonnenschein);
    try {
      const refused = await t.app.inject(refreshRequest(again.refresh_token));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await db.insert(institutionUserRoles).values({
        userId: DEMO_USERS.max,
        institutionId: DEMO_INSTITUTIONS.praxisSonnenschein,
        role: 'INSTITUTION_MEMBER',
      });
    }
  });

  it('never outlives the impersonation: refresh token and grant end with it', async () => {
    const started = (await exchange(await ownToken('sara'), DEMO_USERS.max)).json() as TokenAnswer;
    const session = (decodeJwt(started.access_token).impersonation as { session: string }).session;
    const [start] = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.sessionId, session));
    const end = start!.expiresAt!.getTime();
    expect(end - start!.createdAt.getTime()).toBeGreaterThan(1795_000);
    expect(end - start!.createdAt.getTime()).toBeLessThanOrEqual(1801_000);
    const provider = t.app.identity!.provider;
    const refreshToken = await provider.RefreshToken.find(started.refresh_token);
    expect(refreshToken?.exp).toBeDefined();
    expect(Math.abs(refreshToken!.exp! * 1000 - end)).toBeLessThan(2000);
    const grant = await provider.Grant.find(session);
    expect(grant?.accountId).toBe(DEMO_USERS.max);
    expect(Math.abs(grant!.exp! * 1000 - end)).toBeLessThan(2000);
  });
});
