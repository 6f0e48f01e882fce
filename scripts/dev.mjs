// `npm run dev`: the server (restarting on change) and Vite with hot reload, which proxies
// /api and /auth to the server. Open http://localhost:5173 (`DEV_PORT`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '8080';
// Vite's port. It must be free: the app signs in with redirects to PUBLIC_URL, so a Vite that
// moved to the next free port (its default) sent the browser to another portal's sign-in,
// which refused it ('invalid_redirect_uri'). A second checkout runs with DEV_PORT and PORT.
const devPort = process.env.DEV_PORT ?? '5173';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  // The browser talks only to Vite, which proxies /api and /auth: one origin, as in production.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${devPort}`,
  PORTAL_SERVER_URL: `http://localhost:${port}`,
};

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/main.ts'], {
    cwd: path.join(root, 'apps', 'server'),
    env: { ...env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data') },
    stdio: 'inherit',
  }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', devPort, '--strictPort'],
    { cwd: path.join(root, 'apps', 'web'), env, stdio: 'inherit' },
  ),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    // The first failure decides (the other one then ends by the signal above).
    if (code && !process.exitCode) process.exitCode = code;
  });
}
