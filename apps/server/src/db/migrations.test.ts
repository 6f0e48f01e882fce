import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inPostgresRun } from '../../test/runs';
import { migrationsFolder } from '../paths';

const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const serverRoot = path.join(root, 'apps', 'server');

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const scratchFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  folders.push(folder);
  return folder;
};
const sqlFiles = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.sql'));

/**
 * drizzle.config.ts's settings with another output folder (drizzle-kit takes all or none),
 * relative to apps/server: drizzle-kit reads an absolute folder's snapshots as `./<path>`.
 */
const schemaInto = (out: string) => [
  '--dialect',
  'postgresql',
  '--schema',
  './src/db/schema.ts',
  '--out',
  path.relative(serverRoot, out),
];

/** Runs a command; its output (for the failure message) and exit status. */
function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

describe.skipIf(inPostgresRun)('migrations (drizzle-kit)', () => {
  it('`npm run db:generate -- --name <what>` hands the options to drizzle-kit', () => {
    // The README's and decision 006's command, from the repository root. The options went to
    // the inner `npm run` instead (as npm settings): the migration got a random name, and
    // `--custom` made a schema migration. Here into an empty folder, so the repository's
    // migrations stay untouched: a fresh folder gets the whole schema as 0000_<name>.sql.
    const out = scratchFolder();
    const result = run(
      'npm',
      ['run', 'db:generate', '--', '--name', 'probe', ...schemaInto(out)],
      root,
    );
    expect(result.status, result.output).toBe(0);
    expect(sqlFiles(out), result.output).toEqual(['0000_probe.sql']);
  });

  it('the migrations create every table and column of db/tables (none forgotten)', () => {
    // A table changed without `npm run db:generate` leaves the tests and the start on the old
    // schema: the new column is missing and every query naming it answers 500. drizzle-kit
    // generates nothing when the migrations already match the schema.
    const out = scratchFolder();
    cpSync(migrationsFolder, out, { recursive: true });
    const before = sqlFiles(out);
    const result = run(
      process.execPath,
      [path.join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'), 'generate', ...schemaInto(out)],
      serverRoot,
    );
    expect(result.status, result.output).toBe(0);
    const missing =
      'The tables in src/db/tables differ from the migrations: run `npm run db:generate -- --name <what>` and commit the migration it writes.';
    expect(
      sqlFiles(out).filter((name) => !before.includes(name)),
      missing,
    ).toEqual([]);
    expect(result.output, missing).toContain('No schema changes');
  });
});
