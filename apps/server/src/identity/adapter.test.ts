import { and, eq } from 'drizzle-orm';
import { errors } from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { migrateDatabase } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { createAdapter } from './adapter';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateDatabase(database.database);
});
afterAll(() => database.drop());

const rowsOfGrant = async (grantId: string) =>
  database.database.db
    .select({ id: oidcPayloads.id, type: oidcPayloads.type })
    .from(oidcPayloads)
    .where(eq(oidcPayloads.grantId, grantId));

describe('the provider storage: single-use tokens', () => {
  it('of two consumptions of one token at the same moment, one goes on and the other ends the grant', async () => {
    const Adapter = createAdapter(database.database.db);
    const refreshTokens = new Adapter('RefreshToken');
    const accessTokens = new Adapter('AccessToken');
    const grants = new Adapter('Grant');
    const grantId = `grant-${crypto.randomUUID()}`;
    await grants.upsert(grantId, { jti: grantId, kind: 'Grant' }, 3600);
    await refreshTokens.upsert('rt-1', { jti: 'rt-1', grantId, kind: 'RefreshToken' }, 3600);
    await accessTokens.upsert('at-1', { jti: 'at-1', grantId, kind: 'AccessToken' }, 3600);

    // Both read it unused (as two token requests do before either consumes it).
    expect((await refreshTokens.find('rt-1'))?.consumed).toBeUndefined();
    expect((await refreshTokens.find('rt-1'))?.consumed).toBeUndefined();
    const outcomes = await Promise.allSettled([
      refreshTokens.consume('rt-1'),
      refreshTokens.consume('rt-1'),
    ]);

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(errors.InvalidGrant);
    // The grant and everything issued under it are gone.
    expect(await rowsOfGrant(grantId)).toEqual([]);
    expect(await grants.find(grantId)).toBeUndefined();
  });

  it('a token consumed once reads as consumed, and a second consumption is refused', async () => {
    const Adapter = createAdapter(database.database.db);
    const codes = new Adapter('AuthorizationCode');
    const grantId = `grant-${crypto.randomUUID()}`;
    await codes.upsert('code-1', { jti: 'code-1', grantId, kind: 'AuthorizationCode' }, 60);
    await codes.consume('code-1');
    expect((await codes.find('code-1'))?.consumed).toEqual(expect.any(Number));
    await expect(codes.consume('code-1')).rejects.toBeInstanceOf(errors.InvalidGrant);
    const [row] = await database.database.db
      .select()
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.id, 'code-1'), eq(oidcPayloads.type, 'AuthorizationCode')));
    expect(row).toBeUndefined();
  });
});
