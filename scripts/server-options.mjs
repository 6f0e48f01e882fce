// How the portal's server process is started: `npm start` (package.json) passes these Node
// options, and everything that starts the server as users do (end-to-end tests, benchmarks)
// starts it through spawnServer, with the same options.
//
// --min-semi-space-size=16: V8's young generation (where each request's short-lived objects
// are made) starts at 1 MB and grows only with sustained survival, so under load the server
// ran a scavenge every few hundred requests. Kept at 16 MB per semi-space it scavenges about
// a sixteenth as often, for up to 32 MB more memory: 37.8 -> 32.0 µs of CPU per answer of
// GET /api/institution/{id} on PostgreSQL (interleaved A/B, median of 8 rounds; 32 MB gained
// nothing more). See docs/decisions/003-api-conventions.md.
//
// --single-threaded-gc: V8 collects on the main thread alone. Under load on 2 busy cores the
// event loop stood still for 15-30 ms at a time, most likely the collector's helper threads
// waiting for a core that the load held: p99 at 80 % load on PostgreSQL 32-97 ms without it,
// medians 11 and 12 ms with it (bench/api.ts). Figures and open questions in
// docs/decisions/003-api-conventions.md; a machine with cores to spare may drop it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_NODE_OPTIONS = ['--min-semi-space-size=16', '--single-threaded-gc'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the portal as `npm start` does (scripts/start.mjs on the running Node, with
 * {@link SERVER_NODE_OPTIONS}) in the repository's root, `env` laid over this process's
 * environment; `nodeArgs` adds Node options (a CPU profile, an import).
 */
export function spawnServer(env, { stdio = 'ignore', nodeArgs = [] } = {}) {
  return spawn(
    process.execPath,
    [...SERVER_NODE_OPTIONS, ...nodeArgs, path.join(root, 'scripts', 'start.mjs')],
    { cwd: root, env: { ...process.env, ...env }, stdio },
  );
}
