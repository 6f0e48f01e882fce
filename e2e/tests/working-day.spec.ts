import type { Browser, Page } from '@playwright/test';
import {
  ACCOUNTS,
  accessToken,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  revokeStoredRefreshToken,
  screenshot,
  signIn,
  signInAgain,
  submitSignIn,
  test,
  uploadToSonnenscheinTiOrder,
} from '../support/fixtures';
import { linkIn, mailMark, waitForMail } from '../support/mail';

/**
 * A long working day with the portal: several tabs of one person, a network that drops, a
 * session that ends, a tab left open, back and forward, bookmarks. One server for the file (as
 * every spec); each test brings or restores its own data.
 */

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;
const SONNENSCHEIN_TI = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01';
const MUELLER_TI = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04';

const PASSWORD = 'Lena-Arbeitstag-2026';

const shot = (page: Page, name: string) => screenshot(page, 'working-day', name);
const switcherOf = (page: Page) => page.getByRole('button', { name: /Institution auswählen/ });
/** The top bar's institution: a switcher with more than one, else just the name. */
const switcherOrName = (page: Page) => page.getByRole('banner');

async function switchInstitution(page: Page, name: RegExp) {
  await switcherOf(page).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(switcherOf(page)).toContainText(name);
}

/**
 * A person of this test's own: Anna (`admin`, signed in) invites them to Praxis Sonnenschein,
 * they set a password through the mailed link and sign in in a browser of their own. Answers
 * their page (on the dashboard) and user id.
 */
async function newMember(browser: Browser, admin: Page, role = 'INSTITUTION_MEMBER') {
  const email = `tag.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.org`;
  const mark = await mailMark();
  const response = await admin.request.post(`/api/institution/${SONNENSCHEIN}/user`, {
    headers: { Authorization: `Bearer ${await accessToken(admin)}` },
    data: { email, firstName: 'Lena', lastName: 'Lang', formOfAddress: 'Frau', title: '', role },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const mail = await waitForMail(email, mark);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(linkIn(mail));
  await page.getByLabel('Neues Passwort', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Neues Passwort wiederholen').fill(PASSWORD);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { page, context, id, email };
}

/**
 * Ends the page's sign-in at the provider (as after hours without use) and lets its stored
 * token run out in 5 s, so that the next request finds the session over.
 */
async function endSession(page: Page) {
  await revokeStoredRefreshToken(page);
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!) as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...user, expires_at: Date.now() / 1000 + 5 }));
  });
}

test.describe('two tabs of one person', () => {
  test('another tab switching the institution leaves this tab, its save and its reload (F5) with the institution it shows', async ({
    page,
    context,
  }) => {
    // Tab B: Anna's Unternehmen of Praxis Sonnenschein, input typed.
    await signIn(page, ACCOUNTS.anna, `/dashboard?institutionId=${SONNENSCHEIN}`);
    await page.goto('/institution');
    const city = page.getByRole('textbox', { name: 'Ort' });
    await expect(city).toHaveValue('Hamburg');
    await city.fill('Hamburg-Mitte');

    // Tab A: the same person switches to Zahnarztpraxis Dr. Müller (stored for the next tab).
    const tabA = await context.newPage();
    await tabA.goto('/dashboard');
    await switchInstitution(tabA, /Zahnarztpraxis Dr\. Müller/);
    // A new tab starts with the last choice made in any tab.
    const tabC = await context.newPage();
    await tabC.goto('/dashboard');
    await expect(switcherOf(tabC)).toContainText('Zahnarztpraxis Dr. Müller');
    await tabC.close();

    // Tab B still shows Praxis Sonnenschein, and its save goes there.
    await expect(switcherOf(page)).toContainText('Praxis Sonnenschein');
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes('/api/institution/'),
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).url()).toContain(SONNENSCHEIN);
    await expect(page.getByText('Einstellungen wurden übernommen.')).toBeVisible();

    // F5 in tab B: still Praxis Sonnenschein's Unternehmen (not Müller's, where Anna is no admin).
    await page.reload();
    await expect(page).toHaveURL(/\/institution$/);
    await expect(switcherOf(page)).toContainText('Praxis Sonnenschein');
    await expect(city).toHaveValue('Hamburg-Mitte');
    await city.fill('Hamburg');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Einstellungen wurden übernommen.').first()).toBeVisible();

    // The order open in tab B survives F5 as well.
    await page.goto(`/orders/ti/status/${SONNENSCHEIN_TI}`);
    await expect(page.getByTestId('ti-current-status')).toContainText('SMC-B bestellt');
    await tabA.reload();
    await expect(switcherOf(tabA)).toContainText('Zahnarztpraxis Dr. Müller');
    await page.reload();
    await expect(switcherOf(page)).toContainText('Praxis Sonnenschein');
    await expect(page.getByTestId('ti-current-status')).toContainText('SMC-B bestellt');
    await shot(page, 'tab-keeps-its-institution-after-reload');
  });
});

