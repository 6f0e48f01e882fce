// Shared by the browser benchmarks (first-load.ts, lighthouse.ts): starts the built portal on a
// fresh data folder (demo data) and signs in through the real provider.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildIfStale } from '../scripts/build.mjs';
import { spawnServer } from '../scripts/server-options.mjs';

export const DEMO_ACCOUNT = { email: 'anna.admin@praxis-sonnenschein.de', password: 'Demo!2026' };
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface RunningPortal {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * `npm start` of the current build on a free port and a fresh data folder: empty (demo data),
 * or filled first by `prepare` (a benchmark's own data set).
 */
export async function startPortal(
  options: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<RunningPortal> {
  await buildIfStale();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-web-'));
  await options.prepare?.(dataDir);
  const port = 26_000 + Math.floor(Math.random() * 4_000);
  const baseUrl = `http://localhost:${port}`;
  const child = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PUBLIC_URL: baseUrl,
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/ping`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error('the portal did not start within 90 s');
}

/** Signs in through the provider's real page; ends on the dashboard. */
export async function signInOnPage(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/dashboard`);
  await page.getByLabel('E-Mail').fill(DEMO_ACCOUNT.email);
  await page.getByLabel('Passwort').fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await dashboardVisible(page);
}

/** The dashboard is there: its heading (and, once they exist, the tiles) is visible. */
export async function dashboardVisible(page: Page) {
  await page
    .getByRole('heading', { level: 1, name: 'Dashboard' })
    .waitFor({ state: 'visible', timeout: 60_000 });
}
