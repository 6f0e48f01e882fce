import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

export interface Hit {
  /** Requests in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Windows that ended this long ago are deleted now and then; ours last a minute. */
const KEEP_FINISHED_WINDOWS = sql`interval '1 hour'`;
/** About one hit in this many also deletes finished windows. */
const CLEAN_UP_EVERY = 500;

/**
 * Counts one request for `key` in a fixed window of `timeWindow` ms, in one statement: a new
 * key or a finished window starts at 1, otherwise the count goes up. The database's clock
 * decides, so every process agrees.
 */
export async function countHit(db: Db, key: string, timeWindow: number): Promise<Hit> {
  const window = sql`make_interval(secs => ${Math.max(1, Math.trunc(timeWindow))}::integer / 1000.0)`;
  const finished = sql`${rateLimitHits.windowStart} + ${window} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${finished} then 1 else ${rateLimitHits.count} + 1 end`,
        windowStart: sql`case when ${finished} then now() else ${rateLimitHits.windowStart} end`,
      },
    })
    .returning({
      current: rateLimitHits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.windowStart} + ${window} - now())) * 1000))::integer`,
    });
  if (!row) throw new Error('rate limit: no row returned');
  return { current: row.current, ttl: Number(row.ttl) };
}

/** Deletes the counters of windows that ended long ago. */
export async function deleteFinishedWindows(db: Db): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, sql`now() - ${KEEP_FINISHED_WINDOWS}`));
}

/**
 * A store for @fastify/rate-limit that keeps the counters in the database, so that several
 * processes on one PostgreSQL share one limit per address (nothing shared lives in memory).
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: Hit) => void,
      timeWindow: number,
    ): void {
      countHit(db, this.#prefix + key, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
      if (Math.random() * CLEAN_UP_EVERY < 1) deleteFinishedWindows(db).catch(() => undefined);
    }

    /** A route with a limit of its own counts apart from the global one. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes its merged parameters, the route under `routeInfo`.
      const route =
        (options as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new DatabaseRateLimitStore(
        undefined,
        `${this.#prefix}${String(route.method ?? '')} ${String(route.url ?? '')}|`,
      );
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
