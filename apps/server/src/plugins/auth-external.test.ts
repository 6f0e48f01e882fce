import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken, signTestToken } from '../../test/tokens';
import { impersonationAudit, users } from '../db/schema';
import { DEMO_INSTITUTIONS, DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo-ids';
import { messages } from '../modules/account/messages';
import { TestMailbox } from '../modules/account/test-mailbox';
import { recordSeenImpersonation } from './impersonation-audit';

/** IDENTITY_PROVIDER=external: keys come from the provider's JWKS URL (Keycloak's path). */
describe('bearer tokens of an external identity provider', () => {
  let t: TestApp;
  let server: Server;
  let privateJwk: JWK;
  let requestedPaths: string[];
  const mailbox = new TestMailbox();

  beforeAll(async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: 'kc-1', alg: 'RS256' };
    const publicJwk = { ...(await exportJWK(publicKey)), kid: 'kc-1', alg: 'RS256', use: 'sig' };
    requestedPaths = [];
    server = createServer((request, response) => {
      requestedPaths.push(request.url ?? '');
      if (request.url === '/auth/realms/portal/protocol/openid-connect/certs') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [publicJwk] }));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp({
      IDENTITY_PROVIDER: 'external',
      AUTH_URL: `http://127.0.0.1:${port}/auth`,
      SMTP_URL: await mailbox.start(),
    });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('verifies tokens against the remote JWKS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(await demoToken(t, 'anna', {}, { key: privateJwk })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(DEMO_USERS.anna);
    expect(requestedPaths).toContain('/auth/realms/portal/protocol/openid-connect/certs');
  });

  it("checks an impersonated token against the portal's rule: only a contractor's support or admin, as a customer's user", async () => {
    const actingAs = async (
      impersonator: keyof typeof DEMO_USERS,
      subject: 'max' | 'anna' | 'tom',
    ) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(
          await demoToken(
            t,
            subject,
            {
              impersonator: { id: DEMO_USERS[impersonator], username: impersonator },
            },
            { key: privateJwk },
          ),
        ),
      });
    // Sara supports Abrechnungszentrum Nord, whose customer Praxis Sonnenschein is Max's.
    const allowed = await actingAs('sara', 'max');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().id).toBe(DEMO_USERS.max);
    // Keycloak let these through; the portal does not.
    for (const [impersonator, subject] of [
      ['max', 'anna'], // a member of the practice, no contractor's role
      ['sara', 'tom'], // an administrator of a trusted institution
    ] as const) {
      const refused = await actingAs(impersonator, subject);
      expect(refused.statusCode, `${impersonator} as ${subject}`).toBe(403);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json().detail).toBe('Nachahmung des Users nicht erlaubt.');
    }
  });

  it("records an impersonation at the provider under Support-Zugriffe: one start however many requests see its first token, the portal's ids and names, its end", async () => {
    // Keycloak names users by its own subjects, linked to the portal's users on first sign-in.
    const keycloakSubject = { sara: crypto.randomUUID(), max: crypto.randomUUID() };
    for (const user of ['sara', 'max'] as const) {
      await t.app.db
        .update(users)
        .set({ identitySubject: keycloakSubject[user] })
        .where(eq(users.id, DEMO_USERS[user]));
    }
    const session = crypto.randomUUID();
    const saraAsMax = (expiresIn: number) =>
      demoToken(
        t,
        'max',
        {
          sub: keycloakSubject.max,
          sid: session,
          impersonator: { id: keycloakSubject.sara, username: 'sara.support' },
        },
        { key: privateJwk, expiresIn },
      );
    const supportAccess = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/institution/${DEMO_INSTITUTIONS.praxisSonnenschein}/support-access`,
        headers: bearer(await demoToken(t, 'anna', {}, { key: privateJwk })),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { userName: string; endedAt: string | null }[]).filter(
        (entry) => entry.userName === 'Max Weiß',
      );
    };
    const before = await supportAccess();

    const first = bearer(await saraAsMax(300));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'GET',
          url: '/api/user/current',
          headers: { ...first, 'user-agent': 'Testbrowser/1' },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    // A renewal at the provider: a new token of the same session.
    const renewed = bearer(await saraAsMax(600));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/current', headers: renewed }))
        .statusCode,
    ).toBe(200);

    const rows = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.sessionId, session));
    expect(rows.map((row) => row.event).sort()).toEqual(['refresh', 'start']);
    const start = rows.find((row) => row.event === 'start')!;
    expect(start).toMatchObject({
      impersonatorId: DEMO_USERS.sara,
      impersonatorName: 'Sara Öztürk',
      userId: DEMO_USERS.max,
      userName: 'Max Weiß',
      contractorIds: [DEMO_INSTITUTIONS.abrechnungszentrumNord],
      customerIds: [DEMO_INSTITUTIONS.praxisSonnenschein],
      userAgent: 'Testbrowser/1',
    });
    const running = await supportAccess();
    expect(running).toHaveLength(before.length + 1);
    expect(running[0]).toMatchObject({
      impersonatorName: 'Sara Öztürk',
      contractorNames: ['Abrechnungszentrum Nord GmbH'],
      endedAt: null,
    });

    const ended = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation/end',
      headers: renewed,
    });
    expect(ended.statusCode, ended.body).toBe(204);
    const end = (
      await t.app.db
        .select()
        .from(impersonationAudit)
        .where(eq(impersonationAudit.sessionId, session))
    ).find((row) => row.event === 'end');
    expect(end).toMatchObject({ impersonatorId: DEMO_USERS.sara, userId: DEMO_USERS.max });
    expect((await supportAccess())[0]!.endedAt).not.toBeNull();
    // Keycloak would still renew it: a new token of the ended impersonation is refused.
    const afterEnd = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(await saraAsMax(900)),
    });
    expect(afterEnd.statusCode).toBe(403);
    expect(afterEnd.json().detail).toBe('Nachahmung des Users nicht erlaubt.');

    // Several processes seeing an impersonation's first token at once still write one start.
    const elsewhere = crypto.randomUUID();
    await Promise.all(
      Array.from({ length: 4 }, () =>
        recordSeenImpersonation(t.app.db, {
          sessionId: elsewhere,
          impersonation: { ...start, impersonatorUsername: 'sara.support' },
        }),
      ),
    );
    const seen = await t.app.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.sessionId, elsewhere));
    expect(seen.filter((row) => row.event === 'start')).toHaveLength(1);
    expect(seen).toHaveLength(4);
  });

  it('tells the app that e-mail, password and second factor are managed at the provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/public/config' });
    expect(res.json().credentialsAtProvider).toBe(true);
  });

  it('refuses tokens signed with the embedded keys', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(res.statusCode).toBe(401);
  });

  it('leaves e-mail, password and two-factor to the provider: 409 with a reason, nothing changed', async () => {
    // Anna and Otto are seeded with a password (and Otto's second factor) in the portal's
    // database, which the external provider never reads: a change there would change nothing.
    const userRow = async (id: string) =>
      (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
    const annaBefore = await userRow(DEMO_USERS.anna);
    const ottoBefore = await userRow(DEMO_USERS.otto);
    const call = async (
      user: 'anna' | 'otto',
      method: 'PUT' | 'POST',
      url: string,
      payload: unknown,
      headers: Record<string, string> = {},
    ) =>
      t.app.inject({
        method,
        url,
        payload: payload as string,
        headers: {
          ...bearer(await demoToken(t, user, {}, { key: privateJwk })),
          ...(typeof payload === 'string' ? { 'content-type': 'text/plain' } : {}),
          ...headers,
        },
      });
    const refusals: [Awaited<ReturnType<typeof call>>, string][] = [
      [
        await call('anna', 'PUT', '/api/user/updateEmail', { email: 'anna.neu@example.de' }),
        messages.emailAtProvider,
      ],
      [
        await call('anna', 'POST', '/api/user/confirmPassword', { password: DEMO_PASSWORD }),
        messages.noLocalPassword,
      ],
      [
        await call('anna', 'PUT', '/api/user/updatePassword', 'Ein-ganz-neues-Passwort-7', {
          'x-password-confirmation': 'x'.repeat(43),
        }),
        messages.noLocalPassword,
      ],
      [await call('anna', 'POST', '/api/user/2fa/init', undefined), messages.otpAtProvider],
      [
        await call('anna', 'POST', '/api/user/2fa/activate', {
          otpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpCode: '123456',
        }),
        messages.otpAtProvider,
      ],
      [
        await call('otto', 'POST', '/api/user/2fa/disable', { otpCode: '123456' }),
        messages.otpAtProvider,
      ],
    ];
    for (const [res, detail] of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().detail).toBe(detail);
    }
    expect(await userRow(DEMO_USERS.anna)).toEqual(annaBefore);
    expect(await userRow(DEMO_USERS.otto)).toEqual(ottoBefore);

    // The portal's own data stays editable.
    const saved = await call('anna', 'PUT', '/api/accountdata/', {
      firstName: 'Anna',
      lastName: 'Schäfer',
      formOfAddress: 'Frau',
      title: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('invites to the portal itself, where the first sign-in at the provider links the account', async () => {
    const anna = bearer(await demoToken(t, 'anna', {}, { key: privateJwk }));
    const before = mailbox.mails.length;
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/institution/${DEMO_INSTITUTIONS.praxisSonnenschein}/user`,
      headers: anna,
      payload: {
        email: 'nina.neu@example.de',
        firstName: 'Nina',
        lastName: 'Neu',
        formOfAddress: '',
        title: '',
        role: 'INSTITUTION_MEMBER',
      },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const mail = await mailbox.next('nina.neu@example.de', before);
    // Not the embedded provider's page that sets a password (the provider would call it invalid).
    expect(TestMailbox.link(mail)).toBe(t.config.publicUrl);
    expect(mail.text).not.toContain('Passwort');

    const nina = bearer(
      await signTestToken(
        t,
        {
          sub: 'f0c5a1d2-7a51-4b47-9d0e-2f1c7c1e9a11',
          email: 'nina.neu@example.de',
          email_verified: true,
          given_name: 'Nina',
          family_name: 'Neu',
          realm_access: { roles: ['client'] },
        },
        { key: privateJwk },
      ),
    );
    const ensured = await t.app.inject({
      method: 'POST',
      url: '/api/user/ensureBackendUserExists',
      headers: nina,
    });
    expect(ensured.statusCode, ensured.body).toBe(200);
    expect(ensured.json().id).toBe(invited.json().id);
    const current = await t.app.inject({ method: 'GET', url: '/api/user/current', headers: nina });
    expect(JSON.stringify(current.json())).toContain(DEMO_INSTITUTIONS.praxisSonnenschein);
  });

  it('does not mount the embedded provider', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/realms/portal/.well-known/openid-configuration',
    });
    expect(res.statusCode).toBe(404);
  });
});
