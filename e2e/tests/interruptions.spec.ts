import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, screenshot, signIn, test } from '../support/fixtures';

/**
 * Interruptions in a working day: an upload whose connection drops, on the way there or on the
 * way back. One server for the file (as every spec); each test uses document types and names of
 * its own.
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
    // 1.8 MB over a line that sends 150 KB a second: about 12 s on its way.
    const buffer = Buffer.concat([pdf(name), Buffer.alloc(1_800_000, 0x41)]);
    await page.getByLabel('Dateien zum Hochladen auswählen').setInputFiles({
      name,
      mimeType: 'application/pdf',
      buffer,
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 150_000,
    });
    const answered = page
      .waitForResponse(UPLOAD, { timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    await page.getByRole('button', { name: '1 Datei hochladen' }).click();
    await expect(page.getByRole('progressbar', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    const question = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await expect(question).toContainText('gehen die Auswahl und Ihre Angaben verloren');
    await question.getByRole('button', { name: 'Seite verlassen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
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
});
