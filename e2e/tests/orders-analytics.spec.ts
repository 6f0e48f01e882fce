import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  userMenu,
} from '../support/fixtures';

const MATOMO = 'https://analytics.portal.test';

/** Serves a stand-in matomo.js and counts what reaches the analytics origin. */
async function fakeMatomo(page: Page) {
  const requests: string[] = [];
  await page.route(`${MATOMO}/**`, async (route) => {
    requests.push(route.request().url());
    if (route.request().url().endsWith('/matomo.js')) {
      await route.fulfill({
        contentType: 'application/javascript',
        body: 'window.__matomoLoaded = true;',
      });
    } else {
      await route.fulfill({ status: 204, body: '' });
    }
  });
  return requests;
}

/** The same server on 127.0.0.1, the host configured in ANALYTICS_SITES by the e2e server. */
const configuredHost = (baseURL: string | undefined) =>
  (baseURL ?? '').replace('localhost', '127.0.0.1');

test('analytics loads only after consent on a configured host; refusal is remembered; withdrawal on Datenschutz', async ({
  page,
  baseURL,
}) => {
  const requests = await fakeMatomo(page);
  const host = configuredHost(baseURL);

  // Not configured: localhost shows no banner and loads nothing.
  await page.goto('/impressum');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('analytics-consent')).toHaveCount(0);

  // Configured host: the banner, nothing loaded before consent.
  await page.goto(`${host}/impressum`);
  const banner = page.getByRole('region', { name: 'Ihre Einwilligung zur Nutzungsanalyse' });
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'orders', 'analytics-banner');
  expect(requests).toEqual([]);

  // Refusal is remembered across reloads.
  await banner.getByRole('button', { name: 'Ablehnen' }).click();
  await expect(banner).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('analytics-consent')).toHaveCount(0);
  expect(requests).toEqual([]);

  // Consent on the Datenschutz page: the tracker loads and records a page view.
  await page.goto(`${host}/datenschutz`);
  await expect(page.getByTestId('analytics-consent-state')).toHaveText(
    'Sie haben die Nutzungsanalyse abgelehnt.',
  );
  await page.getByRole('button', { name: 'Zustimmen' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as { __matomoLoaded?: boolean }).__matomoLoaded))
    .toBe(true);
  expect(requests).toEqual([`${MATOMO}/matomo.js`]);
  const paq = (await page.evaluate(() => (window as { _paq?: unknown[][] })._paq)) ?? [];
  expect(paq).toContainEqual(['setSiteId', '3']);
  expect(paq).toContainEqual(['trackPageView']);
  // Not signed in: no user id.
  expect(paq.some((command) => command[0] === 'setUserId')).toBe(false);
  await expectNoAxeViolations(page);
  await screenshot(page, 'orders', 'analytics-datenschutz');

  // Withdrawal: after a reload nothing is loaded again.
  await page.getByRole('button', { name: 'Einwilligung widerrufen' }).click();
  await expect(page.getByTestId('analytics-consent-state')).toHaveText(
    'Sie haben die Nutzungsanalyse abgelehnt.',
  );
  requests.length = 0;
  await page.reload();
  await expect(page.getByTestId('analytics-consent-state')).toBeVisible();
  expect(requests).toEqual([]);
});

test("after signing out, the portal's page does not hold the sign-out address (the person's ID token) as its referrer, which a tracker would send on", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.max, '/dashboard');
  // Every page of the portal's own origin the browser opens from now on, with its referrer.
  const referrers: string[] = [];
  page.on('request', async (request) => {
    if (!request.isNavigationRequest()) return;
    referrers.push((await request.allHeaders()).referer ?? '');
  });
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page.getByLabel('E-Mail')).toBeVisible();
  // The sign-out went through the provider with the ID token in its address, and on to the app.
  expect(referrers.length).toBeGreaterThan(1);
  for (const referrer of referrers) expect(referrer).not.toContain('id_token_hint');
  expect(await page.evaluate(() => document.referrer)).not.toContain('id_token_hint');
});
