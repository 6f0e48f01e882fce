import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { inPostgresRun } from '../../test/runs';
import { createPglite, ensurePgliteTemplate, needsInitdb, templateFile } from './pglite-template';

const folders: string[] = [];
function scratch(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pglite-template-test-'));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(inPostgresRun)('PGlite cluster template', () => {
  it('is cached under node_modules/.cache, named by the PGlite version', () => {
    const version = JSON.parse(
      readFileSync(
        path.join(
          import.meta.dirname,
          '../../../../node_modules/@electric-sql/pglite/package.json',
        ),
        'utf8',
      ),
    ).version;
    expect(templateFile).toBe(
      path.resolve(
        import.meta.dirname,
        '../../../../node_modules/.cache/institution-portal',
        `pglite-${version}-initdb.tar.gz`,
      ),
    );
  });

  it('knows which data folders still need a cluster', () => {
    const folder = scratch();
    expect(needsInitdb('memory://')).toBe(true);
    expect(needsInitdb(folder)).toBe(true);
    writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    expect(needsInitdb(folder)).toBe(false);
  });

  it('starts a new data folder from the template, and the cluster persists', async () => {
    const folder = scratch();
    const file = path.join(folder, 'template.tar.gz');
    const dataDir = path.join(folder, 'data');
    mkdirSync(dataDir);
    await ensurePgliteTemplate(file);
    expect(existsSync(file)).toBe(true);

    const first = await createPglite(dataDir, file);
    await first.exec('create table kept (value text); insert into kept values ($$ja$$);');
    await first.close();
    expect(needsInitdb(dataDir)).toBe(false);

    const again = await createPglite(dataDir, file);
    expect((await again.query<{ value: string }>('select value from kept')).rows).toEqual([
      { value: 'ja' },
    ]);
    await again.close();
  });

  it('gives an in-memory cluster from the template', async () => {
    const client = await createPglite('memory://');
    const result = await client.query<{ user: string; db: string }>(
      'select current_user as user, current_database() as db',
    );
    expect(result.rows).toEqual([{ user: 'postgres', db: 'postgres' }]);
    await client.close();
  });

  it('falls back to initdb and drops a damaged template', async () => {
    const folder = scratch();
    const file = path.join(folder, 'template.tar.gz');
    const dataDir = path.join(folder, 'data');
    mkdirSync(dataDir);
    writeFileSync(file, 'not a tarball');

    const client = await createPglite(dataDir, file);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.close();
    expect(existsSync(file)).toBe(false);
    expect(needsInitdb(dataDir)).toBe(false);
  });

  it('holds the same cluster initdb would make', async () => {
    const viaTemplate = await createPglite('memory://');
    const viaInitdb = await PGlite.create();
    const settings =
      "select name, setting from pg_settings where name in ('server_encoding', 'lc_collate', 'TimeZone', 'DateStyle') order by name";
    expect((await viaTemplate.query(settings)).rows).toEqual(
      (await viaInitdb.query(settings)).rows,
    );
    await viaTemplate.close();
    await viaInitdb.close();
  });
});
