import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoClaims, demoToken, signTestToken } from '../../../test/tokens';
import { institutions, institutionUserRoles, users } from '../../db/schema';
import { DEMO_EMAILS, DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';

describe('user module', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  describe('GET /api/user/current', () => {
    it('answers the user with every institution role', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(await demoToken(t, 'max')),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        id: DEMO_USERS.max,
        email: DEMO_EMAILS.max,
        firstName: 'Max',
        lastName: 'Weiß',
        fullName: 'Max Weiß',
        institutionUserRoles: [{ institutionId: expect.any(String), role: 'INSTITUTION_MEMBER' }],
        hasAccountActivated: true,
        dateTimeCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        title: null,
        formOfAddress: 'Herr',
        onboardedByClient: 'as-bremen',
      });
    });

    // A direct database change reaches the principal cache by NOTIFY: at once in PGlite, after
    // the notification's round trip on PostgreSQL (hence the polling).
    it('answers a change of the user as soon as it is notified, although answers are kept per cached principal', async () => {
      const headers = bearer(await demoToken(t, 'max'));
      const current = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/user/current', headers })).json();
      const before = await current();
      expect(await current()).toEqual(before);
      await t.database.db
        .update(users)
        .set({ firstName: 'Maximilian' })
        .where(eq(users.id, DEMO_USERS.max));
      try {
        await expect.poll(current).toEqual({
          ...before,
          firstName: 'Maximilian',
          fullName: 'Maximilian Weiß',
        });
      } finally {
        await t.database.db
          .update(users)
          .set({ firstName: 'Max' })
          .where(eq(users.id, DEMO_USERS.max));
      }
      await expect.poll(current).toEqual(before);
    });

    it('answers 403 problem for the technical user', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(await demoToken(t, 'technik')),
      });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 403 });
    });

    it('answers 403 when a token carries technical next to client', async () => {
      const token = await demoToken(t, 'anna', {
        realm_access: { roles: ['client', 'technical'] },
      });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(403);
    });

    it('answers 403 when the token lacks the client role', async () => {
      const token = await demoToken(t, 'anna', { realm_access: { roles: ['offline_access'] } });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(403);
    });

    it('answers 404 problem for an unknown subject', async () => {
      const token = await signTestToken(t, {
        sub: crypto.randomUUID(),
        realm_access: { roles: ['client'] },
      });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    });
  });

  describe('GET /api/user/current/institutions', () => {
    it("answers the user's institutions with name and trusted flag, in role order", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current/institutions',
        headers: bearer(await demoToken(t, 'anna')),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { id: DEMO_INSTITUTIONS.praxisSonnenschein, name: 'Praxis Sonnenschein', trusted: false },
        {
          id: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
          name: 'Zahnarztpraxis Dr. Müller',
          trusted: false,
        },
      ]);
      const tom = await t.app.inject({
        method: 'GET',
        url: '/api/user/current/institutions',
        headers: bearer(await demoToken(t, 'tom')),
      });
      expect(tom.json()).toEqual([
        {
          id: DEMO_INSTITUTIONS.abrechnungszentrumNord,
          name: 'Abrechnungszentrum Nord GmbH',
          trusted: true,
        },
      ]);
    });

    // A support user of hundreds of practices: one answer names them all (the app had asked
    // GET /institution/{id} for each, on every page load), in the order of /user/current.
    it('lists hundreds of institutions in one answer, in the order of the user’s roles', async () => {
      const [person] = await t.app.db
        .insert(users)
        .values({ email: 'viele.praxen@example.de', firstName: 'Viele', lastName: 'Praxen' })
        .returning({ id: users.id });
      const created = await t.app.db
        .insert(institutions)
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            name: `Praxis ${300 - i}`,
            city: 'Bremen',
            postalcode: '28195',
            street: 'Am Wall 1',
          })),
        )
        .returning({ id: institutions.id, name: institutions.name });
      const since = Date.parse('2025-01-01T00:00:00Z');
      await t.app.db.insert(institutionUserRoles).values(
        created.map((institution, i) => ({
          userId: person!.id,
          institutionId: institution.id,
          role: 'SUPPORT_USER' as const,
          createdAt: new Date(since + i * 1000),
        })),
      );
      const headers = bearer(
        await signTestToken(t, {
          ...demoClaims(t, 'max'),
          sub: person!.id,
          email: 'viele.praxen@example.de',
        }),
      );
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/user/current/institutions',
        headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created.map(({ id, name }) => ({ id, name, trusted: false })));
      const current = await t.app.inject({ method: 'GET', url: '/api/user/current', headers });
      expect(
        current.json().institutionUserRoles.map((r: { institutionId: string }) => r.institutionId),
      ).toEqual(created.map(({ id }) => id));
    });

    it('answers 403 for a restricted user, 404 for an unknown subject, 401 without a token', async () => {
      const technik = await t.app.inject({
        method: 'GET',
        url: '/api/user/current/institutions',
        headers: bearer(await demoToken(t, 'technik')),
      });
      expect(technik.statusCode).toBe(403);
      expect(technik.headers['content-type']).toMatch(/application\/problem\+json/);
      const unknown = await t.app.inject({
        method: 'GET',
        url: '/api/user/current/institutions',
        headers: bearer(await demoToken(t, 'max', { sub: crypto.randomUUID() })),
      });
      expect(unknown.statusCode).toBe(404);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: '/api/user/current/institutions',
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/user/ensureBackendUserExists', () => {
    it('creates a user from the token claims of an external identity provider', async () => {
      const sub = crypto.randomUUID();
      const token = await signTestToken(t, {
        sub,
        email: 'lena.neu@praxis-sonnenschein.de',
        email_verified: true,
        given_name: 'Lena',
        family_name: 'Neumann',
        realm_access: { roles: ['client'] },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: sub,
        email: 'lena.neu@praxis-sonnenschein.de',
        firstName: 'Lena',
        lastName: 'Neumann',
        fullName: 'Lena Neumann',
        institutionUserRoles: [],
        hasAccountActivated: true,
      });
      const rows = await t.app.db.select().from(users).where(eq(users.id, sub));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.identitySubject).toBe(sub);
      expect(rows[0]!.passwordHash).toBeNull();

      // A second call finds the user and creates nothing.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(token),
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(sub);

      const current = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(token),
      });
      expect(current.statusCode).toBe(200);
    });

    it('creates a user with a generated id when the subject is not a UUID', async () => {
      const token = await signTestToken(t, {
        sub: 'f:provider:jonas',
        email: 'jonas@zahnarzt-mueller.de',
        email_verified: false,
        given_name: 'Jonas',
        family_name: 'Berg',
        realm_access: { roles: ['client'] },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const { id } = res.json();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(token),
      });
      expect(current.json().id).toBe(id);
    });

    it('answers the existing user for a known subject', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(await demoToken(t, 'anna')),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(DEMO_USERS.anna);
    });

    it('links an existing user by verified e-mail, refuses an unverified one with 409', async () => {
      const email = 'eva.einladung@praxis-sonnenschein.de';
      const invitedId = crypto.randomUUID();
      await t.app.db
        .insert(users)
        .values({ id: invitedId, email, firstName: 'Eva', lastName: 'Einladung' });

      const unverified = await signTestToken(t, {
        sub: crypto.randomUUID(),
        email,
        email_verified: false,
        realm_access: { roles: ['client'] },
      });
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(unverified),
      });
      expect(refused.statusCode).toBe(409);

      const sub = crypto.randomUUID();
      const verified = await signTestToken(t, {
        sub,
        email: email.toUpperCase(),
        email_verified: true,
        realm_access: { roles: ['client'] },
      });
      const linked = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(verified),
      });
      expect(linked.statusCode).toBe(200);
      expect(linked.json()).toMatchObject({ id: invitedId, hasAccountActivated: true });
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(verified),
      });
      expect(current.json().id).toBe(invitedId);
    });

    it('answers 400 when the token has no e-mail', async () => {
      const token = await signTestToken(t, {
        sub: crypto.randomUUID(),
        realm_access: { roles: ['client'] },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(400);
    });

    it('accepts an empty body sent as application/json', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: { ...bearer(await demoToken(t, 'max')), 'content-type': 'application/json' },
        payload: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(DEMO_USERS.max);
    });

    it('needs a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/ensureBackendUserExists' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('POST /api/user/logout', () => {
    it('answers 204', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: bearer(await demoToken(t, 'anna')),
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    });

    it('needs a token', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/logout' });
      expect(res.statusCode).toBe(401);
    });
  });
});
