// Builds the web app when its build is missing or older than its sources.
// The build records a hash of every source file; a different hash means stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps', 'web');
const dist = path.join(web, 'dist');
const stampFile = path.join(dist, '.source-hash');

const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'postcss.config.cjs'),
  path.join(web, 'package.json'),
  path.join(root, 'packages', 'contract', 'src'),
  path.join(root, 'package-lock.json'),
];

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

/** Hash of the paths and contents of every file the build reads. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const source of sources) {
    for (const file of files(source)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function isBuildCurrent() {
  return (
    existsSync(path.join(dist, 'index.html')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === sourceHash()
  );
}

export function buildWebIfStale({ force = false } = {}) {
  if (!force && isBuildCurrent()) return false;
  console.log('[portal] Building the web app …');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: web,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    throw new Error(`Web build failed (exit code ${result.status})`);
  }
  writeFileSync(stampFile, `${sourceHash()}\n`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfStale({ force: process.argv.includes('--force') });
}
