import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const e2e = path.resolve(import.meta.dirname, '..', '..', '..', 'e2e');

describe('the end-to-end tests without a Chromium (e2e/playwright.config.ts)', () => {
  it('a CHROMIUM_PATH that names no file stops the run at once, saying so', () => {
    // Before, the run built and started the portal and then failed every test alike with
    // 'browserType.launch: … executable doesn't exist'. `--list` loads the configuration only.
    const result = spawnSync('npx', ['playwright', 'test', '--list'], {
      cwd: e2e,
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toContain(
      'CHROMIUM_PATH=/nonexistent/chromium: there is no such file.',
    );
  });
});
