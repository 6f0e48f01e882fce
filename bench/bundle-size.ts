// Prints the gzip size of the JavaScript and CSS the dashboard loads first: the entry module,
// the chunks index.html preloads, and its stylesheets. Budget (architecture.md): 200 KB.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWebIfStale } from '../scripts/build.mjs';

const BUDGET_KB = 200;
const dist = path.join(import.meta.dirname, '..', 'apps', 'web', 'dist');

export function firstLoadAssets(indexHtml: string): string[] {
  const assets = new Set<string>();
  const patterns = [
    /<script[^>]+type="module"[^>]+src="([^"]+)"/g,
    /<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g,
    /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g,
  ];
  for (const pattern of patterns) {
    for (const match of indexHtml.matchAll(pattern)) assets.add(match[1]!);
  }
  return [...assets];
}

export async function measureBundle() {
  await buildWebIfStale();
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const rows = firstLoadAssets(html).map((asset) => {
    const content = readFileSync(path.join(dist, asset.replace(/^\//, '')));
    return { asset, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  });
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log('\nFirst load of the dashboard (JS + CSS)');
  console.log(`${'asset'.padEnd(50)} ${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}`);
  for (const row of rows) console.log(`${row.asset.padEnd(50)} ${kb(row.raw)} ${kb(row.gzip)}`);
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const rawTotal = rows.reduce((sum, row) => sum + row.raw, 0);
  console.log(`${'total'.padEnd(50)} ${kb(rawTotal)} ${kb(total)}`);
  console.log(
    `budget ${BUDGET_KB} KB gzip: ${total / 1024 <= BUDGET_KB ? 'within' : 'OVER'} (${((total / 1024 / BUDGET_KB) * 100).toFixed(0)} %)`,
  );
  return total;
}

if (process.argv[1] === import.meta.filename) await measureBundle();
