// Runs every Vitest project on the embedded database (PGlite), then, when TEST_DATABASE_URL
// names a PostgreSQL server, the server suite once more against it (TEST_POSTGRES_RUN=1: what
// does not use that database is not run twice).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const extra = process.argv.slice(2);

function run(label, args, env) {
  console.log(`\n[test] ${label}`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...args, ...extra], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The first run skips nothing: TEST_POSTGRES_RUN belongs to the second run alone (one set in
// the shell is dropped).
const { TEST_DATABASE_URL, TEST_POSTGRES_RUN: _, ...withoutPostgres } = process.env;
run('unit, component and server tests (PGlite)', [], withoutPostgres);
if (TEST_DATABASE_URL) {
  // Suites that never use TEST_DATABASE_URL ran in the first run already and skip this one
  // (apps/server/test/runs.ts, inPostgresRun).
  run('server tests against PostgreSQL', ['--project', 'server'], {
    ...process.env,
    TEST_POSTGRES_RUN: '1',
  });
}
