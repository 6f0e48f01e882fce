import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-options.mjs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const startScript = (): string =>
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;

const folders: string[] = [];
const strays: number[] = [];
afterEach(() => {
  for (const pid of strays.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server process options', () => {
  it('npm start passes what the tests and benchmarks start the server with', () => {
    expect(startScript()).toBe(`exec node ${SERVER_NODE_OPTIONS.join(' ')} scripts/start.mjs`);
  });

  it('SIGTERM to `npm start` (docker stop, a process manager) reaches the server instead of orphaning it', async () => {
    // The real start script, run by the real npm, with a stand-in for scripts/start.mjs that
    // notes its pid and the signal it gets. Without `exec`, npm forwards the signal to the
    // shell running the script, which dies and leaves the server running without a parent
    // (holding its port and the data folder's lock).
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-npm-start-'));
    folders.push(folder);
    mkdirSync(path.join(folder, 'scripts'));
    writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({ name: 'npm-start-probe', private: true, scripts: { start: startScript() } }),
    );
    writeFileSync(
      path.join(folder, 'scripts', 'start.mjs'),
      [
        "import { writeFileSync } from 'node:fs';",
        "writeFileSync('pid', String(process.pid));",
        "process.on('SIGTERM', () => { writeFileSync('signal', 'SIGTERM'); process.exit(0); });",
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: folder,
      // `node` on the PATH as npm puts the pinned one there.
      env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => npm.on('exit', resolve));
    const pidFile = path.join(folder, 'pid');
    await expect.poll(() => existsSync(pidFile), { timeout: 30_000 }).toBe(true);
    const server = Number(readFileSync(pidFile, 'utf8'));
    strays.push(server);
    npm.kill('SIGTERM');
    await exited;
    await expect.poll(() => isAlive(server), { timeout: 10_000 }).toBe(false);
    expect(readFileSync(path.join(folder, 'signal'), 'utf8')).toBe('SIGTERM');
  }, 60_000);

  it('npm ci under NODE_ENV=production keeps what npm start needs (the pinned Node, the build tools)', async () => {
    // npm omits devDependencies when NODE_ENV is production, and README has deployments set it:
    // `npm ci && npm start` then ran the machine's Node ("Node 20 is too old") without esbuild
    // or Vite. The project's .npmrc includes them; a dry run shows what npm would remove.
    const output = await new Promise<string>((resolve, reject) => {
      const npm = spawn(
        'npm',
        ['install', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
        { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'pipe' },
      );
      let text = '';
      npm.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      npm.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      npm.on('error', reject);
      npm.on('exit', () => resolve(text));
    });
    expect(output).toMatch(/(removed|up to date|changed)/);
    for (const needed of ['node', 'esbuild', 'vite', 'typescript', 'tsx']) {
      expect(output).not.toMatch(new RegExp(`^remove ${needed} `, 'm'));
    }
  }, 60_000);
});
