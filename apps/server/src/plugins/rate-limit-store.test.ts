import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { openTestDatabase } from '../test/test-app';
import { countHit, databaseRateLimitStore, deleteFinishedWindows } from './rate-limit-store';

describe('rate limit counters in the database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrateDatabase(database);
  });
  afterAll(() => drop());

  const moveWindowBack = (key: string, seconds: number) =>
    database.db
      .update(rateLimitHits)
      .set({ windowStart: sql`${rateLimitHits.windowStart} - make_interval(secs => ${seconds})` })
      .where(eq(rateLimitHits.key, key));

  it('counts hits in a window and tells how long it lasts', async () => {
    const first = await countHit(database.db, 'a', 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(55_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(database.db, 'a', 60_000)).current).toBe(2);
    expect((await countHit(database.db, 'a', 60_000)).current).toBe(3);
    expect((await countHit(database.db, 'b', 60_000)).current).toBe(1);
  });

  it('starts a new window once the old one has ended', async () => {
    await countHit(database.db, 'c', 60_000);
    await countHit(database.db, 'c', 60_000);
    await moveWindowBack('c', 45);
    const late = await countHit(database.db, 'c', 60_000);
    expect(late.current).toBe(3);
    expect(late.ttl).toBeLessThanOrEqual(15_000);
    await moveWindowBack('c', 20);
    const next = await countHit(database.db, 'c', 60_000);
    expect(next).toMatchObject({ current: 1 });
    expect(next.ttl).toBeGreaterThan(55_000);
  });

  it('counts simultaneous hits without losing one', async () => {
    await Promise.all(Array.from({ length: 20 }, () => countHit(database.db, 'd', 60_000)));
    const [row] = await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'd'));
    expect(row?.count).toBe(20);
  });

  it('deletes only windows that ended more than an hour ago', async () => {
    await countHit(database.db, 'old', 60_000);
    await countHit(database.db, 'recent', 60_000);
    await moveWindowBack('old', 3 * 3600);
    await moveWindowBack('recent', 120);
    await deleteFinishedWindows(database.db);
    const keys = (await database.db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map(
      (row) => row.key,
    );
    expect(keys).not.toContain('old');
    expect(keys).toContain('recent');
  });

  it('gives a route with a limit of its own separate counters', async () => {
    const Store = databaseRateLimitStore(database.db);
    const store = new Store({} as never);
    const routeStore = store.child({ routeInfo: { method: 'POST', url: '/api/x' } } as never);
    const incr = (s: typeof store, key: string) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        s.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), 60_000, 5),
      );
    expect((await incr(store, 'e')).current).toBe(1);
    expect((await incr(routeStore, 'e')).current).toBe(1);
    expect((await incr(store, 'e')).current).toBe(2);
  });
});
