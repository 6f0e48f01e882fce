import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Request } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  submitSignIn,
  test,
  userMenu,
} from '../support/fixtures';

/**
 * README "Running against an external Keycloak", in a real browser: a second portal (B) runs
 * with IDENTITY_PROVIDER=external and AUTH_URL at the /auth of the portal the other specs use
 * (A, whose embedded provider is Keycloak-compatible and lets B sign in through AUTH_APP_URLS,
 * see playwright.config.ts). B has the demo data too: the same user ids, so the same
 * institutions. B is started once for this file.
 */
const providerOrigin = `http://localhost:${process.env.E2E_PORT}`;
const appOrigin = `http://localhost:${process.env.E2E_SECOND_PORT}`;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const atProviderSignIn = new RegExp(`^${escaped(providerOrigin)}/auth/realms/portal/`);
const atApp = new RegExp(`^${escaped(appOrigin)}/`);

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });
const isTokenRequest = (request: Request) =>
  request.method() === 'POST' &&
  request.url() === `${providerOrigin}/auth/realms/portal/protocol/openid-connect/token`;

let app: ChildProcess | undefined;

async function waitForPing(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (app?.exitCode !== null) throw new Error(`the second portal exited (${app?.exitCode})`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const script = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../scripts/e2e-server.mjs',
  );
  // Started like the webServer of playwright.config.ts (the Node on PATH runs the script).
  app = spawn('node', [script], {
    env: {
      ...process.env,
      PORT: process.env.E2E_SECOND_PORT,
      IDENTITY_PROVIDER: 'external',
      AUTH_URL: `${providerOrigin}/auth`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForPing(`${appOrigin}/api/ping`, 230_000);
});

test.afterAll(async () => {
  if (!app || app.exitCode !== null) return;
  const exited = new Promise((resolve) => app?.once('exit', resolve));
  app.kill('SIGTERM');
  await exited;
});

test.describe('a portal signing in at an external provider', () => {
  test('signs in there, shows the dashboard, renews at the provider and signs out there', async ({
    page,
  }) => {
    await page.goto(`${appOrigin}/dashboard`);
    await expect(page).toHaveURL(atProviderSignIn);
    await submitSignIn(page, ACCOUNTS.anna);

    // Back at the app with the provider's token: Anna, her institution, her tiles.
    await expect(page).toHaveURL(atApp);
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(userMenu(page)).toContainText('Anna');
    await expect(page.getByRole('main')).toContainText('Praxis Sonnenschein');
    await expect(page.getByTestId('dashboard-tiles')).toBeVisible();
    await expectNoAxeViolations(page);
    await screenshot(page, 'external-provider', 'dashboard');

    // A reload keeps the session; a token about to expire is renewed at the provider (CORS).
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) {
        if (!key.startsWith('oidc.user:')) continue;
        const user = JSON.parse(localStorage.getItem(key) ?? '{}');
        user.expires_at = Math.floor(Date.now() / 1000) + 5;
        localStorage.setItem(key, JSON.stringify(user));
      }
    });
    const renewal = page.waitForResponse((response) => isTokenRequest(response.request()));
    await page.reload();
    expect((await renewal).status()).toBe(200);
    await expect(page).toHaveURL(atApp);
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(userMenu(page)).toContainText('Anna');

    // Mein Konto: names stay editable; e-mail, password and second factor are the provider's.
    await page.goto(`${appOrigin}/account`);
    await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
    await expect(
      page.getByText('Das Passwort wird beim Identitätsanbieter verwaltet', { exact: false }),
    ).toBeVisible();
    await expect(page.getByLabel('Aktuelles Passwort')).toHaveCount(0);
    await expect(page.getByLabel('Neue E-Mail-Adresse')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'external-provider', 'account');

    // Abmelden ends the provider's session: the app sends the browser back to a sign-in there,
    // which asks for the password again, also when the app is opened anew.
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(atProviderSignIn);
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await page.goto(`${appOrigin}/dashboard`);
    await expect(page).toHaveURL(atProviderSignIn);
    await expect(page.getByLabel('Passwort')).toBeVisible();
  });
});
