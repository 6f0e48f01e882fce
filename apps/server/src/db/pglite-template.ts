import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { findPackage } from '../paths';

/** PostgreSQL extensions the schema uses (trigram indexes for the customer search). */
const extensions = { pg_trgm };

/*
 * A freshly initialised, empty PGlite cluster, kept as a compressed tarball next to the
 * installed packages (`node_modules/.cache/institution-portal`). Running initdb inside
 * WebAssembly takes about four seconds; loading this tarball into a new data folder about one.
 * Its content depends only on the PGlite version, which names the file, so an upgrade simply
 * makes a new one. It is a cache: deleting it is always safe.
 */
// PGlite's package folder and version, found from where its entry point resolves.
const { folder: pgliteFolder, version: pgliteVersion } = findPackage(
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')),
  '@electric-sql/pglite',
);
// <node_modules>/@electric-sql/pglite → <node_modules>/.cache/institution-portal
const cacheFolder = path.join(pgliteFolder, '..', '..', '.cache', 'institution-portal');

export const templateFile = path.join(cacheFolder, `pglite-${pgliteVersion}-initdb.tar.gz`);

/** True when `dataDir` (a folder, or `memory://`) has no cluster yet, so initdb would run. */
export function needsInitdb(dataDir: string): boolean {
  if (dataDir.startsWith('memory://')) return true;
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * The template, made once per PGlite version: initdb in memory, dumped as a tarball. Written
 * under a unique name and renamed into place, so processes making it at the same time never
 * see half a file. Where the cache cannot be written, the tarball is still returned.
 */
export async function ensurePgliteTemplate(file = templateFile): Promise<Buffer> {
  if (existsSync(file)) {
    try {
      return await readFile(file);
    } catch {
      // unreadable: made afresh below
    }
  }
  const pristine = await PGlite.create();
  let tarball: Buffer;
  try {
    tarball = Buffer.from(await (await pristine.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pristine.close();
  }
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, tarball);
    await rename(partial, file);
  } catch {
    // a read-only installation: every new cluster pays for initdb, nothing else changes
  }
  return tarball;
}

/**
 * Opens PGlite on `dataDir` (a folder or `memory://`). A new cluster starts from the template
 * instead of initdb; should the template be unreadable, it is deleted, the folder cleared, and
 * initdb runs as usual.
 */
export async function createPglite(dataDir: string, file = templateFile): Promise<PGlite> {
  if (!needsInitdb(dataDir)) return PGlite.create(dataDir, { extensions });
  const template = await ensurePgliteTemplate(file);
  try {
    return await PGlite.create(dataDir, {
      extensions,
      loadDataDir: new Blob([new Uint8Array(template)]),
    });
  } catch {
    await rm(file, { force: true });
    if (!dataDir.startsWith('memory://')) {
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir, { recursive: true });
    }
    return PGlite.create(dataDir, { extensions });
  }
}
