import { createHmac } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_TOTP_SECRET,
  expect,
  expectNoAxeViolations,
  revokeStoredRefreshToken,
  screenshot,
  signIn,
  signInAgain,
  submitSignIn,
  test,
  userMenu,
} from '../support/fixtures';

/** Otto's demo TOTP secret (docs: demo-data.md). */
const OTTO_TOTP_SECRET = DEMO_TOTP_SECRET;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8)
    bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP: HMAC-SHA1, 30 s steps, 6 digits. */
function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

const isTokenRequest = (request: Request) =>
  request.method() === 'POST' && /\/protocol\/openid-connect\/token$/.test(request.url());

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });

test.describe('the session in the browser', () => {
  test('a token with less than 20 s left is renewed before the next API request', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(dashboardHeading(page)).toBeVisible();
    await expectNoAxeViolations(page);

    const before = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      return JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number };
    });
    const events: string[] = [];
    page.on('request', (request) => {
      if (isTokenRequest(request)) {
        events.push(`token ${new URLSearchParams(request.postData() ?? '').get('grant_type')}`);
      } else if (new URL(request.url()).pathname === '/api/ping') {
        const authorization = request.headers().authorization ?? '';
        events.push(
          `ping ${authorization === `Bearer ${before.access_token}` ? 'old token' : 'new token'}`,
        );
      }
    });

    // 285 s later the token (300 s) has 15 s left; the health check (every 30 s) is due.
    await page.clock.fastForward(285_000);
    await expect.poll(() => events.find((event) => event.startsWith('ping'))).toBeDefined();
    expect(events.slice(0, 2)).toEqual(['token refresh_token', 'ping new token']);

    const after = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
      return JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number };
    });
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.expires_at).toBeGreaterThan(before.expires_at);
    await expect(dashboardHeading(page)).toBeVisible();
  });

  test('signing out in one tab signs the other tab out', async ({ page, context }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(dashboardHeading(page)).toBeVisible();

    const other = await context.newPage();
    await other.goto('/account');
    await expect(other.getByRole('heading', { level: 1, name: /Konto/ })).toBeVisible();
    await expectNoAxeViolations(other);

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);

    // The other tab follows without being touched: it leaves for the sign-in page.
    await expect(other).toHaveURL(/\/auth\/realms\/portal\//);
    await expect(other.getByLabel('E-Mail')).toBeVisible();
    await expectNoAxeViolations(other);
  });

  test('a session that ends while Mein Konto holds unsaved input keeps the page; Erneut anmelden in a window of its own carries on', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/account');
    await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
    const title = page.getByLabel('Titel');
    const before = await title.inputValue();
    // The sign-in's grant ends at the provider (as after 30 minutes without use), and the stored
    // token is about to run out, so the next request renews it.
    await revokeStoredRefreshToken(page, { tokenExpiresInSeconds: 5 });

    await title.fill('Dr. med.');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Sie sind nicht mehr angemeldet' });
    await expect(banner).toContainText('Ihre Eingaben auf dieser Seite bleiben erhalten.');
    await expect(page.getByText('Daten wurden nicht gespeichert.')).toBeVisible();
    // Still the page, with the input; not the sign-in page.
    await expect(page).toHaveURL(/\/account$/);
    await expect(title).toHaveValue('Dr. med.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'session', 'signed-out-unsaved-input');

    // The provider may still know Anna (then the window closes by itself), or asks again.
    await signInAgain(page, banner.getByRole('button', { name: 'Erneut anmelden' }), ACCOUNTS.anna);
    await expect(banner).toHaveCount(0);
    await expect(title).toHaveValue('Dr. med.');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
    await page.reload();
    await expect(title).toHaveValue('Dr. med.');
    await title.fill(before);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Ihre Daten wurden gespeichert.').first()).toBeVisible();
  });

  test('Otto signs in with his one-time code', async ({ page }) => {
    await page.goto('/dashboard');
    await submitSignIn(page, ACCOUNTS.otto);
    await expect(
      page.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // Sent empty: the page answers in German (not the browser's bubble), and it counts nothing.
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Bitte geben Sie den sechsstelligen Code ein.',
    );
    await expect(page.getByLabel('Einmalcode')).toBeFocused();

    const wrong = totp(OTTO_TOTP_SECRET) === '000000' ? '111111' : '000000';
    await page.getByLabel('Einmalcode').fill(wrong);
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByLabel('Einmalcode')).toHaveAttribute('aria-invalid', 'true');

    // Away from a 30 s boundary, so the code is still current when the server checks it.
    const intoStep = (Date.now() / 1000) % 30;
    if (intoStep > 27) await page.waitForTimeout((30 - intoStep + 0.5) * 1000);
    await page.getByLabel('Einmalcode').fill(totp(OTTO_TOTP_SECRET));
    await page.getByRole('button', { name: 'Bestätigen' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(userMenu(page)).toContainText('Otto');
    await expectNoAxeViolations(page);
  });

  test('the backend-down banner appears when ping fails and clears after the next user load', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(dashboardHeading(page)).toBeVisible();
    const banner = page.getByRole('alert').filter({ hasText: 'Keine Verbindung zum Server' });
    await expect(banner).toHaveCount(0);

    // The server stops answering the health check.
    await page.route('**/api/ping', (route) => route.abort('connectionrefused'));
    // A fresh page without the cached user (the signed-in session stays in localStorage).
    await page.goto('/impressum');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      'Der Server ist derzeit nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    );
    await expectNoAxeViolations(page);

    // The server has not recovered: the next health check hangs (no answer yet), but loading
    // the current user succeeds — which alone clears the banner.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.unroute('**/api/ping');
    await page.route('**/api/ping', async (route) => {
      await held;
      await route.abort('connectionrefused').catch(() => undefined);
    });
    const userLoaded = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/user/current' && response.ok(),
    );
    await page.getByRole('link', { name: 'Institutionsportal – zum Dashboard' }).click();
    await userLoaded;
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expectNoAxeViolations(page);
    release();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
