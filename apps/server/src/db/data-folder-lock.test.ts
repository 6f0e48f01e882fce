import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inPostgresRun } from '../../test/runs';
import { openDatabase } from './client';
import { DATA_FOLDER_LOCK, DataFolderInUseError, lockDataFolder } from './data-folder-lock';

const folders: string[] = [];
const children: ChildProcess[] = [];
const folder = () => {
  const created = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
  folders.push(created);
  return created;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const created of folders.splice(0)) rmSync(created, { recursive: true, force: true });
});

/** Another process that opens the PGlite data folder, writes a row and holds it open. */
async function holdInAnotherProcess(dataDir: string): Promise<ChildProcess> {
  const script = `
    const { openDatabase } = await import(${JSON.stringify(path.join(import.meta.dirname, 'client.ts'))});
    const database = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
    await database.db.execute('create table kept (value text)');
    await database.db.execute("insert into kept values ('eins')");
    process.stdout.write('open\\n');
    process.on('SIGTERM', async () => { await database.close(); process.exit(0); });
    setInterval(() => undefined, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('open')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the holder ended with ${code}`)));
  });
  return child;
}

describe.skipIf(inPostgresRun)('one PGlite data folder, one process', () => {
  it('a second process refuses the folder another process has open, naming it, and the first keeps its data', async () => {
    const dataDir = folder();
    const holder = await holdInAnotherProcess(dataDir);
    const refusal = await openDatabase({ dataDir }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataFolderInUseError);
    expect((refusal as Error).message).toContain(`process ${holder.pid}`);
    expect((refusal as Error).message).toContain('DATABASE_URL');
    // Once the first has stopped, the folder opens with its row.
    await new Promise((resolve) => {
      holder.once('exit', resolve);
      holder.kill('SIGTERM');
    });
    const database = await openDatabase({ dataDir });
    try {
      const { rows } = (await database.db.execute('select value from kept')) as unknown as {
        rows: { value: string }[];
      };
      expect(rows).toEqual([{ value: 'eins' }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('takes over the lock of a process that is gone (killed) at once', async () => {
    const dataDir = folder();
    const file = path.join(dataDir, 'pglite.lock');
    const holder = await holdInAnotherProcess(dataDir);
    await new Promise((resolve) => {
      holder.once('exit', resolve);
      holder.kill('SIGKILL');
    });
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(holder.pid);
    // A holder not known to be gone is watched until it counts as stale: made ten minutes here,
    // so only a holder recognised as gone at once lets the open finish within the test's time.
    const staleAfterMs = DATA_FOLDER_LOCK.staleAfterMs;
    DATA_FOLDER_LOCK.staleAfterMs = 10 * 60_000;
    try {
      const database = await openDatabase({ dataDir });
      await database.close();
    } finally {
      DATA_FOLDER_LOCK.staleAfterMs = staleAfterMs;
    }
  }, 60_000);

  it('a lock of another machine counts while it is rewritten, and is taken over once it stays unchanged', async () => {
    const file = path.join(folder(), 'pglite.lock');
    const timing = { beatMs: 100, staleAfterMs: 600 };
    const elsewhere = (beat: number) =>
      JSON.stringify({ pid: 1, host: 'another-host', since: '2026-11-26T05:00:00Z', beat });
    writeFileSync(file, elsewhere(0));
    let beat = 0;
    const beating = setInterval(() => writeFileSync(file, elsewhere(++beat)), 100);
    try {
      await expect(lockDataFolder(file, timing)).rejects.toThrow(/process 1 on another-host/);
    } finally {
      clearInterval(beating);
    }
    const release = await lockDataFolder(file, timing);
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    await release();
  });

  it('names the holder when the lock was first read while being written (a torn read)', async () => {
    const file = path.join(folder(), 'pglite.lock');
    const timing = { beatMs: 100, staleAfterMs: 600 };
    // Half a rewrite, then the whole file: its holder lives and is named.
    writeFileSync(file, '{"pid":42');
    const whole = setTimeout(
      () =>
        writeFileSync(
          file,
          JSON.stringify({ pid: 42, host: 'another-host', since: '2026-11-26T05:00:00Z', beat: 1 }),
        ),
      150,
    );
    try {
      await expect(lockDataFolder(file, timing)).rejects.toThrow(/process 42 on another-host/);
    } finally {
      clearTimeout(whole);
    }
  });

  it("the holder's beat rewrites the lock whole: a reader never meets it half written", async () => {
    const file = path.join(folder(), 'pglite.lock');
    const release = await lockDataFolder(file, { beatMs: 1, staleAfterMs: 600 });
    try {
      // Reads as fast as they come while the beat (every 1 ms) rewrites the file.
      const until = Date.now() + 1_500;
      let reads = 0;
      while (Date.now() < until) {
        const text = readFileSync(file, 'utf8');
        expect(text === '' ? 'empty' : JSON.parse(text).pid).toBe(process.pid);
        reads += 1;
        if (reads % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await release();
    }
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(path.dirname(file))).toEqual([]);
  });

  it('a data folder that cannot be written stops the start with the file system error', async () => {
    const dataDir = path.join(folder(), 'file');
    writeFileSync(dataDir, '');
    await expect(openDatabase({ dataDir })).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});
