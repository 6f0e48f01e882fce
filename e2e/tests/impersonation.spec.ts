import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  userMenu,
} from '../support/fixtures';

const shot = (page: Page, name: string) => screenshot(page, 'impersonation', name);
const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;
const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const IMPERSONATION_KEY = 'portal.impersonation.access_token';
const IMPERSONATION_REFRESH_KEY = 'portal.impersonation.refresh_token';
const IMPERSONATION_ENDS_AT_KEY = 'portal.impersonation.ends_at';

/**
 * The provider no longer renews the impersonation, as after its 30 minutes: a refresh token it
 * refuses, and the impersonation's end `secondsLeft` from now (in the page's clock). A refusal
 * well before the end would say it was ended, not that it ran out. With `token`, its access
 * token ends then too.
 */
async function letRunOut(page: Page, secondsLeft: number, { token = false } = {}) {
  await page.evaluate(
    ({ refresh, endsAt, expiresAt, secondsLeft, token }) => {
      const end = String(Math.floor(Date.now() / 1000) + secondsLeft);
      localStorage.setItem(refresh, 'nicht-mehr-gueltig');
      localStorage.setItem(endsAt, end);
      if (token) localStorage.setItem(expiresAt, end);
    },
    {
      refresh: IMPERSONATION_REFRESH_KEY,
      endsAt: IMPERSONATION_ENDS_AT_KEY,
      expiresAt: 'portal.impersonation.expires_at',
      secondsLeft,
      token,
    },
  );
}

const dashboardHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });
const tileLinkNamed = (page: Page, name: RegExp) =>
  page.getByTestId('dashboard-tiles').getByRole('link', { name });
const impersonationButton = (page: Page) =>
  page.getByRole('button', { name: 'Als User eines Kunden anmelden' });

/** Sara (support of Abrechnungszentrum Nord) acts as Max Weiß of Praxis Sonnenschein. */
async function saraActsAsMax(page: Page) {
  await signIn(page, ACCOUNTS.sara, `/dashboard?institutionId=${NORD}`);
  await startActingAsMax(page);
}

/** On Sara's signed-in dashboard: Als User eines Kunden anmelden, Max Weiß of Praxis Sonnenschein. */
async function startActingAsMax(page: Page) {
  await impersonationButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Als User eines Kunden anmelden' });
  await dialog.getByRole('combobox', { name: 'Kunden-Institution' }).pressSequentially('Sonnen');
  await page.getByRole('option', { name: /Praxis Sonnenschein/ }).click();
  await dialog.getByRole('combobox', { name: 'Benutzer' }).pressSequentially('Max');
  await page.getByRole('option', { name: /Max Weiß/ }).click();
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('support-mode')).toBeVisible();
}

