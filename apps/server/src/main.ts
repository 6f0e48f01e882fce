import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { DataFolderInUseError } from './db/data-folder-lock';
import { isDatabaseUnavailable } from './plugins/errors';
import { databaseName, dataFolderProblem, reasonOf } from './start-failures';

/**
 * How long a stop (SIGTERM, SIGINT) waits for requests in flight (an upload on a slow line may
 * take minutes) before it closes their connections; then the database is closed and the
 * process ends. Below the 10 s after which `docker stop` kills.
 */
export const SHUTDOWN_GRACE_MS = 8_000;
/** How long the rest of a stop (closing the database) may take once connections are closed. */
const STOP_MS = 5_000;
/** How long a start waits for an unreachable PostgreSQL (starting alongside, restarting). */
export const DATABASE_WAIT_MS = 30_000;

/** Exit codes: 78 a wrong setting (EX_CONFIG), 1 any other failure to start or to stop. */
const EXIT_CONFIG = 78;

const fail = (message: string, code = 1): never => {
  console.error(`[portal] ${message}`);
  process.exit(code);
};

/**
 * What PostgreSQL (or PGlite) said when it refused a statement, with the statement (Drizzle
 * wraps the driver's error: `Failed query: …`, its values left out), or undefined for anything
 * else. A SQLSTATE (`42501`, `42P07`) marks the database's own refusal.
 */
const statementRefusal = (error: unknown): string | undefined => {
  let statement: string | undefined;
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, query, message, cause } = current as {
      code?: unknown;
      query?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof query === 'string') statement ??= query.replace(/\s+/g, ' ').slice(0, 200);
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string') {
      return `${message} (SQLSTATE ${code}${statement ? `; statement: ${statement}` : ''})`;
    }
    current = cause;
  }
  return undefined;
};

/** Opens the database; PostgreSQL that cannot be reached yet is tried again for a while. */
async function open(config: Config): Promise<Database> {
  const started = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
    if (database.kind === 'pglite') return database;
    try {
      await database.db.execute('select 1');
      return database;
    } catch (error) {
      await database.close().catch(() => undefined);
      const where = databaseName(config.databaseUrl ?? '');
      const reason = reasonOf(error);
      if (!isDatabaseUnavailable(error) || Date.now() - started > DATABASE_WAIT_MS) {
        fail(`Cannot use the database at ${where} (DATABASE_URL): ${reason}`);
      }
      console.error(
        `[portal] The database at ${where} (DATABASE_URL) cannot be reached (${reason}); trying again (attempt ${attempt}).`,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 500 * attempt)));
    }
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, EXIT_CONFIG);
    throw error;
  }
  let database: Database;
  try {
    database = await open(config);
  } catch (error) {
    if (error instanceof DataFolderInUseError) return fail(error.message);
    const problem = config.databaseUrl ? undefined : dataFolderProblem(error);
    if (problem) {
      return fail(`The data folder ${config.dataDir} (DATA_DIR) cannot be used: ${problem}`);
    }
    throw error;
  }
  const app = await buildApp(config, { database }).catch(async (error) => {
    await database.close().catch(() => undefined);
    // The database refused the migrations or the demo data (no right to create a schema or an
    // extension, a database of another application with tables of the same names).
    const refusal = statementRefusal(error);
    if (refusal) {
      const where = config.databaseUrl
        ? `at ${databaseName(config.databaseUrl)} (DATABASE_URL)`
        : `in ${config.dataDir} (DATA_DIR)`;
      return fail(`The database ${where} cannot be prepared: ${refusal}`);
    }
    throw error;
  });

  let stopping: Promise<void> | undefined;
  let forced = false;
  const force = (reason: string) => {
    if (forced) return;
    forced = true;
    app.log.warn(`${reason}: closing the connections of requests still in flight`);
    app.server.closeAllConnections();
    setTimeout(() => {
      app.log.error(`not stopped ${STOP_MS} ms after closing the connections: exiting`);
      process.exit(1);
    }, STOP_MS).unref();
  };
  const stop = (signal: string) => {
    if (stopping) {
      force(`${signal} again`);
      return;
    }
    app.log.info({ signal }, 'shutting down: no new requests, waiting for those in flight');
    const grace = setTimeout(
      () => force(`still busy after ${SHUTDOWN_GRACE_MS} ms`),
      SHUTDOWN_GRACE_MS,
    );
    stopping = (async () => {
      let code = 0;
      try {
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'shutting down failed');
        code = 1;
      }
      clearTimeout(grace);
      try {
        await database.close();
      } catch (error) {
        app.log.error({ err: error }, 'closing the database failed');
        code = 1;
      }
      app.log.info('stopped');
      process.exit(code);
    })();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    const code = (error as { code?: string }).code;
    if (code === 'EADDRINUSE') {
      fail(
        `Port ${config.port} on ${config.host} (PORT, HOST) is already in use by another program.`,
      );
    }
    // HOST is a name that does not resolve (a typo, a container name not yet known).
    if (
      code === 'EACCES' ||
      code === 'EADDRNOTAVAIL' ||
      code === 'ENOTFOUND' ||
      code === 'EAI_AGAIN'
    ) {
      fail(
        `Cannot listen on ${config.host}:${config.port} (HOST, PORT): ${(error as Error).message}`,
      );
    }
    throw error;
  }
  app.log.info(`Portal ready at ${config.publicUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
