// The build `npm start` needs, each part made only when missing or older than its sources:
//  - the web app (Vite) in apps/web/dist;
//  - the server as one ES module (esbuild; packages stay external) in apps/server/dist, so a
//    start loads plain JavaScript instead of compiling TypeScript on the fly;
//  - a freshly initialised, empty PGlite cluster as a tarball (node_modules/.cache), from which
//    a new data folder starts in about a second instead of running initdb for four.
// Each build records a hash of every source file it reads; a different hash means stale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps', 'web');
const server = path.join(root, 'apps', 'server');
const contract = path.join(root, 'packages', 'contract');
/** Every build compiles the contract in and depends on the installed packages. */
const sharedSources = [path.join(contract, 'src'), path.join(root, 'package-lock.json')];

export const webBuild = {
  name: 'web app',
  output: path.join(web, 'dist'),
  entry: path.join(web, 'dist', 'index.html'),
  sources: [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'package.json'),
    ...sharedSources,
  ],
  run() {
    const status = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
      { cwd: web, stdio: 'inherit' },
    ).status;
    if (status === 0) precompress(path.join(web, 'dist'));
    return status;
  },
};

/** Text files worth compressing; images other than SVG are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|webmanifest|xml)$/;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text file of
 * the build that gets smaller, so the server sends them as they are, chosen by Accept-Encoding.
 * Source maps are left alone: they are not served.
 */
export function precompress(folder) {
  let before = 0;
  let after = 0;
  for (const file of files(folder)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const body = readFileSync(file);
    if (body.length < 256) continue;
    const br = brotliCompressSync(body, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    before += body.length;
    after += Math.min(br.length, body.length);
  }
  console.log(
    `[portal] Precompressed the web app: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (brotli)`,
  );
}

const bundledPackages = ['drizzle-orm', '@portal/contract'];
const serverManifest = () => JSON.parse(readFileSync(path.join(server, 'package.json'), 'utf8'));

export const serverBuild = {
  name: 'server',
  output: path.join(server, 'dist'),
  entry: path.join(server, 'dist', 'main.mjs'),
  sources: [
    path.join(server, 'src'),
    path.join(server, 'package.json'),
    ...sharedSources,
    fileURLToPath(import.meta.url),
  ],
  async run() {
    const { build } = await import('esbuild');
    await build({
      entryPoints: {
        main: path.join(server, 'src', 'main.ts'),
        'pglite-template': path.join(server, 'src', 'db', 'pglite-template.ts'),
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      // Packages load from node_modules, as installed, except drizzle-orm: its 180 KB
      // package.json is parsed again for each of its modules Node resolves (0.6 s a start).
      external: Object.keys(serverManifest().dependencies).filter(
        (name) => !bundledPackages.includes(name),
      ),
      // The contract (a workspace package shipped as TypeScript, resolved through its
      // `exports`, subpaths included) is compiled in.
      sourcemap: true,
      outExtension: { '.js': '.mjs' },
      outdir: path.join(server, 'dist'),
      logLevel: 'warning',
    });
    return 0;
  },
};

function* files(entry) {
  if (!existsSync(entry)) return;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) yield* files(path.join(entry, name));
  } else {
    yield entry;
  }
}

/** Hash of the paths and contents of every file a build reads. */
export function sourceHash(build) {
  const hash = createHash('sha256');
  for (const source of build.sources) {
    for (const file of files(source)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const stampFile = (build) => path.join(build.output, '.source-hash');

export function isBuildCurrent(build) {
  return (
    existsSync(build.entry) &&
    existsSync(stampFile(build)) &&
    readFileSync(stampFile(build), 'utf8').trim() === sourceHash(build)
  );
}

async function buildPartIfStale(build, force) {
  if (!force && isBuildCurrent(build)) return false;
  console.log(`[portal] Building the ${build.name} …`);
  const status = await build.run();
  if (status !== 0) throw new Error(`The ${build.name} build failed (exit code ${status})`);
  writeFileSync(stampFile(build), `${sourceHash(build)}\n`);
  return true;
}

/** Builds the web app when stale; true when it built. */
export function buildWebIfStale({ force = false } = {}) {
  return buildPartIfStale(webBuild, force);
}

/** Builds what `npm start` runs: web app, server bundle and the database template. */
export async function buildIfStale({ force = false } = {}) {
  await buildPartIfStale(webBuild, force);
  await buildPartIfStale(serverBuild, force);
  const template = pathToFileURL(path.join(serverBuild.output, 'pglite-template.mjs')).href;
  const { ensurePgliteTemplate, templateFile } = await import(template);
  if (!existsSync(templateFile)) {
    console.log('[portal] Preparing the embedded database …');
    await ensurePgliteTemplate();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildIfStale({ force: process.argv.includes('--force') });
}
