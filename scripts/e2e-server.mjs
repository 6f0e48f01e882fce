// Starts the real portal for the end-to-end tests: current web build, a fresh data folder
// (embedded PGlite, demo data seeded), the port given in PORT. The folder is removed on exit.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build.mjs';
import { spawnServer } from './server-options.mjs';

const port = process.env.PORT ?? '8181';
// Named after the port, so that specs find the mails the server writes (portal-e2e-<port>/mail).
const dataDir = path.join(tmpdir(), `portal-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

await buildIfStale();
const server = spawnServer(
  {
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'true',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATABASE_URL: '',
    // Analytics on 127.0.0.1 only (the specs use localhost elsewhere); the tracker origin is
    // intercepted by the analytics spec (e2e/tests/orders-analytics.spec.ts).
    ANALYTICS_SITES: process.env.ANALYTICS_SITES ?? '{"127.0.0.1":"3"}',
    ANALYTICS_URL: process.env.ANALYTICS_URL ?? 'https://analytics.portal.test',
  },
  { stdio: 'inherit' },
);

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
