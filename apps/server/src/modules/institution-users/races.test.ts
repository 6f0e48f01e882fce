import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { institutionUserRoles } from '../../db/schema';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;

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
    method: 'PUT' | 'DELETE',
    url: string,
    user: 'anna' | 'max',
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
});
