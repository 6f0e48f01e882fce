import { readFileSync, readlinkSync } from 'node:fs';
import { link, open, readFile, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * PGlite is PostgreSQL inside this process, without PostgreSQL's own guard against a second
 * server on one data folder: two processes opening it would both write, and each would destroy
 * the other's pages. `pglite.lock` in the data folder names the process that has it open; a
 * second process refuses to start while that one lives.
 *
 * Whether the holder still lives: on the same machine and in the same process namespace its
 * process id answers at once (a process that is gone, or an id now used by a process started
 * later, is no holder). Elsewhere (another container on a shared volume, another host on a
 * shared file system) only the lock file itself can tell: its holder rewrites it every
 * {@link DATA_FOLDER_LOCK.beatMs} from a worker thread, which a busy event loop (a long
 * PGlite statement) does not stop; a lock that did not change within
 * {@link DATA_FOLDER_LOCK.staleAfterMs} belonged to a process that is gone (killed, its
 * container removed) and is taken over.
 */
export const DATA_FOLDER_LOCK = { beatMs: 2_000, staleAfterMs: 10_000 };

export class DataFolderInUseError extends Error {}

interface Holder {
  pid: number;
  host: string;
  /** The process namespace (Linux `/proc/self/ns/pid`); pids compare only within one. */
  namespace: string | undefined;
  /** When the process started, in clock ticks since boot (Linux), against pid reuse. */
  processStart: string | undefined;
  boot: string | undefined;
  since: string;
  beat: number;
}

const readOr = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** Fields of /proc/<pid>/stat after the command in parentheses: [0] the state, [19] the start. */
function stat(pid: number | 'self'): string[] | undefined {
  const text = readOr(`/proc/${pid}/stat`);
  return text?.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot. */
const processStart = (pid: number | 'self') => stat(pid)?.[19];

function namespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return undefined;
  }
}

function me(): Holder {
  return {
    pid: process.pid,
    host: hostname(),
    namespace: namespace(),
    processStart: processStart('self'),
    boot: readOr('/proc/sys/kernel/random/boot_id'),
    since: new Date().toISOString(),
    beat: 0,
  };
}

/** 'alive', 'gone', or 'unknown' (another machine or namespace: watch the file). */
function judge(holder: Holder, self: Holder): 'alive' | 'gone' | 'unknown' {
  if (holder.host !== self.host || holder.namespace !== self.namespace) return 'unknown';
  if (holder.boot && self.boot && holder.boot !== self.boot) return 'gone';
  if (holder.pid === self.pid) return 'gone';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  const fields = stat(holder.pid);
  // Killed but not yet reaped (a zombie), or its id now used by a process started later.
  if (fields && (fields[0] === 'Z' || fields[0] === 'X')) return 'gone';
  if (holder.processStart && fields?.[19] !== holder.processStart) return 'gone';
  return 'alive';
}

const parse = (text: string): Holder | undefined => {
  try {
    return JSON.parse(text) as Holder;
  } catch {
    return undefined;
  }
};

/**
 * The holder's beat: the file is rewritten whole (written beside it, then renamed over it), so a
 * starter reading it never sees it half written (a torn read named no holder: 'another process').
 */
const BEAT_WORKER = `
const { workerData } = process.getBuiltinModule('node:worker_threads');
const { writeFileSync, renameSync } = process.getBuiltinModule('node:fs');
const holder = workerData.holder;
setInterval(() => {
  holder.beat += 1;
  try {
    writeFileSync(workerData.beatFile, JSON.stringify(holder));
    renameSync(workerData.beatFile, workerData.file);
  } catch {}
}, workerData.beatMs);
`;

function inUse(file: string, holder: Holder | undefined): DataFolderInUseError {
  const who = holder
    ? `process ${holder.pid} on ${holder.host}, since ${holder.since}`
    : 'another process';
  return new DataFolderInUseError(
    `The data folder is in use by another portal (${who}; ${file}). The embedded database ` +
      '(PGlite) belongs to one process: stop the other one, or give this one its own DATA_DIR; ' +
      'several processes share a database only through DATABASE_URL (PostgreSQL). Should no ' +
      'other portal use this folder, delete the file.',
  );
}

/**
 * Takes `file` for this process or throws {@link DataFolderInUseError}; resolves to the release
 * function. A folder that cannot be written throws the file system's error.
 */
export async function lockDataFolder(
  file: string,
  timing = DATA_FOLDER_LOCK,
): Promise<() => Promise<void>> {
  const self = me();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(JSON.stringify(self));
      } finally {
        await handle.close();
      }
      const beatFile = `${file}.beat-${process.pid}`;
      const worker = new Worker(BEAT_WORKER, {
        eval: true,
        workerData: { file, beatFile, holder: self, beatMs: timing.beatMs },
      });
      worker.unref();
      return async () => {
        await worker.terminate();
        await rm(file, { force: true });
        await rm(beatFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const seen = await readFile(file, 'utf8').catch(() => undefined);
    if (seen === undefined) continue;
    let holder = parse(seen);
    let verdict = holder ? judge(holder, self) : 'unknown';
    if (verdict === 'alive') throw inUse(file, holder);
    if (verdict === 'unknown') {
      // Only a holder that goes on rewriting the file lives.
      const deadline = Date.now() + timing.staleAfterMs;
      while (verdict === 'unknown' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(250, timing.beatMs / 4)));
        const now = await readFile(file, 'utf8').catch(() => undefined);
        if (now !== seen) {
          verdict = 'alive';
          // The rewritten file names the holder that a file read while being written did not.
          holder = (now ? parse(now) : undefined) ?? holder;
        }
      }
      if (verdict === 'alive') throw inUse(file, holder);
    }
    // Stale: moved aside (one process wins the rename), checked to be the file judged stale
    // (not a lock another starter took meanwhile, which goes back), then removed.
    const aside = `${file}.stale-${process.pid}-${Date.now()}`;
    try {
      await rename(file, aside);
    } catch {
      continue;
    }
    const moved = await readFile(aside, 'utf8').catch(() => undefined);
    if (moved !== seen) {
      await link(aside, file).catch(() => undefined);
      await rm(aside, { force: true });
      throw inUse(file, moved ? parse(moved) : undefined);
    }
    await rm(aside, { force: true });
  }
  throw inUse(file, undefined);
}
