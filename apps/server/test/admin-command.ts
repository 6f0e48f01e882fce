import { execFile } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../src/paths';

/** What a run of the operator command left: its exit code and what it printed. */
export interface AdminRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The real operator command (`npm run admin -- …`) as a child process, in production mode with
 * only PATH, PUBLIC_URL and the given settings (a start takes seconds; on a loaded machine far
 * more, hence the generous limit).
 */
export function runAdmin(env: Record<string, string>, ...args: string[]): Promise<AdminRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', path.join(serverRoot, 'src', 'admin', 'main.ts'), ...args],
      {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PUBLIC_URL: 'http://localhost:8080',
          ...env,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
