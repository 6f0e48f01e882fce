// `npm start`: builds the web app if its build is missing or stale, then runs the server
// (API, embedded sign-in and the app on one port) in this process.
import { buildWebIfStale } from './build-web.mjs';

const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  console.error(
    `[portal] Node ${process.versions.node} is too old; run through npm (npm start), which uses the pinned Node 24.`,
  );
  process.exit(1);
}

buildWebIfStale();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
