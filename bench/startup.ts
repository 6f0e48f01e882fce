// Prints how long `npm start` takes until the portal answers, with a current build (web app,
// server bundle, database template): a first start on an empty data folder (new cluster,
// migrations and demo data) and a second start on it.
// Budget (architecture.md): ready within 5 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from '../scripts/build.mjs';
import { spawnServer } from '../scripts/server-options.mjs';

async function timeToReady(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  });
  try {
    const deadline = started + 60_000;
    while (performance.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/ping`);
        if (response.ok) {
          const index = await fetch(`http://127.0.0.1:${port}/`);
          if (index.ok) return performance.now() - started;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the portal did not become ready within 60 s');
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export async function measureStartup() {
  await buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-'));
  const port = 21_000 + Math.floor(Math.random() * 5_000);
  try {
    const first = await timeToReady(dataDir, port);
    const second = await timeToReady(dataDir, port);
    console.log('\nnpm start → ready (GET /api/ping and / answer), current build');
    console.log(`first start, empty data folder: ${(first / 1000).toFixed(2)} s`);
    console.log(`second start, seeded data folder: ${(second / 1000).toFixed(2)} s`);
    const verdict = (ms: number) => (ms <= 5000 ? 'within' : 'OVER');
    console.log(`budget 5 s: first start ${verdict(first)}, second start ${verdict(second)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await measureStartup();