test.describe('impersonation (Als User eines Kunden anmelden)', () => {
  // Two sign-ins' worth of pages, each checked with axe: more than the default minute.
  test.describe.configure({ timeout: 180_000 });
  test('Sara signs in as Max of Praxis Sonnenschein, sees Support-Modus, returns with Eigener User', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.sara, `/dashboard?institutionId=${NORD}`);
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(impersonationButton(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'sara-dashboard');

    await impersonationButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Als User eines Kunden anmelden' });
    await expect(dialog).toBeVisible();
    const institution = dialog.getByRole('combobox', { name: 'Kunden-Institution' });
    const user = dialog.getByRole('combobox', { name: 'Benutzer' });
    const submit = dialog.getByRole('button', { name: 'Anmelden' });
    await expect(user).toBeDisabled();
    await expect(submit).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Eigener User' })).toBeDisabled();
    await expectNoAxeViolations(page);

    // Nothing found: the placeholder is shown and cannot be picked. (The list opens in a portal
    // above the dialog, so it is looked up on the page.)
    await institution.fill('Gibtesnicht');
    const none = page.getByRole('option', { name: 'Keine Institution gefunden.' });
    await expect(none).toBeVisible();
    await expect(none).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('option')).toHaveCount(1);
    // A combobox to assistive technology, open now; the answer is an option of its list.
    await expect(institution).toHaveAttribute('role', 'combobox');
    await expect(institution).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page);
    await institution.press('ArrowDown');
    await institution.press('Enter');
    await expect(user).toBeDisabled();

    // Keyboard only: type, arrow down, Enter.
    await institution.fill('');
    await institution.pressSequentially('Sonnen');
    const option = page.getByRole('option', { name: /Praxis Sonnenschein/ });
    await expect(option).toBeVisible();
    await expect(option).toContainText('Kd.-Nr. 100234');
    await expect(option).toContainText('20095 Hamburg');
    await expectNoAxeViolations(page);
    await shot(page, 'institution-search');
    await institution.press('ArrowDown');
    await institution.press('Enter');
    await expect(institution).toHaveValue(/Praxis Sonnenschein/);

    await expect(user).toBeEnabled();
    await user.pressSequentially('Max');
    const maxOption = page.getByRole('option', { name: /Max Weiß/ });
    await expect(maxOption).toContainText('max.mitglied@praxis-sonnenschein.de');
    await expect(maxOption).toContainText('Mitglied');
    await shot(page, 'user-search');
    await user.press('ArrowDown');
    await user.press('Enter');
    await expect(user).toHaveValue('Max Weiß');
    await expect(submit).toBeEnabled();
    await expectNoAxeViolations(page);
    await submit.click();

    // The app reloads as Max: Support-Modus, warning-coloured navbar, no institution switching.
    await expect(page.getByTestId('support-mode')).toHaveText('Support-Modus');
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(page.getByText('Kunden-Institution erfolgreich nachgeahmt.')).toBeVisible();
    await expect(page.getByTestId('institution-name')).toHaveText('Praxis Sonnenschein');
    await expect(page.getByRole('button', { name: /Institution auswählen/ })).toHaveCount(0);
    await expect(userMenu(page)).toContainText('Max');
    // The tab tells the customer's side from Sara's own.
    await expect(page).toHaveTitle('Support-Modus – Dashboard – Institutionsportal');
    expect(await page.evaluate((key) => localStorage.getItem(key), IMPERSONATION_KEY)).toBeTruthy();
    // Everything fits the bar at 1280 px: the badge is not cut, Max's practice is named.
    const badge = page.getByTestId('support-mode');
    expect(
      await badge.evaluate((element) =>
        Array.from(element.querySelectorAll('*')).every(
          (part) => part.scrollWidth <= part.clientWidth,
        ),
      ),
    ).toBe(true);
    await expect(page.getByTestId('institution-name')).toHaveText('Praxis Sonnenschein');
    await expect(page.getByTestId('institution-name')).toBeInViewport();
    await expectNoAxeViolations(page);
    await shot(page, 'max-support-mode');

    // While impersonating the modal offers only Eigener User.
    await impersonationButton(page).click();
    const again = page.getByRole('dialog', { name: 'Als User eines Kunden anmelden' });
    await expect(again.getByRole('combobox', { name: 'Kunden-Institution' })).toBeDisabled();
    await expect(again.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    await expect(again.getByRole('button', { name: 'Eigener User' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await again.getByRole('button', { name: 'Abbrechen' }).click();

    // The bar shows Max (spec); who actually acts is said beside Support-Modus and in the menu.
    await expect(badge).toHaveAttribute('title', 'Sara Öztürk handelt als Max Weiß.');
    await userMenu(page).click();
    await expect(page.getByRole('menu')).toContainText('Sara Öztürk handelt als Max Weiß.');
    await expectNoAxeViolations(page);
    await shot(page, 'max-user-menu');
    // Abmelden reads Eigener User and brings Sara back without signing in.
    await expect(page.getByRole('menuitem', { name: 'Abmelden' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Eigener User' }).click();
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    await expect(dashboardHeading(page)).toBeVisible();
    await expect(userMenu(page)).toContainText('Sara');
    await expect(page).toHaveTitle('Dashboard – Institutionsportal');
    await expect(page).not.toHaveURL(/\/auth\/realms\//);
    expect(await page.evaluate((key) => localStorage.getItem(key), IMPERSONATION_KEY)).toBeNull();
    await expectNoAxeViolations(page);
    await shot(page, 'sara-back');
  });

  test("acting as Anna of Zahnarztpraxis Dr. Müller opens Dr. Müller's dashboard, not Anna's first practice", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.sara, `/dashboard?institutionId=${NORD}`);
    await impersonationButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Als User eines Kunden anmelden' });
    await dialog.getByRole('combobox', { name: 'Kunden-Institution' }).pressSequentially('Müller');
    await page.getByRole('option', { name: /Zahnarztpraxis Dr\. Müller/ }).click();
    await dialog.getByRole('combobox', { name: 'Benutzer' }).pressSequentially('Anna');
    await page.getByRole('option', { name: /Anna Schäfer/ }).click();
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByTestId('support-mode')).toBeVisible();
    // Anna belongs to two practices; the switcher is locked, so the chosen one must be open.
    const switcher = page.getByRole('button', { name: /Institution auswählen/ });
    await expect(switcher).toContainText('Zahnarztpraxis Dr. Müller');
    await expect(switcher).toBeDisabled();
    await expect(tileLinkNamed(page, /Mein Online-Banking/)).toBeVisible();
    // A reload without the parameter stays with Dr. Müller …
    await page.goto('/dashboard');
    await expect(switcher).toContainText('Zahnarztpraxis Dr. Müller');
    // … and Sara's own last choice was kept apart: Eigener User brings her back to it.
    expect(await page.evaluate(() => localStorage.getItem('lastInstitutionId'))).toBe(NORD);
    // Nothing of the customer's is asked for with Sara's token once she is back (every API
    // answer from here on is one she may have: no 403 or 404).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && [403, 404].includes(response.status())) {
        refused.push(`${response.status()} ${response.url()}`);
      }
    });
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Eigener User' }).click();
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    await expect(page.getByTestId('institution-name')).toHaveText('Abrechnungszentrum Nord GmbH');
    await expect(tileLinkNamed(page, /./).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('lastInstitutionId'))).toBe(NORD);
    expect(refused).toEqual([]);
  });

  test('removing the impersonated tokens in another tab ends the impersonation here too', async ({
    page,
    context,
  }) => {
    await saraActsAsMax(page);

    const other = await context.newPage();
    await other.goto('/dashboard');
    await expect(other.getByTestId('support-mode')).toBeVisible();
    await other.evaluate((key) => localStorage.removeItem(key), IMPERSONATION_KEY);
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    await expect(userMenu(page)).toContainText('Sara');
  });

  test("a tab that stays as Sara (unsaved input) while another tab starts acting as Max saves nothing onto Max's account", async ({
    page,
    context,
  }) => {
    await signIn(page, ACCOUNTS.sara, '/account');
    await expect(page.getByLabel('Vorname')).toHaveValue('Sara');
    await page.getByLabel('Titel').fill('Prof.');
    // The other tab's start reloads this one; its unsaved input makes the browser ask, and Sara
    // stays on the page.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    const other = await context.newPage();
    await other.goto(`/dashboard?institutionId=${NORD}`);
    await startActingAsMax(other);
    expect(await asked).toBe('beforeunload');
    await expect(page.getByLabel('Titel')).toHaveValue('Prof.');
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    const stale = page.getByRole('alert').filter({ hasText: 'Die Anmeldung hat sich geändert' });
    await expect(stale).toContainText('speichert nichts mehr');
    await expectNoAxeViolations(page);
    await shot(page, 'stale-tab');

    // This page still shows Sara's data: its Speichern must not go out as Max.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request.method());
    });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Daten wurden nicht gespeichert.')).toBeVisible();
    expect(sent).toEqual([]);
    await other.goto('/account');
    await expect(other.getByTestId('support-mode')).toBeVisible();
    await expect(other.getByLabel('Vorname')).toHaveValue('Max');
    await expect(other.getByLabel('Titel')).not.toHaveValue('Prof.');
  });

  test('the impersonated token is renewed like the own one, and stays an impersonation', async ({
    page,
  }) => {
    await page.clock.install();
    await saraActsAsMax(page);
    const before = await page.evaluate(
      (keys) => ({
        access: localStorage.getItem(keys.access) ?? '',
        refresh: localStorage.getItem(keys.refresh) ?? '',
      }),
      { access: IMPERSONATION_KEY, refresh: IMPERSONATION_REFRESH_KEY },
    );
    expect(before.refresh).not.toBe('');
    const refreshedWith: string[] = [];
    const pings: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'POST' && path.endsWith('/protocol/openid-connect/token')) {
        const form = new URLSearchParams(request.postData() ?? '');
        if (form.get('grant_type') === 'refresh_token') {
          refreshedWith.push(form.get('refresh_token') ?? '');
        }
      } else if (path === '/api/ping') {
        pings.push((request.headers().authorization ?? '').replace(/^Bearer /, ''));
      }
    });

    // 285 s later the impersonated token (300 s) has 15 s left; the health check is due.
    await page.clock.fastForward(285_000);
    await expect.poll(() => pings.length).toBeGreaterThan(0);
    expect(refreshedWith).toContain(before.refresh);
    const renewed = pings[0] ?? '';
    expect(renewed).not.toBe(before.access);
    const claims = JSON.parse(
      Buffer.from(renewed.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { sub: string; impersonator?: { username: string } };
    expect(claims.impersonator?.username).toBe('sara.support@abrechnungszentrum-nord.de');
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), IMPERSONATION_KEY))
      .toBe(renewed);
    await expect(page.getByTestId('support-mode')).toBeVisible();
    await expect(userMenu(page)).toContainText('Max');
  });

  test('an impersonation that runs out while Sara has unsaved input keeps the page; she resumes it and saves as Max', async ({
    page,
  }) => {
    await page.clock.install();
    await saraActsAsMax(page);
    await page.goto('/account');
    await expect(page.getByLabel('Vorname')).toHaveValue('Max');
    const title = page.getByLabel('Titel');
    const before = await title.inputValue();
    await title.fill('Dr.');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    // The provider no longer renews it: its 30 minutes are over when its token is.
    await letRunOut(page, 300);
    await page.clock.fastForward(285_000);
    const banner = page.getByRole('alert').filter({ hasText: 'Die Nachahmung ist abgelaufen' });
    await expect(banner).toContainText('Ihre Eingaben auf dieser Seite bleiben erhalten');
    await expect(banner).toContainText('Max Weiß');
    // No reload, so no browser question: the page and its input stay as they were.
    expect(dialogs).toEqual([]);
    await expect(title).toHaveValue('Dr.');
    await expectNoAxeViolations(page);
    await shot(page, 'ran-out-with-input');

    await banner.getByRole('button', { name: 'Nachahmung fortsetzen' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId('support-mode')).toBeVisible();
    await page.getByRole('button', { name: 'Speichern' }).first().click();
    await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Titel')).toHaveValue('Dr.');
    await expect(page.getByTestId('support-mode')).toBeVisible();
    await expect(page.getByLabel('Vorname')).toHaveValue('Max');
    // Max's title as it was, for the other tests.
    await page.getByLabel('Titel').fill(before);
    await page.getByRole('button', { name: 'Speichern' }).first().click();
    await expect(page.getByText('Ihre Daten wurden gespeichert.').first()).toBeVisible();
  });

  test('an impersonation that runs out in another tab keeps the page with her input; resumed there, the other tab follows', async ({
    page,
  }) => {
    await saraActsAsMax(page);
    // A second tab of the same browser, Max's account with a typed title.
    const input = await page.context().newPage();
    const dialogs: string[] = [];
    input.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await input.goto('/account');
    await expect(input.getByTestId('support-mode')).toBeVisible();
    await expect(input.getByLabel('Vorname')).toHaveValue('Max');
    const title = input.getByLabel('Titel');
    const before = await title.inputValue();
    await title.fill('Dr.');
    // The provider no longer renews it (its 30 minutes are over), and its token is nearly over:
    // the first tab's next request finds it run out.
    await letRunOut(page, 10, { token: true });
    await page.goto('/orders');
    // That tab held no input: back as Sara.
    await expect(userMenu(page)).toContainText('Sara');
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    // This one stays, with its input, and offers to go on.
    const banner = input.getByRole('alert').filter({ hasText: 'Die Nachahmung ist abgelaufen' });
    await expect(banner).toContainText('Ihre Eingaben auf dieser Seite bleiben erhalten');
    await expect(title).toHaveValue('Dr.');
    expect(dialogs).toEqual([]);
    await expectNoAxeViolations(input);
    await shot(input, 'ran-out-in-other-tab');

    await banner.getByRole('button', { name: 'Nachahmung fortsetzen' }).click();
    await expect(banner).toHaveCount(0);
    await input.getByRole('button', { name: 'Speichern' }).first().click();
    await expect(input.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
    // The first tab follows the impersonation started again.
    await expect(page.getByTestId('support-mode')).toBeVisible();
    await expect(userMenu(page)).toContainText('Max');
    // Max's title as it was, for the other tests.
    await title.fill(before);
    await input.getByRole('button', { name: 'Speichern' }).first().click();
    await expect(input.getByText('Ihre Daten wurden gespeichert.').first()).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  test('an impersonation that can no longer be renewed ends: back as Sara, and she is told why', async ({
    page,
  }) => {
    await page.clock.install();
    await saraActsAsMax(page);
    // The provider no longer renews it: its 30 minutes are over when its token is.
    await letRunOut(page, 300);
    // 285 s later the impersonated token has 15 s left; the health check asks for a renewal.
    await page.clock.fastForward(285_000);
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    await expect(userMenu(page)).toContainText('Sara');
    // A toast in the toasts' polite live region.
    const notice = page.locator('[aria-live="polite"] .mantine-Notification-root').filter({
      hasText: 'Die Nachahmung ist abgelaufen. Sie sind wieder als eigener User angemeldet.',
    });
    await expect(notice).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'sara-ran-out');
    // It waits to be read: still there after the usual 3 s, gone when closed.
    await page.clock.fastForward(5_000);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Schließen' }).click();
    await expect(notice).toHaveCount(0);
  });

  test('an impersonation ended before its time (on another device) ends here at its next renewal: Sara is told it was ended, not that it ran out', async ({
    page,
  }) => {
    await page.clock.install();
    await saraActsAsMax(page);
    const ends = await page.evaluate(
      (key) => Number(localStorage.getItem(key)),
      IMPERSONATION_ENDS_AT_KEY,
    );
    // Its 30 minutes, from the exchange's refresh_expires_in.
    expect(ends - (await page.evaluate(() => Date.now() / 1000))).toBeGreaterThan(29 * 60);
    // Ended elsewhere with its token (as Eigener User on another device does): the provider
    // revokes its grant, so it refuses the next renewal, 25 minutes before its end.
    const token = await page.evaluate((key) => localStorage.getItem(key), IMPERSONATION_KEY);
    const ended = await page.request.post('/api/impersonation/end', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status()).toBe(204);
    await page.clock.fastForward(285_000);
    await expect(page.getByTestId('support-mode')).toHaveCount(0);
    await expect(userMenu(page)).toContainText('Sara');
    const notice = page.locator('[aria-live="polite"] .mantine-Notification-root').filter({
      hasText:
        'Die Nachahmung wurde vor ihrem Ablauf beendet, zum Beispiel weil der Zugriff auf den Kunden nicht mehr erlaubt ist. Sie sind wieder als eigener User angemeldet.',
    });
    await expect(notice).toBeVisible();
    await expect(page.getByText(/Die Nachahmung ist abgelaufen/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, 'sara-ended-early');
  });

  for (const who of ['max', 'anna'] as const) {
    test(`${who} does not see the button`, async ({ page }) => {
      await signIn(page, ACCOUNTS[who], `/dashboard?institutionId=${SONNENSCHEIN}`);
      await expect(dashboardHeading(page)).toBeVisible();
      await expect(userMenu(page)).toBeVisible();
      await expect(impersonationButton(page)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });
  }

  test("Anna sees Sara's access under Support-Zugriffe", async ({ page, browser }) => {
    // Its own access first (independent of the other tests), in Sara's own browser context.
    const sara = await browser.newContext();
    try {
      await saraActsAsMax(await sara.newPage());
    } finally {
      await sara.close();
    }
    await signIn(page, ACCOUNTS.anna, `/institution?institutionId=${SONNENSCHEIN}`);
    const section = page.getByRole('region', { name: 'Support-Zugriffe' });
    await expect(section).toBeVisible();
    await expect(section).toContainText('Sara Öztürk');
    await expect(section).toContainText('Max Weiß');
    await expect(section).toContainText('Abrechnungszentrum Nord GmbH');
    await expect(section).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    await expectNoAxeViolations(page);
    await shot(page, 'anna-support-access');
    // On a phone the accesses are cards, each value named by its column, not a table to push
    // sideways.
    await page.setViewportSize({ width: 375, height: 667 });
    const firstAccess = section.getByRole('row').nth(1);
    await expect(firstAccess.getByRole('cell').first()).toHaveAttribute(
      'data-label',
      'Support\u00admitarbeiter',
    );
    await expect(section.getByTestId('table-scroll-hint')).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await firstAccess.scrollIntoViewIfNeeded();
    await shot(page, 'anna-support-access-phone');
  });
});
