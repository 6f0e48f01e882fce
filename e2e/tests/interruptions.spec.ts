import type { BrowserContext, Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  revokeStoredRefreshToken,
  screenshot,
  signIn,
  signInAgain,
  submitSignIn,
  test,
} from '../support/fixtures';

/**
 * Interruptions in a working day: an upload whose connection drops, on the way there or on the
 * way back, or that the person leaves; a tab left open overnight. One server for the file (as
 * every spec); each test uses document types and names of its own.
 */

const shot = (page: Page, name: string) => screenshot(page, 'interruptions', name);
const UPLOAD = /\/api\/institution\/[^/]+\/business_case\/[^/]+\/document$/;
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\n%%EOF\n`);

/** Tom on `documentType`'s page, Praxis Sonnenschein and its TI order chosen for the upload. */
async function openUpload(page: Page, documentType: string) {
  await signIn(page, ACCOUNTS.tom, `/document?documentType=${documentType}`);
  await page.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
  await page.getByRole('combobox', { name: 'Geschäftsfall' }).click();
  await page.getByRole('option', { name: /TI-Bestellung/ }).click();
  return page.getByRole('region', { name: /TI-Bestellung/ });
}

/**
 * A file of 1.8 MB named `name` chosen, and the page's line slowed to 150 KB a second for
 * sending (about 12 s on its way); `fast()` gives the line its speed back. `answered` tells,
 * 20 s after the call, whether an upload was answered meanwhile.
 */
async function chooseOnSlowLine(page: Page, context: BrowserContext, name: string) {
  const buffer = Buffer.concat([pdf(name), Buffer.alloc(1_800_000, 0x41)]);
  await page.getByLabel('Dateien zum Hochladen auswählen').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer,
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const line = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: uploadThroughput > 0 ? 20 : 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await line(150_000);
  const answered = page
    .waitForResponse(UPLOAD, { timeout: 20_000 })
    .then(() => true)
    .catch(() => false);
  return { answered, fast: () => line(-1) };
}

test.describe('an upload interrupted', () => {
  test('the connection drops on the way back after the file was stored: the person is told, tries again, and the file is there once', async ({
    page,
  }) => {
    const tiCase = await openUpload(page, 'service_report');
    const name = `Servicebericht ${Date.now()}.pdf`;
    await page
      .getByLabel('Dateien zum Hochladen auswählen')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf(name) });
    const entry = page.getByTestId('upload-entry').filter({ hasText: name });
    await entry
      .getByRole('textbox', { name: 'Beschreibung (optional)' })
      .fill('Konnektor getauscht');

    // The server stores the file, but its answer never reaches the browser.
    let stored = 0;
    await page.route(UPLOAD, async (route) => {
      const response = await route.fetch();
      if (response.status() === 201) stored += 1;
      await route.abort('connectionreset');
    });
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments fehlgeschlagen: Die Verbindung wurde unterbrochen. Bitte versuchen Sie es erneut.',
    );
    expect(stored).toBe(1);
    // Nothing to type again: the file and the details wait to be sent again.
    await expect(entry.getByRole('textbox', { name: 'Beschreibung (optional)' })).toHaveValue(
      'Konnektor getauscht',
    );
    await shot(page, 'upload-answer-lost');

    await page.unroute(UPLOAD);
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments erfolgreich',
    );
    // Stored once, not once per try: the practice sees one document.
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toHaveCount(
      1,
    );
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toContainText(
      'Konnektor getauscht',
    );
  });

  test('the connection drops on the way there: nothing is stored, the file and details stay, and trying again stores it', async ({
    page,
  }) => {
    const tiCase = await openUpload(page, 'forms');
    const name = `Formular ${Date.now()}.pdf`;
    await page
      .getByLabel('Dateien zum Hochladen auswählen')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf(name) });
    const entry = page.getByTestId('upload-entry').filter({ hasText: name });
    await entry.getByRole('textbox', { name: 'Anzeigename' }).fill('SEPA-Mandat');

    await page.route(UPLOAD, (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments fehlgeschlagen: Die Verbindung wurde unterbrochen. Bitte versuchen Sie es erneut.',
    );
    await expect(
      tiCase.getByTestId('manage-document-row').filter({ hasText: 'SEPA-Mandat' }),
    ).toHaveCount(0);
    await expect(entry.getByRole('textbox', { name: 'Anzeigename' })).toHaveValue('SEPA-Mandat');

    await page.unroute(UPLOAD);
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments erfolgreich',
    );
    await expect(
      tiCase.getByTestId('manage-document-row').filter({ hasText: 'SEPA-Mandat' }),
    ).toHaveCount(1);
  });

  test('the person leaves while a file is on its way and is told the choice is lost: the upload stops and nothing is stored', async ({
    page,
    context,
  }) => {
    const tiCase = await openUpload(page, 'information');
    const name = `Information ${Date.now()}.pdf`;
    const { answered, fast } = await chooseOnSlowLine(page, context, name);
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(page.getByRole('progressbar', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const question = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await expect(question).toContainText('gehen die Auswahl und Ihre Angaben verloren');
    await question.getByRole('button', { name: 'Seite verlassen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await fast();
    // Long enough for the upload to have arrived, had it gone on.
    expect(await answered).toBe(false);
    // Back on the page (the chosen customer is in its address): the file is not there.
    await page.goBack();
    await expect(tiCase).toBeVisible();
    await expect(tiCase.getByText('Dokumente werden geladen …')).toHaveCount(0);
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toHaveCount(
      0,
    );
  });

  test('Abbrechen stops a file on its way: nothing is stored, the file and details wait, and sending it again stores it once', async ({
    page,
    context,
  }) => {
    const tiCase = await openUpload(page, 'communication');
    const name = `Kommunikation ${Date.now()}.pdf`;
    const entry = page.getByRole('article', { name });
    const { answered, fast } = await chooseOnSlowLine(page, context, name);
    await entry.getByRole('textbox', { name: /Beschreibung/ }).fill('Vom Empfang');
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(page.getByRole('progressbar', { name: new RegExp(name) })).toBeVisible();
    await entry.getByRole('button', { name: `Hochladen von ${name} abbrechen` }).click();
    await expect(entry.getByRole('status')).toHaveText(
      'Hochladen abgebrochen. Die Datei und Ihre Angaben bleiben in der Auswahl, bis Sie sie hochladen oder entfernen.',
    );
    await fast();
    await expect(entry.getByRole('textbox', { name: /Beschreibung/ })).toHaveValue('Vom Empfang');
    await expect(page.getByText(/fehlgeschlagen/)).toHaveCount(0);
    await shot(page, 'upload-cancelled');
    await expectNoAxeViolations(page);
    // Long enough for the upload to have arrived, had it gone on; the list has no such file.
    expect(await answered).toBe(false);
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toHaveCount(
      0,
    );
    // Sent again, it is stored once.
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByRole('status')).toHaveText('Hinzufügen des Dokuments erfolgreich');
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toHaveCount(
      1,
    );
  });
});

/**
 * The night passes: the page's sign-in ends at the provider (its refresh token revoked, as the
 * provider ends a session after hours without use) and the page's clock jumps 12 hours ahead,
 * its due timers firing once, as when a laptop's lid is opened in the morning.
 */
async function nightPasses(page: Page) {
  await revokeStoredRefreshToken(page);
  await page.clock.fastForward('12:00:00');
}

/**
 * The page's clock back to the real time: the night passed for the page alone, the server's
 * clock did not move, and new tokens would look 12 hours old to the page. (A real night moves
 * both.)
 */
const morningForTheServerToo = (page: Page) => page.clock.setSystemTime(new Date());

test.describe('a tab left open overnight', () => {
  test('with files chosen and details typed: in the morning the page says only that the session ended, the upload says why it failed, and after signing in again it goes through', async ({
    page,
  }) => {
    await page.clock.install();
    const tiCase = await openUpload(page, 'delivery_note');
    const name = `Lieferschein ${Date.now()}.pdf`;
    await page
      .getByLabel('Dateien zum Hochladen auswählen')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf(name) });
    const entry = page.getByTestId('upload-entry').filter({ hasText: name });
    await entry.getByRole('textbox', { name: 'Beschreibung (optional)' }).fill('Am Abend getippt');
    await page.waitForLoadState('networkidle');

    await nightPasses(page);
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Ihre Eingaben auf dieser Seite bleiben erhalten.' });
    await expect(notice).toContainText('Sie sind nicht mehr angemeldet');
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments fehlgeschlagen: Sie sind nicht mehr angemeldet. Bitte melden Sie sich erneut an und versuchen Sie es dann noch einmal.',
    );
    // Nothing claims the server is down or the page is broken (a reload would lose the input).
    await expect(page.getByText('Keine Verbindung zum Server')).toHaveCount(0);
    await expect(page.getByText(/Fehler beim Laden der Institution/)).toHaveCount(0);
    await expect(page.getByText(/konnten nicht geladen werden/)).toHaveCount(0);
    await expect(entry.getByRole('textbox', { name: 'Beschreibung (optional)' })).toHaveValue(
      'Am Abend getippt',
    );
    await shot(page, 'overnight-upload');
    await expectNoAxeViolations(page);

    await morningForTheServerToo(page);
    await signInAgain(page, notice.getByRole('button', { name: 'Erneut anmelden' }), ACCOUNTS.tom);
    await expect(notice).toHaveCount(0);
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments erfolgreich',
    );
    await expect(tiCase.getByTestId('manage-document-row').filter({ hasText: name })).toContainText(
      'Am Abend getippt',
    );
  });

  test('without input: in the morning the tab goes to the sign-in page, and signing in brings the person back to the page they left', async ({
    page,
    context,
  }) => {
    await page.clock.install();
    await signIn(page, ACCOUNTS.anna, `/orders?createdFrom=2026-01-01`);
    await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    // The provider's own sign-in ended too (its sessions last 10 hours at most).
    await context.clearCookies();
    await nightPasses(page);
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await shot(page, 'overnight-sign-in');
    await morningForTheServerToo(page);
    await submitSignIn(page, ACCOUNTS.anna);
    await expect(page).toHaveURL(/\/orders\?createdFrom=2026-01-01$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
    await expect(page.getByText('Keine Verbindung zum Server')).toHaveCount(0);
  });
});
