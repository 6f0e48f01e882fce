import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

// One port for the whole run: chosen once in the main process, inherited by the workers.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
// A second portal that signs in at this one as its external provider (external-provider.spec.ts).
process.env.E2E_SECOND_PORT ??= String(port + 1);
const secondAppUrl = `http://localhost:${process.env.E2E_SECOND_PORT}`;

/**
 * Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium), else Playwright's own browser. None
 * of them stops the run here, with what to do: before, the server was built and started first and
 * then every test failed alike, Playwright's message suggesting a browser download.
 */
function chromiumPath(): string | undefined {
  const named = process.env.CHROMIUM_PATH;
  if (named) {
    if (existsSync(named)) return named;
    throw new Error(`CHROMIUM_PATH=${named}: there is no such file. Name a Chromium executable.`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  if (existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    "No Chromium for the end-to-end tests: install Debian's (apt-get install chromium) or set " +
      'CHROMIUM_PATH to a Chromium executable (README, Two commands).',
  );
}
const executablePath = chromiumPath();

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-quic',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/api/ping`,
    // A small upload limit, so the documents spec can show the 413 with a 3 MB file.
    // The second portal of external-provider.spec.ts may sign in here.
    env: {
      PORT: String(port),
      UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
      AUTH_APP_URLS: secondAppUrl,
    },
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
