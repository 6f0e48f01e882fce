import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { rateLimitHits } from '../db/schema';

export interface Hit {
  /** Requests in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Shared counts are written this often (PostgreSQL), in batches of {@link FLUSH_CHUNK_KEYS} keys. */
export const FLUSH_INTERVAL_MS = 1000;
/**
 * Shared counts are deleted this long after their window started, so the longest window allowed.
 * Short, because every flush's statement works on the table: with 2 000 signed-in users, each
 * minute adds 2 000 rows, and a flush cost PostgreSQL 8-12 ms with an hour of them kept, 5-7 ms
 * with a few minutes.
 */
export const KEEP_WINDOWS_MS = 5 * 60 * 1000;
/**
 * A flush writes at most this many keys a statement: 2 000 keys in one statement stalled the
 * event loop for 3-7 ms (building the arrays, then reading the answer).
 */
export const FLUSH_CHUNK_KEYS = 500;
/** Every this many flushes, the shared counts of ended windows are deleted. */
const DELETE_EVERY_FLUSHES = 30;

interface Counter {
  /** The key counted (its shared row is `key|window`). */
  key: string;
  /** Start of the window (ms since epoch, aligned to its length). */
  window: number;
  length: number;
  /** Hits here not yet written. */
  local: number;
  /** Hits here being written right now. */
  inflight: number;
  /** Every process's hits as of the last write. */
  known: number;
}

/**
 * Fixed-window request counters without a database write per request: counted in memory;
 * with `shared` (several processes on one PostgreSQL) the local counts are added to
 * `rate_limit_hits` in batched statements every {@link FLUSH_INTERVAL_MS}, which answer the
 * totals other processes added to, so the processes share one limit (a burst may pass the limit by what
 * the others counted in the last second). Windows are aligned to the clock (a minute starts at
 * :00), so every process counts the same window.
 *
 * Each key's current window is found by the key alone (a lookup by a string of key and window
 * built on every request cost a fifth of the limiter's time); a window that ended with counts
 * not yet written waits in a list of its own until the next flush.
 */
export class RateLimitCounters {
  /** Each key's current window. */
  readonly #counters = new Map<string, Counter>();
  /** Ended windows whose counts are not written yet (shared only). */
  readonly #ended = new Set<Counter>();
  #flushing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #flushes = 0;

  constructor(private readonly shared?: Db) {}

  start() {
    this.#timer ??= setInterval(() => {
      this.sweep();
      if (this.shared) void this.flush().catch(() => undefined);
    }, FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  async stop() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    if (this.shared) await this.flush().catch(() => undefined);
  }

  /**
   * Counts one hit for `key` in a window of `length` ms. Should the clock step back into an
   * earlier window, the hit counts in the key's current one.
   */
  hit(key: string, length: number, now = Date.now()): Hit {
    if (length > KEEP_WINDOWS_MS)
      throw new RangeError(`rate-limit window over ${KEEP_WINDOWS_MS} ms`);
    const window = Math.floor(now / length) * length;
    let counter = this.#counters.get(key);
    if (!counter || counter.length !== length || counter.window < window) {
      if (counter && !isWritten(counter, this.shared)) this.#ended.add(counter);
      counter = { key, window, length, local: 0, inflight: 0, known: 0 };
      this.#counters.set(key, counter);
    }
    counter.local += 1;
    return {
      current: counter.known + counter.inflight + counter.local,
      ttl: counter.window + counter.length - now,
    };
  }

  /** Forgets windows that have ended. */
  sweep(now = Date.now()) {
    for (const [key, counter] of this.#counters) {
      if (counter.window + counter.length > now) continue;
      this.#counters.delete(key);
      if (!isWritten(counter, this.shared)) this.#ended.add(counter);
    }
    for (const counter of this.#ended) {
      if (isWritten(counter, this.shared)) this.#ended.delete(counter);
    }
  }

