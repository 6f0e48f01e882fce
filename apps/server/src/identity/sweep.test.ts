import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import type { Database } from '../db/client';
import { migrateDatabase } from '../db/client';
import { oidcPayloads, signInThrottle } from '../db/schema';
import { deleteExpiredPayloads } from './adapter';
import {
  ACCOUNT_WINDOW_SECONDS,
  deleteOldSignInAttempts,
  PAIR_WINDOW_SECONDS,
} from './sign-in-throttle';

/**
 * The identity sweep (every 10 minutes): sessions, grants and tokens whose lifetime ended, and
 * sign-in attempts (typed e-mail addresses and the addresses they came from) once no limit
 * counts them any more.
 */
describe('identity sweep', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    await migrateDatabase(database);
  });
  afterAll(async () => {
    await drop();
  });

  const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);

  it("removes the provider's rows whose lifetime ended and keeps the others", async () => {
    await database.db.insert(oidcPayloads).values([
      { id: 'ended', type: 'Session', payload: { accountId: 'a' }, expiresAt: secondsAgo(1) },
      { id: 'running', type: 'Session', payload: { accountId: 'b' }, expiresAt: secondsAgo(-600) },
      { id: 'ended-grant', type: 'Grant', payload: { accountId: 'a' }, expiresAt: secondsAgo(60) },
    ]);
    await deleteExpiredPayloads(database.db);
    const left = await database.db
      .select({ id: oidcPayloads.id })
      .from(oidcPayloads)
      .where(inArray(oidcPayloads.id, ['ended', 'running', 'ended-grant']));
    expect(left.map((row) => row.id)).toEqual(['running']);
  });

  it('removes sign-in attempts once no window counts them any more', async () => {
    const past = ACCOUNT_WINDOW_SECONDS + PAIR_WINDOW_SECONDS;
    await database.db.insert(signInThrottle).values([
      {
        key: 'password:pair:vertippt@example.org:192.0.2.1',
        attempts: 3,
        windowStart: secondsAgo(past + 60),
        nextAllowedAt: secondsAgo(past + 60),
      },
      {
        key: 'password:account:anna.admin@praxis-sonnenschein.de',
        attempts: 1,
        windowStart: secondsAgo(ACCOUNT_WINDOW_SECONDS - 60),
        nextAllowedAt: secondsAgo(ACCOUNT_WINDOW_SECONDS - 60),
      },
    ]);
    await deleteOldSignInAttempts(database.db);
    const keys = (await database.db.select({ key: signInThrottle.key }).from(signInThrottle)).map(
      (row) => row.key,
    );
    expect(keys).toEqual(['password:account:anna.admin@praxis-sonnenschein.de']);
  });
});
