import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

const cleanUps: (() => void)[] = [];
afterEach(() => {
  for (const cleanUp of cleanUps.splice(0)) cleanUp();
});

/** A port taken on localhost, as by another checkout's `npm run dev`. */
async function takenPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  cleanUps.push(() => server.close());
  return (server.address() as { port: number }).port;
}

/** A port nobody listens on now, for the server. */
async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm run dev (scripts/dev.mjs)', () => {
  it("stops with Vite's reason when its port is taken, instead of serving the app elsewhere", async () => {
    // Vite moved on to the next free port by itself, while the server's PUBLIC_URL (the sign-in's
    // redirect address) still named the taken one: the browser went to whatever portal was
    // there and its sign-in answered 'invalid_redirect_uri'.
    const devPort = await takenPort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-dev-'));
    const dev = spawn(process.execPath, [path.join(root, 'scripts', 'dev.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        DEV_PORT: String(devPort),
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
      stdio: 'pipe',
      detached: true,
    });
    cleanUps.push(() => {
      try {
        process.kill(-dev.pid!, 'SIGKILL');
      } catch {
        // ended already
      }
      rmSync(dataDir, { recursive: true, force: true });
    });
    let output = '';
    dev.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    dev.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => dev.on('exit', resolve));
    expect(output).toContain(`Port ${devPort} is already in use`);
    expect(code).not.toBe(0);
  });
});