test.describe('a tab left open', () => {
  const deleteMember = async (admin: Page, userId: string) => {
    const removed = await admin.request.delete(`/api/institution/${SONNENSCHEIN}/user/${userId}`, {
      headers: { Authorization: `Bearer ${await accessToken(admin)}` },
    });
    expect(removed.status()).toBe(204);
  };

  test('removed from the institution meanwhile, the next page says so and the institution is gone', async ({
    page,
    browser,
  }) => {
    await signIn(page, ACCOUNTS.anna, `/dashboard?institutionId=${SONNENSCHEIN}`);
    const lena = await newMember(browser, page);
    await expect(switcherOrName(lena.page)).toContainText('Praxis Sonnenschein');

    // Anna removes Lena while Lena's dashboard stays open.
    await deleteMember(page, lena.id);
    await lena.page.getByRole('link', { name: /Dokumentation/ }).click();
    const notice = lena.page
      .getByRole('alert')
      .filter({ hasText: 'Sie wurden aus der Institution' });
    await expect(notice).toHaveText(
      'Sie wurden aus der Institution „Praxis Sonnenschein“ entfernt und haben dort keinen Zugriff mehr.',
    );
    await expect(lena.page).toHaveURL(/\/dashboard$/);
    await expect(
      lena.page.getByText('Ihrem Benutzerkonto ist keine Institution zugeordnet.'),
    ).toBeVisible();
    await expect(lena.page.getByRole('banner')).not.toContainText('Praxis Sonnenschein');
    await expectNoAxeViolations(lena.page);
    await shot(lena.page, 'removed-from-institution');
    await notice.getByRole('button', { name: 'Hinweis schließen' }).click();
    await expect(notice).toHaveCount(0);
    await lena.context.close();
  });

  test('an admin made a member meanwhile: the save is refused, the person is told why and leaves Unternehmen', async ({
    page,
    browser,
  }) => {
    await signIn(page, ACCOUNTS.anna, `/dashboard?institutionId=${SONNENSCHEIN}`);
    const lena = await newMember(browser, page, 'INSTITUTION_ADMIN');
    await lena.page.goto('/institution');
    const city = lena.page.getByRole('textbox', { name: 'Ort' });
    await expect(city).toHaveValue('Hamburg');
    await city.fill('Hamburg-Mitte');

    const changed = await page.request.put(`/api/institution/${SONNENSCHEIN}/user/${lena.id}`, {
      headers: { Authorization: `Bearer ${await accessToken(page)}` },
      data: { role: 'INSTITUTION_MEMBER' },
    });
    expect(changed.status()).toBe(200);

    await lena.page.getByRole('button', { name: 'Speichern' }).click();
    await expect(lena.page.getByText('Daten wurden nicht gespeichert.')).toBeVisible();
    await expect(lena.page.getByRole('alert').filter({ hasText: 'Ihre Rolle' })).toHaveText(
      'Ihre Rolle in der Institution „Praxis Sonnenschein“ wurde auf Mitglied geändert.',
    );
    await expect(lena.page).toHaveURL(/\/dashboard$/);
    await expect(lena.page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await shot(lena.page, 'role-changed');
    // Nothing was saved.
    await page.goto('/institution');
    await expect(page.getByRole('textbox', { name: 'Ort' })).toHaveValue('Hamburg');
    await deleteMember(page, lena.id);
    await lena.context.close();
  });
});

test.describe('bookmarks, reloads and the back button', () => {
  test('a bookmarked page with its query opens after sign-in; F5 keeps it', async ({ page }) => {
    await page.goto('/document?documentType=invoice');
    await submitSignIn(page, ACCOUNTS.anna);
    await expect(page).toHaveURL(/\/document\?documentType=invoice$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/document\?documentType=invoice$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  });

  test("a link to another institution's order says it is not found here, not an empty page", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.max, `/orders/ti/status/${MUELLER_TI}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Bestellstatus' })).toBeVisible();
    await expect(page.getByTestId('order-not-found')).toContainText(
      'Dieser Auftrag wurde nicht gefunden.',
    );
    await expectNoAxeViolations(page);
    await shot(page, 'order-not-found');
    await page.getByRole('link', { name: 'Zu den Aufträgen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
    // Back leads to the link's page again, forward to the orders.
    await page.goBack();
    await expect(page.getByTestId('order-not-found')).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
  });

  test('after another institution is chosen in the sidebar, Back returns to the order before, with its institution', async ({
    page,
  }) => {
    await signIn(
      page,
      ACCOUNTS.anna,
      `/orders/ti/status/${SONNENSCHEIN_TI}?institutionId=${SONNENSCHEIN}`,
    );
    await expect(page.getByTestId('ti-current-status')).toContainText('SMC-B bestellt');
    await page
      .getByRole('button', { name: /Menü|Navigation/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'Zahnarztpraxis Dr. Müller' }).click();
    await expect(switcherOf(page)).toContainText('Zahnarztpraxis Dr. Müller');
    await expect(page).toHaveURL(new RegExp(`/dashboard\\?institutionId=${MUELLER}$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/orders/ti/status/${SONNENSCHEIN_TI}\\?`));
    await expect(switcherOf(page)).toContainText('Praxis Sonnenschein');
    await expect(page.getByTestId('ti-current-status')).toContainText('SMC-B bestellt');
  });
});

test.describe('a session that ends while typing', () => {
  test('the document details typed in the dialog stay; after signing in again the save goes through', async ({
    page,
  }) => {
    const name = `Arbeitstag Notiz ${Date.now()}`;
    await signIn(page, ACCOUNTS.tom, '/document?documentType=communication');
    await uploadToSonnenscheinTiOrder(page, 'communication', name, {
      name: 'Notiz.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Notiz\n'),
    });
    await page.getByRole('combobox', { name: 'Kunde' }).click();
    await page.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
    const tiCase = page.getByRole('region', { name: /TI-Bestellung/ });
    await tiCase.getByRole('button', { name: `${name} bearbeiten` }).click();
    const dialog = page.getByRole('dialog', { name: 'Dokument bearbeiten' });
    await expect(dialog).toHaveCSS('opacity', '1');

    await endSession(page);
    const description = dialog.getByRole('textbox', { name: 'Beschreibung (optional)' });
    await description.fill('Rückruf am Montag');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    // The notice with its 'Erneut anmelden' is in the dialog too: on the page alone it lay
    // under the dialog's overlay, out of reach.
    const banner = dialog.getByRole('alert').filter({ hasText: 'Sie sind nicht mehr angemeldet' });
    await expect(banner).toContainText('Ihre Eingaben auf dieser Seite bleiben erhalten.');
    await expect(page.getByText('Update des Dokuments fehlgeschlagen')).toBeVisible();
    await expect(page).toHaveURL(/\/document\?documentType=communication&customerId=/);
    await expect(description).toHaveValue('Rückruf am Montag');
    await shot(page, 'signed-out-document-dialog');

    await expectNoAxeViolations(page);
    await signInAgain(page, banner.getByRole('button', { name: 'Erneut anmelden' }), ACCOUNTS.tom);
    await expect(banner).toHaveCount(0);
    await expect(description).toHaveValue('Rückruf am Montag');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Update des Dokuments erfolgreich')).toBeVisible();
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toContainText(
      'Rückruf am Montag',
    );
  });
});

test.describe('a network that drops', () => {
  test('offline for a minute: the banner says so, a page opened meanwhile fails, and once back everything comes with its styles, without a reload', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await signIn(page, ACCOUNTS.anna, `/dashboard?institutionId=${SONNENSCHEIN}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The first view's loads (and what the shell loads when idle) are done before the line drops.
    await page.waitForLoadState('networkidle');
    const banner = page.getByRole('alert').filter({ hasText: 'Keine Verbindung zum Server' });

    await context.setOffline(true);
    await page.clock.fastForward(31_000);
    await expect(banner).toBeVisible();
    // Aufträge's code and stylesheet have not been loaded yet: opening it fails, and says why.
    await page
      .getByRole('link', { name: /Aufträge/ })
      .first()
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Die Seite konnte nicht geladen werden.' }),
    ).toBeVisible();
    await shot(page, 'offline-page-failed');

    await context.setOffline(false);
    await page.clock.fastForward(31_000);
    await expect(banner).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'Zum Dashboard' }).click();
    await page
      .getByRole('link', { name: /Aufträge/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
    // Its stylesheet is there: the date filter is a field, not a bare 6 px button.
    await expect
      .poll(
        async () => (await page.getByRole('button', { name: 'Angelegt ab' }).boundingBox())?.height,
      )
      .toBeGreaterThan(24);
    await expectNoAxeViolations(page);
    await shot(page, 'back-online-orders');
  });
});
