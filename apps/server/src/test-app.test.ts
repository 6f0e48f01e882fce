import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

describe('buildTestApp (test/test-app.ts)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    vi.unstubAllEnvs();
    await t?.close();
    t = undefined;
  });

  /** What the server writes to standard output while answering a route that fails. */
  async function outputOfAFailure(): Promise<string> {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    t = await buildTestApp({ SEED_DEMO_DATA: 'false' }, (app) => {
      app.get('/test/broken', async () => {
        throw new Error('the cause a developer needs');
      });
    });
    const response = await t.app.inject({ method: 'GET', url: '/test/broken' });
    vi.mocked(process.stdout.write).mockRestore();
    expect(response.statusCode).toBe(500);
    return lines.join('');
  }

  it('logs what TEST_LOG_LEVEL asks for, so an unexpected 500 in a test shows its cause', async () => {
    // The answer of a 500 names no cause (decision 003), and the test app's log was always off:
    // a test that met one had nothing to go on.
    vi.stubEnv('TEST_LOG_LEVEL', 'error');
    expect(await outputOfAFailure()).toContain('the cause a developer needs');
  });

  it('is silent without TEST_LOG_LEVEL', async () => {
    vi.stubEnv('TEST_LOG_LEVEL', undefined);
    expect(await outputOfAFailure()).not.toContain('the cause a developer needs');
  });
});
