import type { FastifyInstance } from 'fastify';
import type { Database } from './client';

/**
 * Values read from the database kept in memory with exact invalidation: database triggers
 * `NOTIFY` a channel with the key that changed (or `*`), and every process LISTENs (PGlite in
 * process, PostgreSQL on a dedicated connection). Nothing is served from memory while the
 * listening connection is down, and a load that raced with a change is not kept.
 */
export class NotifiedCache<V> {
  readonly #values = new Map<string, V>();
  readonly #pending = new Map<string, Promise<V | undefined>>();
  /** Counts invalidations: a load that saw another generation is not kept. */
  #generation = 0;
  /** Only while notifications are sure to arrive. */
  #live = false;

  constructor(private readonly maxEntries = 10_000) {}

  /** The value of `key` when memory holds it (and may serve it), without loading it. */
  peek(key: string): V | undefined {
    return this.#live ? this.#values.get(key) : undefined;
  }

  /** The value of `key`, from memory when possible, else from `load` (shared by callers). */
  get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const cached = this.peek(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.#pending.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().finally(() => {
      if (this.#pending.get(key) === loading) this.#pending.delete(key);
    });
    this.#pending.set(key, loading);
    return loading.then((value) => {
      if (value !== undefined && this.#live && generation === this.#generation) {
        if (this.#values.size >= this.maxEntries) this.#values.clear();
        this.#values.set(key, value);
      }
      return value;
    });
  }

  /**
   * Like {@link get}, but a value memory holds comes back as it is, not in a promise: for route
   * handlers that are not `async`, so that a kept answer costs Fastify no promise to adopt.
   */
  current(key: string, load: () => Promise<V | undefined>): V | Promise<V | undefined> {
    const kept = this.peek(key);
    return kept !== undefined ? kept : this.get(key, load);
  }

  /** Forgets one key, or everything (`*`). */
  invalidate(key: string) {
    if (key === '*') {
      this.forget([]);
      this.#values.clear();
    } else {
      this.forget([key]);
    }
  }

  /**
   * Forgets these keys. Loads under way may have read the old state, whichever key they are
   * for: none of them is kept, nor shared, even when `keys` is empty.
   */
  forget(keys: Iterable<string>) {
    this.#generation += 1;
    this.#pending.clear();
    for (const key of keys) this.#values.delete(key);
  }

  setLive(live: boolean) {
    this.invalidate('*');
    this.#live = live;
  }

  get size() {
    return this.#values.size;
  }
}

/** What a NOTIFY-kept cache must offer: forget a key (or `*`), and whether it may serve. */
export interface InvalidatedByNotify {
  invalidate(key: string): void;
  setLive(live: boolean): void;
}

/**
 * The caches of one server process by channel, so that a route writing what another module
 * caches can forget it at once ({@link forgetCached}). Keyed by the process's database (the same
 * object in every Fastify context, unlike the encapsulated instances).
 */
const cachesByDatabase = new WeakMap<Database, Map<string, Set<InvalidatedByNotify>>>();

/**
 * Forgets `key` (or `*`) in this process's caches kept through `channel`, at once. A route that
 * writes what is cached calls it after its write: the NOTIFY of the write reaches this process
 * too, but a moment later (on PostgreSQL on the listening connection), and the writer's next
 * request, or the answer it makes from the cache, would read the old state meanwhile. Other
 * processes follow with the notification.
 */
export function forgetCached(app: FastifyInstance, channel: string, key: string) {
  for (const cache of cachesByDatabase.get(app.database)?.get(channel) ?? []) {
    cache.invalidate(key);
  }
}

/**
 * Keeps `caches` exact through NOTIFYs on `channel` for the app's lifetime: one listening
 * connection for all of them, each told every key and every change of liveness.
 */
export async function listenForInvalidation(
  app: FastifyInstance,
  channel: string,
  ...caches: InvalidatedByNotify[]
): Promise<void> {
  const channels =
    cachesByDatabase.get(app.database) ?? new Map<string, Set<InvalidatedByNotify>>();
  cachesByDatabase.set(app.database, channels);
  const registered = channels.get(channel) ?? new Set<InvalidatedByNotify>();
  channels.set(channel, registered);
  for (const cache of caches) registered.add(cache);
  const setLive = (live: boolean) => {
    for (const cache of caches) cache.setLive(live);
  };
  let hasLost = false;
  const stop = await app.database.listen(channel, {
    onNotify: (payload) => {
      for (const cache of caches) cache.invalidate(payload);
    },
    onReady: () => {
      if (hasLost) app.log.info({ channel }, 'cache notifications: listening again');
      setLive(true);
    },
    onLost: () => {
      hasLost = true;
      app.log.warn({ channel }, 'cache notifications lost: answering from the database');
      setLive(false);
    },
  });
  app.addHook('onClose', async () => {
    for (const cache of caches) registered.delete(cache);
    setLive(false);
    await stop().catch(() => undefined);
  });
}
