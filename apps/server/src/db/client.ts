import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import { createPglite } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the server uses, whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` while holding a cluster-wide advisory lock on one dedicated connection, so that
   * several server processes starting together on one PostgreSQL migrate and seed one after
   * another. PGlite belongs to one process and needs no lock.
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string | undefined;
  /** PGlite data folder; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string | undefined;
}

/** Arbitrary constant key for the advisory lock that serialises migrations and seeding. */
export const SCHEMA_LOCK_KEY = 740_212_026;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
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
    return { db, kind: 'postgres', withLock, close: () => pool.end() };
  }
  let dataDir = options.dataDir;
  if (dataDir && !dataDir.startsWith('memory://')) {
    dataDir = path.join(dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  const client = await createPglite(dataDir ?? 'memory://');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', withLock: (_key, work) => work(), close: () => client.close() };
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