  /** Adds the local counts to the shared table and learns every process's totals. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #flush() {
    const db = this.shared;
    if (!db) return;
    const batch = [...this.#counters.values(), ...this.#ended].filter(
      (counter) => counter.local > 0,
    );
    if (batch.length === 0) return;
    for (const counter of batch) {
      counter.inflight = counter.local;
      counter.local = 0;
    }
    // In statements of at most FLUSH_CHUNK_KEYS keys, one after the other: the event loop serves
    // requests between them instead of stalling for all keys at once.
    for (let start = 0; start < batch.length; start += FLUSH_CHUNK_KEYS) {
      try {
        await writeCounts(db, batch.slice(start, start + FLUSH_CHUNK_KEYS));
      } catch (error) {
        // This statement's counts and those not sent yet are written with the next flush.
        for (const counter of batch.slice(start)) {
          counter.local += counter.inflight;
          counter.inflight = 0;
        }
        throw error;
      }
    }
    this.#flushes += 1;
    if (this.#flushes % DELETE_EVERY_FLUSHES === 0) await deleteFinishedWindows(db);
  }

  get size() {
    return this.#counters.size + this.#ended.size;
  }
}

/**
 * Adds the counters' in-flight hits to the shared table and learns each key's total. The
 * statement takes four arrays (keys, windows, counts, and the totals expected if no other
 * process counted the key), not placeholders a key: with 2 000 signed-in users a statement built
 * key by key cost the event loop about 24 ms of CPU every second. It answers only the keys whose
 * total differs from the expected one (another process counted them too), so a process alone
 * parses no rows at all.
 */
async function writeCounts(db: Db, counters: readonly Counter[]): Promise<void> {
  const rows = await queryRows<{ key: string; count: number }>(
    db,
    sql`
    with given as (
      select key || '|' || window_ms as id, window_ms, count, expected
      from unnest(
        ${sql.param(counters.map((counter) => counter.key))}::text[],
        ${sql.param(counters.map((counter) => counter.window))}::bigint[],
        ${sql.param(counters.map((counter) => counter.inflight))}::integer[],
        ${sql.param(counters.map((counter) => counter.known + counter.inflight))}::integer[]
      ) as t(key, window_ms, count, expected)
    ), written as (
      insert into ${rateLimitHits} (key, window_start, count)
      select id, to_timestamp(window_ms / 1000.0), count from given
      on conflict (key) do update set count = ${rateLimitHits}.count + excluded.count
      returning key, count
    )
    select written.key, written.count
    from written join given on given.id = written.key
    where written.count <> given.expected`,
  );
  // The row key as the statement makes it, looked up only when another process counted at all.
  const totals = new Map(rows.map((row) => [row.key, row.count]));
  for (const counter of counters) {
    const total = totals.size > 0 ? totals.get(`${counter.key}|${counter.window}`) : undefined;
    counter.known = total ?? counter.known + counter.inflight;
    counter.inflight = 0;
  }
}

/** Whether a counter's hits are all written (always, unless shared). */
const isWritten = (counter: Counter, shared: Db | undefined) =>
  !shared || (counter.local === 0 && counter.inflight === 0);

/** Deletes the shared counts of windows that started {@link KEEP_WINDOWS_MS} ago or earlier. */
export async function deleteFinishedWindows(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, new Date(now - KEEP_WINDOWS_MS)));
}

/** A store for @fastify/rate-limit over {@link RateLimitCounters}. */
export function rateLimitStore(counters: RateLimitCounters): FastifyRateLimitStoreCtor {
  class CountersStore implements FastifyRateLimitStore {
    readonly #prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.#prefix = prefix;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: Hit) => void,
      timeWindow: number,
    ): void {
      callback(null, counters.hit(this.#prefix + key, Math.max(1000, Math.trunc(timeWindow))));
    }

    /** A route with a limit of its own counts apart from the global one. */
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // At run time the plugin passes its merged parameters, the route under `routeInfo`.
      const route =
        (options as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new CountersStore(
        undefined,
        `${this.#prefix}${String(route.method ?? '')} ${String(route.url ?? '')}|`,
      );
    }
  }
  return CountersStore as unknown as FastifyRateLimitStoreCtor;
}
