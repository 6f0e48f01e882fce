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
});
