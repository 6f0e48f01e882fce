import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/**
 * A new, empty database on the PostgreSQL server at `serverUrl` (named `<prefix>_<uuid>`), and
 * how to drop it once its connections are closed.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 'portal_test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // pg's Pool.end() resolves before its connections have finished closing; forcing the drop
      // at once would kill them mid-close (57P01, an unhandled error in the suite). Wait for
      // them to go, and force only as a last resort.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await cleanup.query(
            `drop database if exists ${name}${attempt >= 20 ? ' with (force)' : ''}`,
          );
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await cleanup.end();
    },
  };
}

/**
 * A fresh database for one test suite: in-memory PGlite, or, when TEST_DATABASE_URL is set
 * (CI sets it), a new database on that PostgreSQL server that is dropped afterwards.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(serverUrl);
  const database = await openDatabase({ url: scratch.url });
  return {
    database,
    url: scratch.url,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Builds the whole server on a fresh database; `env` overrides configuration variables and
 * `extend` may add test-only routes before the server is made ready. Its log is off: a test
 * that meets an unexpected 500 (problem+json without a cause) is run again with
 * `TEST_LOG_LEVEL=error` (or `info` for every request), and the cause is printed.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  extend?: (app: App) => void | Promise<void>,
  options: {
    /** The database as the server sees it (e.g. with notifications held back). */
    wrapDatabase?: (database: Database) => Database;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    DATA_DIR: 'memory://',
    ...env,
  });
  const { database, drop } = await openTestDatabase();
  const app = await buildApp(config, {
    database: options.wrapDatabase ? options.wrapDatabase(database) : database,
  });
  await extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}
