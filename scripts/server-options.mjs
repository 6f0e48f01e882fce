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
// --single-threaded-gc: V8 collects on the main thread alone, with no helper threads marking
// alongside it or sharing its pauses. Under load on PostgreSQL the server's old generation
// filled every 4-5 s (--trace-gc; on PGlite its limit was higher and it did not fill within a
// benchmark), and the event loop stood still for 15-30 ms at a time with the main thread on the
// CPU for only a few ms of it (bench/loop-stalls.mjs), most likely the collector's helpers waiting
// for a core that the load held. p99 at 80 % load on PostgreSQL was 32-97 ms in every round after the first without it,
// 11-25 ms with it (medians 11 and 12 ms), throughput shares within the noise (bench/api.ts,
// decision 003). A machine with cores to spare beside the server may drop it.
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
