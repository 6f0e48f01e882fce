import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { accountTokens } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed/demo-ids';
import { type AccountTokenKind, HOUR_MS, sweepAccountTokens } from './tokens';

/** What stays of the single-use links once they can no longer be used (storage limitation). */
describe('account token sweep', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    DATA_DIR: 'memory://',
  });

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    drop = opened.drop;
    // Migrated and seeded once.
    await (await buildApp(config, { database })).close();
  }, 60_000);
  afterAll(async () => {
    await drop();
  });

  const now = Date.now();
  const hoursAgo = (hours: number) => new Date(now - hours * HOUR_MS);

  /** A token row of Max with the given state; answers its id. */
  async function token(
    kind: AccountTokenKind,
    state: { expiresAt: Date; usedAt?: Date; newEmail?: string },
  ): Promise<string> {
    const [row] = await database.db
      .insert(accountTokens)
      .values({
        userId: DEMO_USERS.max,
        kind,
        tokenHash: randomUUID(),
        expiresAt: state.expiresAt,
        usedAt: state.usedAt ?? null,
        newEmail: state.newEmail ?? null,
      })
      .returning({ id: accountTokens.id });
    return row!.id;
  }

  const find = async (id: string) =>
    (await database.db.select().from(accountTokens).where(eq(accountTokens.id, id)))[0];

  it("forgets an e-mail change's new address once its link was opened, replaced or expired, and keeps the waiting one", async () => {
    const waiting = await token('EMAIL_CHANGE', {
      expiresAt: hoursAgo(-20),
      newEmail: 'max.neu@praxis-sonnenschein.de',
    });
    const expired = await token('EMAIL_CHANGE', {
      expiresAt: hoursAgo(1),
      newEmail: 'max.vertippt@praxis-sonnenschien.de',
    });
    const opened = await token('EMAIL_CHANGE', {
      expiresAt: hoursAgo(-23),
      usedAt: hoursAgo(0.5),
      newEmail: 'max.weiss@praxis-sonnenschein.de',
    });

    await sweepAccountTokens(database.db, new Date(now));

    expect((await find(waiting))?.newEmail).toBe('max.neu@praxis-sonnenschein.de');
    // The rows stay: their link's page still says that it no longer works.
    expect(await find(expired)).toMatchObject({ kind: 'EMAIL_CHANGE', newEmail: null });
    expect(await find(opened)).toMatchObject({ kind: 'EMAIL_CHANGE', newEmail: null });
  });

  it('deletes confirmed passwords and identification transactions a day after they ended; keeps invitation and reset links, whose pages say what to do next', async () => {
    const confirmationOld = await token('PASSWORD_CONFIRMATION', { expiresAt: hoursAgo(25) });
    const confirmationRecent = await token('PASSWORD_CONFIRMATION', { expiresAt: hoursAgo(2) });
    const identificationUsed = await token('IDENTIFICATION', {
      expiresAt: hoursAgo(-1),
      usedAt: hoursAgo(30),
    });
    const identificationOpen = await token('IDENTIFICATION', { expiresAt: hoursAgo(-1) });
    const invitationExpired = await token('INVITATION', { expiresAt: hoursAgo(24 * 40) });
    const resetUsed = await token('PASSWORD_RESET', {
      expiresAt: hoursAgo(24 * 40),
      usedAt: hoursAgo(24 * 40),
    });

    await sweepAccountTokens(database.db, new Date(now));

    expect(await find(confirmationOld)).toBeUndefined();
    expect(await find(identificationUsed)).toBeUndefined();
    expect(await find(confirmationRecent)).toBeDefined();
    expect(await find(identificationOpen)).toBeDefined();
    expect(await find(invitationExpired)).toBeDefined();
    expect(await find(resetUsed)).toBeDefined();
  });

  it('runs when the server starts', async () => {
    const expired = await token('EMAIL_CHANGE', {
      expiresAt: hoursAgo(3),
      newEmail: 'max.privat@example.org',
    });
    const app = await buildApp(config, { database });
    await app.ready();
    await app.close();
    expect(await find(expired)).toMatchObject({ newEmail: null });
  }, 60_000);
});
