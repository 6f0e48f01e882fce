// `npm start`: builds what is missing or stale (web app, server bundle, database template; see
// build.mjs), then runs the server (API, embedded sign-in and the app on one port) in this
// process.
import { buildIfStale } from './build.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(
    `[portal] Node ${process.versions.node} is too old; run through npm (npm start), which uses the pinned Node 24 from node_modules (installed by npm ci; not with --omit=dev).`,
  );
  process.exit(1);
}

// `npm start` with no NODE_ENV is the demo: seed the demo accounts. A production deployment
// sets NODE_ENV=production and gets them only with SEED_DEMO_DATA=true.
if (!process.env.NODE_ENV && !process.env.SEED_DEMO_DATA) process.env.SEED_DEMO_DATA = 'true';

await buildIfStale();
// Stack traces in the logs point into the TypeScript sources.
process.setSourceMapsEnabled(true);
await import('../apps/server/dist/main.mjs');
