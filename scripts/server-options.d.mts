// Types of server-options.mjs (plain JavaScript, run by Node as it is).
import type { ChildProcess, StdioOptions } from 'node:child_process';

/** Node options of the portal's server process (what `npm start` passes). */
export const SERVER_NODE_OPTIONS: string[];

/** Starts the portal as `npm start` does, `env` laid over this process's environment. */
export function spawnServer(
  env: Record<string, string | undefined>,
  options?: { stdio?: StdioOptions; nodeArgs?: string[] },
): ChildProcess;
