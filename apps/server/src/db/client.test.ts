import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/test-app';
import { type Database, openDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('the PostgreSQL pool', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let database: Database;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'portal_pool');
    database = await openDatabase({ url: scratch.url });
  });
  afterAll(async () => {
    await database.close();
    await scratch.drop();
  });

  it('survives its unused connections being ended (a PostgreSQL restart) and reconnects', async () => {
    const errors: Error[] = [];
    database.onIdleError = (error) => errors.push(error);
    // Two connections in the pool, both idle afterwards.
    await Promise.all([
      database.db.execute('select pg_sleep(0.05)'),
      database.db.execute('select 1'),
    ]);
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    try {
      // What a restart does to every backend: "terminating connection due to administrator
      // command" (57P01) on each idle connection. Unheard, node-postgres threw it at the process.
      const database_name = new URL(scratch.url).pathname.slice(1);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database_name],
      );
    } finally {
      await admin.end();
    }
    const deadline = Date.now() + 5_000;
    while (errors.length < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(errors.map((error) => (error as { code?: string }).code)).toEqual(['57P01', '57P01']);
    const { rows } = (await database.db.execute('select 1 as one')) as unknown as {
      rows: { one: number }[];
    };
    expect(rows).toEqual([{ one: 1 }]);
  });
});
