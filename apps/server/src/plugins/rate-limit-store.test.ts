import { like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import { type Database, migrateDatabase, queryRows } from '../db/client';
import { rateLimitHits } from '../db/schema';
import {
  deleteFinishedWindows,
  KEEP_WINDOWS_MS,
  RateLimitCounters,
  rateLimitStore,
} from './rate-limit-store';

const MINUTE = 60_000;

describe('rate limit counters', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await migrateDatabase(database);
  });
  afterAll(() => drop());

  it('count in memory, in windows aligned to the clock', () => {
    const counters = new RateLimitCounters();
    const start = 1_700_000_040_000; // hh:mm:00
    expect(counters.hit('a', MINUTE, start + 1_000)).toEqual({ current: 1, ttl: 59_000 });
    expect(counters.hit('a', MINUTE, start + 2_000).current).toBe(2);
    expect(counters.hit('b', MINUTE, start + 2_000).current).toBe(1);
    // The next minute starts over.
    expect(counters.hit('a', MINUTE, start + MINUTE).current).toBe(1);
    counters.sweep(start + 2 * MINUTE + 1);
    expect(counters.size).toBe(0);
  });

  it('write nothing per request; shared counts are flushed in one batch', async () => {
    // One fixed moment: the test must not straddle a minute boundary.
    const now = Math.floor(Date.now() / MINUTE) * MINUTE + 30_000;
    const first = new RateLimitCounters(database.db);
    const second = new RateLimitCounters(database.db);
    for (let i = 0; i < 30; i += 1) first.hit(`k${i % 3}`, MINUTE, now);
    for (let i = 0; i < 5; i += 1) second.hit('k0', MINUTE, now);
    expect(await database.db.select().from(rateLimitHits)).toEqual([]);

    await first.flush();
    await second.flush();
    const rows = await database.db.select().from(rateLimitHits);
    expect(
      rows.map((row) => row.key),
      JSON.stringify(rows),
    ).toHaveLength(3);
    expect(rows.find((row) => row.key.startsWith('k0|'))?.count).toBe(15);
    // Each process learns the others' hits with its next write.
    expect(second.hit('k0', MINUTE, now).current).toBe(16);
    expect(first.hit('k0', MINUTE, now).current).toBe(11);
    await first.flush();
    expect(first.hit('k0', MINUTE, now).current).toBe(17); // 16 written + this one
  });

  it('write the counts of a window that ended before its flush, and of none twice', async () => {
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 10 * MINUTE;
    const counters = new RateLimitCounters(database.db);
    for (let i = 0; i < 3; i += 1) counters.hit('ended', MINUTE, start + 1_000);
    // The next window starts before any flush; then a sweep after both ended.
    expect(counters.hit('ended', MINUTE, start + MINUTE + 1_000).current).toBe(1);
    // A clock stepped back into the earlier window counts in the current one.
    expect(counters.hit('ended', MINUTE, start + 2_000).current).toBe(2);
    counters.sweep(start + 3 * MINUTE);
    expect(counters.size).toBe(2);
    await counters.flush();
    const counts = async () =>
      (await database.db.select().from(rateLimitHits).where(like(rateLimitHits.key, 'ended|%')))
        .map((row) => [row.windowStart.getTime() - start, row.count])
        .sort(([a], [b]) => Number(a) - Number(b));
    expect(await counts()).toEqual([
      [0, 3],
      [MINUTE, 2],
    ]);
    counters.sweep(start + 3 * MINUTE);
    expect(counters.size).toBe(0);
    await counters.flush();
    expect(await counts()).toEqual([
      [0, 3],
      [MINUTE, 2],
    ]);
  });

  it('flush thousands of keys, each with its own total', async () => {
    const now = Math.floor(Date.now() / MINUTE) * MINUTE + 30_000;
    const counters = new RateLimitCounters(database.db);
    const keys = Array.from({ length: 3_000 }, (_, index) => `many:${index}`);
    keys.forEach((key, index) => {
      for (let hit = 0; hit <= index % 4; hit += 1) counters.hit(key, MINUTE, now);
    });
    await counters.flush();
    const rows = await database.db
      .select()
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, 'many:%'));
    expect(rows).toHaveLength(3_000);
    const counts = new Map(rows.map((row) => [row.key.split('|')[0], row.count]));
    expect(keys.every((key, index) => counts.get(key) === (index % 4) + 1)).toBe(true);
    expect(rows[0]!.windowStart.getTime()).toBe(Math.floor(now / MINUTE) * MINUTE);
    // The totals come back: the next hit counts on from them.
    expect(counters.hit('many:3', MINUTE, now).current).toBe(5);
  });

  it('keep the shared counts unlogged, with room on every page for heap-only updates', async () => {
    const [table] = await queryRows<{ persistence: string; options: string[] | null }>(
      database.db,
      sql`select relpersistence as persistence, reloptions as options
          from pg_class where relname = 'rate_limit_hits' and relkind = 'r'`,
    );
    expect(table).toEqual({ persistence: 'u', options: ['fillfactor=50'] });
  });

  it('delete shared counts once their window is over by the time kept, and refuse longer windows', async () => {
    const now = Math.floor(Date.now() / MINUTE) * MINUTE + 30_000;
    const counters = new RateLimitCounters(database.db);
    counters.hit('old', MINUTE, now - KEEP_WINDOWS_MS - MINUTE);
    counters.hit('recent', MINUTE, now - KEEP_WINDOWS_MS + MINUTE);
    counters.hit('current', MINUTE, now);
    await counters.flush();
    await deleteFinishedWindows(database.db, now);
    const left = await database.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(
        or(
          like(rateLimitHits.key, 'old|%'),
          like(rateLimitHits.key, 'recent|%'),
          like(rateLimitHits.key, 'current|%'),
        ),
      );
    expect(left.map((row) => row.key.split('|')[0]).sort()).toEqual(['current', 'recent']);
    // A window longer than the time kept would lose its count before it ends.
    expect(() => counters.hit('long', KEEP_WINDOWS_MS + 1, now)).toThrow(RangeError);
    expect(counters.hit('longest', KEEP_WINDOWS_MS, now).current).toBe(1);
  });

  it('give a route with a limit of its own separate counters', () => {
    const Store = rateLimitStore(new RateLimitCounters());
    const store = new Store({} as never);
    const routeStore = store.child({ routeInfo: { method: 'POST', url: '/api/x' } } as never);
    const incr = (s: typeof store, key: string) => {
      let hit: { current: number } | undefined;
      s.incr(
        key,
        (_error: Error | null, result?: { current: number; ttl: number }) => {
          hit = result;
        },
        MINUTE,
        5,
      );
      return hit!.current;
    };
    expect(incr(store, 'e')).toBe(1);
    expect(incr(routeStore, 'e')).toBe(1);
    expect(incr(store, 'e')).toBe(2);
  });
});
