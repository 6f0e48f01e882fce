import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { lockDataFolder } from './data-folder-lock';
import { createPglite } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the server uses, whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The rows of a raw statement (`db.execute`), typed: node-postgres and PGlite both answer it
 * with `{ rows }`, which Drizzle's type for either driver leaves unknown.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while holding a cluster-wide advisory lock on one dedicated connection, so that
   * several server processes starting together on one PostgreSQL migrate and seed one after
   * another. PGlite belongs to one process and needs no lock.
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` only if no other session holds the advisory lock `key` (PostgreSQL's
   * `pg_try_advisory_lock` on one dedicated connection, released afterwards): resolves to its
   * result, or to `undefined` without running it while another process is at the same work.
   * PGlite belongs to one process: `work` always runs (PGlite has the function, but its one
   * session would always get the lock).
   */
  tryWithLock<T>(key: number, work: () => Promise<T>): Promise<{ value: T } | undefined>;
  /**
   * Listens to `NOTIFY channel` (PGlite: in process; PostgreSQL: on a dedicated connection,
   * from every process). `onLost` is called when notifications may have been missed (the
   * connection dropped; it reconnects and calls `onReady` again). Resolves to a stop function.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /**
   * Called with an error of a pooled PostgreSQL connection while it waited unused (the server
   * restarted, an administrator ended it, the network dropped it). Such a connection is
   * discarded and the next query opens a new one; the server logs it (app.ts). Without a
   * listener node-postgres would throw the error at the process, ending the portal.
   */
  onIdleError: (error: Error) => void;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** Listening (again): from now on every change is notified. */
  onReady?(): void;
  /** Notifications may be missed until the next `onReady`. */
  onLost?(): void;
}

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

/**
 * How often the listening connection proves it is alive, and how long an answer may take. A
 * connection dropped without a word (a NAT or firewall forgetting it, a network partition)
 * reports no error and no end: notifications would just stop while the caches went on serving.
 * Each beat is a statement on the listening connection itself; no answer in time counts as lost,
 * so such a silence is noticed within the two (10 s by default) and nothing is served from memory
 * until the connection is back.
 */
export const LISTEN_HEARTBEAT = { intervalMs: 5_000, timeoutMs: 5_000 };

/** LISTEN on its own PostgreSQL connection, reconnecting after a failure or a silence. */
export function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  heartbeat = LISTEN_HEARTBEAT,
) {
  if (!CHANNEL.test(channel)) throw new Error(`invalid channel ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let beat: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    // Every statement (the LISTEN, each beat) and the connecting itself give up after the
    // timeout, so a silent server cannot hold the reconnecting loop either; TCP keep-alive too.
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: heartbeat.timeoutMs,
      query_timeout: heartbeat.timeoutMs,
    });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      if (beat) clearInterval(beat);
      beat = undefined;
      handlers.onLost?.();
      // A silent connection would not answer the goodbye either: its socket is closed at once.
      (
        next as unknown as { connection?: { stream?: { destroy(): void } } }
      ).connection?.stream?.destroy();
      next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      handlers.onReady?.();
    } catch (error) {
      lost();
      throw error;
    }
    let isBeating = false;
    beat = setInterval(() => {
      if (isBeating) return;
      isBeating = true;
      next
        .query('select 1')
        .catch(() => lost())
        .finally(() => {
          isBeating = false;
        });
    }, heartbeat.intervalMs);
    beat.unref();
  };
  return connect()
    .catch(() => undefined)
    .then(() => async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (beat) clearInterval(beat);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    });
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
}

/** Arbitrary constant key for the advisory lock that serialises migrations and seeding. */
export const SCHEMA_LOCK_KEY = 740_212_026;
/** Advisory lock key of the documents' start-up sweep (one process sweeps at a time). */
export const DOCUMENT_SWEEP_LOCK_KEY = 740_212_027;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // An unused connection that fails (PostgreSQL restarted, pg_terminate_backend, a dropped
    // network) emits 'error' on the pool; unheard, that ended the process.
    pool.on('error', (error) => database.onIdleError(error));
    const withLock = async <T>(key: number, work: () => Promise<T>): Promise<T> => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [key]);
        try {
          return await work();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    };
    const tryWithLock = async <T>(
      key: number,
      work: () => Promise<T>,
    ): Promise<{ value: T } | undefined> => {
      const connection = await pool.connect();
      try {
        const { rows } = await connection.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key],
        );
        if (!rows[0]?.locked) return undefined;
        try {
          return { value: await work() };
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    };
    const url = options.url;
    const database: Database = {
      db,
      kind: 'postgres',
      withLock,
      tryWithLock,
      listen: (channel, handlers) => listenPostgres(url, channel, handlers),
      onIdleError: () => undefined,
      close: () => pool.end(),
    };
    return database;
  }
  let dataDir = options.dataDir;
  let unlock: () => Promise<void> = async () => {};
  if (dataDir && !dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    unlock = await lockDataFolder(path.join(dataDir, 'pglite.lock'));
    dataDir = path.join(dataDir, 'pglite');
  }
  let client: Awaited<ReturnType<typeof createPglite>>;
  try {
    if (dataDir && !dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
    client = await createPglite(dataDir ?? 'memory://');
  } catch (error) {
    await unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    withLock: (_key, work) => work(),
    tryWithLock: async (_key, work) => ({ value: await work() }),
    // One process, one session: notifications arrive with the statement that caused them.
    async listen(channel, handlers) {
      if (!CHANNEL.test(channel)) throw new Error(`invalid channel ${channel}`);
      const stop = await client.listen(channel, handlers.onNotify);
      handlers.onReady?.();
      return () => stop();
    },
    onIdleError: () => undefined,
    async close() {
      await client.close();
      await unlock();
    },
  };
}

/** Applies the drizzle-kit migrations; the same files run on PGlite and PostgreSQL. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own type
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own type
    await migratePg(database.db as any, { migrationsFolder });
  }
}
