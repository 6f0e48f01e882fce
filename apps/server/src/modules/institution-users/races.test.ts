import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { institutions, institutionUserRoles, users } from '../../db/schema';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';
import { messages } from '../account/messages';

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;
const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;

/**
 * Two admins acting at the same moment, as real parallel requests against the real database
 * (PGlite, and PostgreSQL with TEST_DATABASE_URL, where the statements really run side by side).
 */
describe('institution administration under parallel requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    user: 'anna' | 'max' | 'tom',
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await demoToken(t, user)),
      ...(payload ? { payload } : {}),
    });
  const userUrl = (userId: string) => `/api/institution/${SONNENSCHEIN}/user/${userId}`;
  const admins = async () =>
    (
      await t.app.db
        .select()
        .from(institutionUserRoles)
        .where(eq(institutionUserRoles.institutionId, SONNENSCHEIN))
    )
      .filter((row) => row.role === 'INSTITUTION_ADMIN')
      .map((row) => row.userId);

  /** Anna and Max both administer Praxis Sonnenschein (both can sign in). */
  beforeEach(async () => {
    for (const userId of [DEMO_USERS.anna, DEMO_USERS.max]) {
      await t.app.db
        .insert(institutionUserRoles)
        .values({ userId, institutionId: SONNENSCHEIN, role: 'INSTITUTION_ADMIN' })
        .onConflictDoUpdate({
          target: [institutionUserRoles.userId, institutionUserRoles.institutionId],
          set: { role: 'INSTITUTION_ADMIN' },
        });
      t.app.principals.invalidate(userId);
    }
  });

  const rounds = 10;

  it('two admins removing each other at once leave one admin: one 204, the other refused', async () => {
    for (let round = 0; round < rounds; round += 1) {
      const answers = await Promise.all([
        call('DELETE', userUrl(DEMO_USERS.max), 'anna'),
        call('DELETE', userUrl(DEMO_USERS.anna), 'max'),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      // The one who lost is no admin any more (404: no longer a member) or would remove the last
      // one (409), depending on which request the database let through first.
      expect(codes[0]).toBe(204);
      expect([404, 409]).toContain(codes[1]);
      expect(await admins()).toHaveLength(1);
      // Both back as admins for the next round.
      for (const userId of [DEMO_USERS.anna, DEMO_USERS.max]) {
        await t.app.db
          .insert(institutionUserRoles)
          .values({ userId, institutionId: SONNENSCHEIN, role: 'INSTITUTION_ADMIN' })
          .onConflictDoUpdate({
            target: [institutionUserRoles.userId, institutionUserRoles.institutionId],
            set: { role: 'INSTITUTION_ADMIN' },
          });
        t.app.principals.invalidate(userId);
      }
    }
  });

  it('two admins demoting each other (or one stepping down while the other is removed) leave one admin', async () => {
    const member = { role: 'INSTITUTION_MEMBER' };
    const pairs = [
      () => [
        call('PUT', userUrl(DEMO_USERS.max), 'anna', member),
        call('PUT', userUrl(DEMO_USERS.anna), 'max', member),
      ],
      () => [
        call('PUT', userUrl(DEMO_USERS.anna), 'anna', member),
        call('DELETE', userUrl(DEMO_USERS.anna), 'max'),
        call('PUT', userUrl(DEMO_USERS.max), 'max', member),
      ],
    ];
    for (let round = 0; round < rounds; round += 1) {
      for (const pair of pairs) {
        await Promise.all(pair());
        expect(await admins()).toHaveLength(1);
        for (const userId of [DEMO_USERS.anna, DEMO_USERS.max]) {
          await t.app.db
            .insert(institutionUserRoles)
            .values({ userId, institutionId: SONNENSCHEIN, role: 'INSTITUTION_ADMIN' })
            .onConflictDoUpdate({
              target: [institutionUserRoles.userId, institutionUserRoles.institutionId],
              set: { role: 'INSTITUTION_ADMIN' },
            });
          t.app.principals.invalidate(userId);
        }
      }
    }
  });

  describe('institution data (PUT /institution/:id with version)', () => {
    const url = `/api/institution/${SONNENSCHEIN}`;
    const data = { name: 'Praxis Sonnenschein', postalcode: '20095', city: 'Hamburg' };
    const stored = async () =>
      (await t.app.db.select().from(institutions).where(eq(institutions.id, SONNENSCHEIN)))[0]!;

    it('refuses a save on a version another admin has saved over (409), changing nothing', async () => {
      // Anna and Max open the page: the same version.
      const loadedByAnna = (await call('GET', url, 'anna')).json();
      const loadedByMax = (await call('GET', url, 'max')).json();
      expect(loadedByMax.version).toBe(loadedByAnna.version);

      const byMax = await call('PUT', url, 'max', {
        ...data,
        street: 'Jungfernstieg 1',
        version: loadedByMax.version,
      });
      expect(byMax.statusCode).toBe(200);
      expect(byMax.json().version).toBe(loadedByAnna.version + 1);

      const byAnna = await call('PUT', url, 'anna', {
        ...data,
        street: 'Mönckebergstraße 9',
        version: loadedByAnna.version,
      });
      expect(byAnna.statusCode).toBe(409);
      expect(byAnna.headers['content-type']).toMatch(/problem\+json/);
      expect(byAnna.json().detail).toBe(messages.institutionChanged);
      expect(await stored()).toMatchObject({
        street: 'Jungfernstieg 1',
        version: loadedByAnna.version + 1,
      });
      // The GET answers the new data and version at once (nothing stale kept in memory).
      expect((await call('GET', url, 'anna')).json()).toMatchObject({
        street: 'Jungfernstieg 1',
        version: loadedByAnna.version + 1,
      });

      // On the version she now has, her save goes through.
      const again = await call('PUT', url, 'anna', {
        ...data,
        street: 'Mönckebergstraße 9',
        version: loadedByAnna.version + 1,
      });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        street: 'Mönckebergstraße 9',
        version: loadedByAnna.version + 2,
      });
    });

    it('saves without a version as before (other clients), raising it', async () => {
      const before = (await stored()).version;
      const res = await call('PUT', url, 'anna', { ...data, street: 'Ohne Version 1' });
      expect(res.statusCode).toBe(200);
      expect(res.json().version).toBe(before + 1);
    });

    it('answers 400 for a version that is no positive whole number, 404 for a stranger, 403 for a member of another institution; nothing changes', async () => {
      const before = await stored();
      for (const version of [0, -1, 1.5, '3', null]) {
        const res = await call('PUT', url, 'anna', { ...data, street: 'Falsch 1', version });
        expect(res.statusCode, String(version)).toBe(400);
      }
      const changed = { ...data, street: 'Fremd 1', version: before.version };
      expect((await call('PUT', url, 'tom', changed)).statusCode).toBe(404);
      expect((await call('PUT', `/api/institution/${MUELLER}`, 'anna', changed)).statusCode).toBe(
        403,
      );
      expect(await stored()).toEqual(before);
    });

    it('of parallel saves on one version exactly one wins; the others get 409 and change nothing', async () => {
      const { version } = await stored();
      const streets = Array.from({ length: 8 }, (_, index) => `Parallelweg ${index + 1}`);
      const answers = await Promise.all(
        streets.map((street, index) =>
          call('PUT', url, index % 2 ? 'anna' : 'max', { ...data, street, version }),
        ),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(streets.length - 1);
      const winner = streets[codes.indexOf(200)];
      expect(await stored()).toMatchObject({ street: winner, version: version + 1 });
    });
  });

  describe('invitations', () => {
    const invite = async (institutionId: string, user: 'anna' | 'max' | 'tom', email: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/institution/${institutionId}/user`,
        headers: bearer(await demoToken(t, user)),
        payload: {
          email,
          firstName: 'Paula',
          lastName: 'Parallel',
          formOfAddress: null,
          title: null,
          role: 'INSTITUTION_MEMBER',
        },
      });
    const accounts = async (email: string) =>
      (await t.app.db.select().from(users)).filter((row) => row.email === email);

    it('the same new address invited twice at once into one institution: one 201, one 409, one account', async () => {
      for (let round = 0; round < rounds; round += 1) {
        const email = `doppelt-${round}@example.org`;
        const answers = await Promise.all([
          invite(SONNENSCHEIN, 'anna', email),
          invite(SONNENSCHEIN, 'max', email),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
        expect(await accounts(email)).toHaveLength(1);
      }
    });

    it('an invitee removed from their only institution while another invites them: the new membership and the account stay', async () => {
      for (let round = 0; round < rounds; round += 1) {
        const email = `wechsel-${round}@example.org`;
        const first = await invite(SONNENSCHEIN, 'anna', email);
        expect(first.statusCode).toBe(201);
        const inviteeId = first.json().id;
        const [removed, invited] = await Promise.all([
          call('DELETE', userUrl(inviteeId), 'anna'),
          invite(NORD, 'tom', email),
        ]);
        expect(removed.statusCode).toBe(204);
        expect(invited.statusCode).toBe(201);
        const [account] = await accounts(email);
        expect(account?.id).toBe(invited.json().id);
        const roles = await t.app.db
          .select()
          .from(institutionUserRoles)
          .where(eq(institutionUserRoles.userId, account!.id));
        expect(roles.map((role) => role.institutionId)).toEqual([NORD]);
      }
    });

    it('the same new address invited at once into two institutions joins both (201, 201), one account', async () => {
      for (let round = 0; round < rounds; round += 1) {
        const email = `zwei-praxen-${round}@example.org`;
        const answers = await Promise.all([
          invite(SONNENSCHEIN, 'anna', email),
          invite(NORD, 'tom', email),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
        const [account] = await accounts(email);
        expect(answers.map((answer) => answer.json().id)).toEqual([account!.id, account!.id]);
        const roles = await t.app.db
          .select()
          .from(institutionUserRoles)
          .where(eq(institutionUserRoles.userId, account!.id));
        expect(roles.map((role) => role.institutionId).sort()).toEqual([SONNENSCHEIN, NORD].sort());
      }
    });
  });
});
