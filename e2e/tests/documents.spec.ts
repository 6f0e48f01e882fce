import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  signIn,
  test,
  uploadToSonnenscheinTiOrder,
} from '../support/fixtures';

const SHOTS = '/tmp/shots-documents';
const UMLAUT_NAME = 'Installationsprotokoll Mönckebergstraße.txt';

/**
 * Tom (Abrechnungszentrum Nord, trusted) provides a document of `type` to Praxis Sonnenschein's
 * TI order through the API the upload form uses (real sign-in, real multipart upload), so that
 * a test has documents of its own instead of those another test uploaded. Display names carry
 * a stamp: a retried test meets no leftovers of its first try.
 */
async function provideDocument(
  browser: Browser,
  type: string,
  displayName: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.tom, '/dashboard');
    await uploadToSonnenscheinTiOrder(page, type, displayName, file);
  } finally {
    await context.close();
  }
}

const stamp = () => new Date().toISOString().slice(11, 23).replaceAll(/[:.]/g, '');

/** The unread badge of a type in the page's type navigation. */
const typeLink = (page: Page, type: string) => page.getByTestId(`document-type-${type}`);

test('Anna sees the unread badge, downloads the file with umlauts: same bytes, badge drops', async ({
  page,
  browser,
}) => {
  // A document of its own: the seeded one is read once any run downloaded it (a CI retry runs on
  // the same server).
  const name = `Installationsprotokoll Mönckebergstraße ${stamp()}.txt`;
  const content = 'Installationsprotokoll TI-Konnektor, Mönckebergstraße 7\n';
  await provideDocument(browser, 'documentation', name, {
    name: 'protokoll.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(content),
  });
  await signIn(page, ACCOUNTS.anna, '/document?documentType=documentation');
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumentation' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pfadnavigation' })).toHaveText(
    /Dashboard.*Dokumentation/,
  );
  // The seeded document, as the demo data describes it.
  const seeded = page.getByTestId('document-row').filter({ hasText: UMLAUT_NAME });
  await expect(seeded.getByText('15.09.2026')).toBeVisible();
  await expect(seeded.getByText('Protokoll der TI-Installation')).toBeVisible();

  await expect(typeLink(page, 'documentation')).toHaveAccessibleName(
    /^Dokumentation \d+ ungelesen$/,
  );
  const unread = async () =>
    Number(
      /(\d+) ungelesen/.exec((await typeLink(page, 'documentation').textContent()) ?? '')?.[1],
    );
  const before = await unread();
  expect(before).toBeGreaterThanOrEqual(1);
  const row = page.getByTestId('document-row').filter({ hasText: name });
  await expect(row.getByText('Ungelesen')).toBeVisible();
  await expect(row.getByText('20.11.2026')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

  const downloadPromise = page.waitForEvent('download');
  await row.getByRole('button', { name: `${name} herunterladen` }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(name);
  const bytes = await readFile((await download.path()) as string, 'utf8');
  expect(bytes).toBe(content);
  // Without a page reload: the unread marker is gone and the type's badge drops by one.
  await expect(row.getByText('Ungelesen')).toHaveCount(0);
  await expect(typeLink(page, 'documentation')).toHaveAccessibleName(
    before === 1 ? 'Dokumentation' : `Dokumentation ${before - 1} ungelesen`,
  );
  await expectNoAxeViolations(page);
});

test('a large download on a slow line shows how far it has come, then the whole file arrives', async ({
  page,
  browser,
}) => {
  const name = `Großes Handbuch ${stamp()}.txt`;
  const content = Buffer.alloc(1536 * 1024, 'Handbuch TI-Konnektor\n');
  await provideDocument(browser, 'documentation', name, {
    name: 'handbuch.txt',
    mimeType: 'text/plain',
    buffer: content,
  });
  await signIn(page, ACCOUNTS.anna, '/document?documentType=documentation');
  const row = page.getByTestId('document-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  // About 400 KB a second: some four seconds for the file.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 400 * 1024,
    uploadThroughput: -1,
  });
  const downloadPromise = page.waitForEvent('download');
  await row.getByRole('button', { name: `${name} herunterladen` }).click();
  const bar = row.getByRole('progressbar', { name: `„${name}“ wird heruntergeladen` });
  await expect(bar).toHaveAttribute('aria-valuetext', /^([1-9]|[1-9]\d) %$/);
  await expect(row.getByRole('button', { name: `${name} herunterladen` })).toHaveAttribute(
    'data-loading',
    'true',
  );
  await page.screenshot({ path: `${SHOTS}/download-progress.png` });
  await expectNoAxeViolations(page);
  const download = await downloadPromise;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect((await readFile((await download.path()) as string)).equals(content)).toBe(true);
  await expect(bar).toHaveCount(0);
});

test('the list reloads when the query parameter changes; an empty type says so', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.anna, '/document?documentType=invoice');
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  await expect(page.getByTestId('document-row')).toHaveCount(2);
  // Newest first.
  await expect(page.getByTestId('document-row').first()).toContainText('Rechnung November 2026');
  await typeLink(page, 'communication').click();
  await expect(page).toHaveURL(/documentType=communication/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kommunikation' })).toBeVisible();
  // Other specs upload to Praxis Sonnenschein; nothing is ever uploaded to Anna's other practice,
  // so its list is empty whichever spec ran before.
  const switcher = page.getByRole('button', { name: /Institution auswählen/ });
  await switcher.click();
  await page.getByRole('menuitemradio', { name: /Zahnarztpraxis Dr\. Müller/ }).click();
  await expect(switcher).toContainText('Zahnarztpraxis Dr. Müller');
  await expect(page.getByRole('heading', { level: 1, name: 'Kommunikation' })).toBeVisible();
  await expect(page.getByText(/noch keine Dokumente/)).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a search narrows the list by name, description or date; a search that finds nothing says so', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.anna, '/document?documentType=invoice');
  const rows = page.getByTestId('document-row');
  await expect(rows.first()).toBeVisible();
  const all = await rows.count();
  const search = page.getByLabel('Dokumente durchsuchen');
  await search.fill('oktober monatsrechnung');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Rechnung Oktober 2026');
  await expect(page.getByTestId('documents-search-summary')).toHaveText(
    `1 von ${all} Dokumenten gefunden`,
  );
  await page.screenshot({ path: `${SHOTS}/search-found.png` });
  // The date as the list shows it.
  await search.fill('20.11.2026');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Rechnung November 2026');
  await search.fill('April 1999');
  await expect(rows).toHaveCount(0);
  await expect(page.getByText('Keine Dokumente zu „April 1999“ gefunden.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/search-none.png` });
  await expectNoAxeViolations(page);
  await search.fill('');
  await expect(rows).toHaveCount(all);
  // Another type opens unsearched.
  await search.fill('oktober');
  await typeLink(page, 'documentation').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dokumentation' })).toBeVisible();
  await expect(page.getByLabel('Dokumente durchsuchen')).toHaveValue('');
});

test('Tom uploads files at once to Praxis Sonnenschein; a too large one is refused when chosen', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.tom, '/document?documentType=delivery_note');
  await expect(page.getByRole('heading', { level: 1, name: 'Lieferscheine' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Dokumente verwalten' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
  await page.getByRole('combobox', { name: 'Geschäftsfall' }).click();
  await page.getByRole('option', { name: /TI-Bestellung/ }).click();
  await expectNoAxeViolations(page);

  // Keyboard: the drop zone opens the real file picker.
  const chooserPromise = page.waitForEvent('filechooser');
  await page.locator('.mantine-Dropzone-root').focus();
  await page.keyboard.press('Enter');
  const chooser = await chooserPromise;
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles([
    {
      name: 'Lieferschein Kartenterminal.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    },
    {
      name: 'Lieferschein Konnektor Größe M.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Lieferschein Konnektor, geliefert am 20.11.2026\n'),
    },
    {
      name: 'Lieferschein Archiv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(3 * 1024 * 1024, 'Lieferschein Archiv\n'),
    },
  ]);
  // The file over the server's limit (2 MB here) is refused at once, named with the limit; the
  // hint under the drop zone says the limit too.
  await expect(page.getByTestId('upload-refused')).toContainText(
    '„Lieferschein Archiv.txt“ (3 MB) ist zu groß und wurde nicht übernommen. Erlaubt sind höchstens 2 MB je Datei.',
  );
  await expect(page.getByText(/höchstens 2 MB je Datei; mehrere Dateien/)).toBeVisible();
  const entries = page.getByTestId('upload-entry');
  await expect(entries).toHaveCount(2);
  // Display names are prefilled from the file names; the date is today's, the type the page's.
  const first = entries.filter({ hasText: 'Lieferschein Kartenterminal.pdf' });
  await expect(first.getByRole('textbox', { name: 'Anzeigename' })).toHaveValue(
    'Lieferschein Kartenterminal.pdf',
  );
  await expect(first.getByRole('combobox', { name: 'Dokumenttyp' })).toHaveValue('Lieferscheine');
  await first.getByRole('textbox', { name: 'Anzeigename' }).fill('Lieferschein Kartenterminal');
  await first
    .getByRole('textbox', { name: 'Beschreibung (optional)' })
    .fill('Zwei Kartenterminals');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/upload-drafts.png`, fullPage: true });
  // The date picker speaks German and starts the week on Monday.
  await first.getByRole('textbox', { name: 'Datum' }).click();
  await expect(page.getByRole('table').filter({ hasText: 'Mo' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nächster Monat' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/date-picker.png` });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: '2 Dateien hochladen' }).click();
  for (const name of ['Lieferschein Kartenterminal.pdf', 'Lieferschein Konnektor Größe M.txt']) {
    const entry = entries.filter({ hasText: name });
    await expect(entry.getByTestId('upload-result')).toHaveText(
      'Hinzufügen des Dokuments erfolgreich',
    );
    await expect(entry.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  }

  // The business case's list reloaded with the two new documents.
  const tiCase = page.getByRole('region', { name: /TI-Bestellung/ });
  await expect(tiCase.getByTestId('manage-document-row')).toHaveCount(2);
  await expect(tiCase.getByText('Zwei Kartenterminals')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/upload-results.png`, fullPage: true });
});

test('Anna sees a new document unread and downloads the PDF; the badge drops by one', async ({
  page,
  browser,
}) => {
  const name = `Informationsblatt Praxisbegehung ${stamp()}`;
  await provideDocument(browser, 'information', name, {
    name: 'Informationsblatt.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await signIn(page, ACCOUNTS.anna, '/document?documentType=information');
  const unread = async () =>
    Number(/(\d+) ungelesen/.exec((await typeLink(page, 'information').textContent()) ?? '')?.[1]);
  const row = page.getByTestId('document-row').filter({ hasText: name });
  await expect(row.getByText('Ungelesen')).toBeVisible();
  // The counts load beside the list.
  await expect(typeLink(page, 'information')).toHaveAccessibleName(/^Informationen \d+ ungelesen$/);
  const before = await unread();
  expect(before).toBeGreaterThanOrEqual(1);
  const downloadPromise = page.waitForEvent('download');
  await row.getByRole('button', { name: /herunterladen/ }).click();
  const download = await downloadPromise;
  // The display name has no extension: the stored content type adds it.
  expect(download.suggestedFilename()).toBe(`${name}.pdf`);
  await expect(row.getByText('Ungelesen')).toHaveCount(0);
  await expect(typeLink(page, 'information')).toHaveAccessibleName(
    before === 1 ? 'Informationen' : `Informationen ${before - 1} ungelesen`,
  );
  await expectNoAxeViolations(page);
});

test('two tabs edit one document: the later save is refused with the reason, its input kept; the current data loads on request', async ({
  page,
  browser,
}) => {
  const name = `Lieferschein Router ${stamp()}`;
  await provideDocument(browser, 'information', name, {
    name: 'Router.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Router, geliefert am 21.11.2026\n'),
  });
  const open = async (tab: Page) => {
    await tab.goto('/document?documentType=information');
    await tab.getByRole('combobox', { name: 'Kunde' }).click();
    await tab.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
    const tiCase = tab.getByRole('region', { name: /TI-Bestellung/ });
    await tiCase.getByRole('button', { name: `${name} bearbeiten` }).click();
    const dialog = tab.getByRole('dialog', { name: 'Dokument bearbeiten' });
    await expect(dialog).toHaveCSS('opacity', '1');
    return dialog;
  };
  await signIn(page, ACCOUNTS.tom, '/dashboard');
  const first = await open(page);
  const other = await page.context().newPage();
  const second = await open(other);
  await second.getByRole('textbox', { name: 'Anzeigename' }).fill(`${name} (Tab 2)`);
  await second.getByRole('button', { name: 'Speichern' }).click();
  await expect(other.getByText('Update des Dokuments erfolgreich')).toBeVisible();

  await first.getByRole('textbox', { name: 'Beschreibung (optional)' }).fill('Zwei Router');
  await first.getByRole('button', { name: 'Speichern' }).click();
  const conflict = first.getByRole('alert');
  await expect(conflict).toContainText(
    'Das Dokument wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.',
  );
  await expect(page.getByText(/^Update des Dokuments fehlgeschlagen/)).toBeVisible();
  await expect(first.getByRole('textbox', { name: 'Beschreibung (optional)' })).toHaveValue(
    'Zwei Router',
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/changed-meanwhile.png`, fullPage: true });
  await conflict.getByRole('button', { name: 'Aktuelle Daten laden' }).click();
  await expect(first).toBeHidden();
  const tiCase = page.getByRole('region', { name: /TI-Bestellung/ });
  await expect(
    tiCase.getByTestId('manage-document-row').filter({ hasText: `${name} (Tab 2)` }),
  ).toHaveCount(1);
  await other.close();
});

test('Tom edits and deletes a document; the chosen customer stays in the address', async ({
  page,
  browser,
}) => {
  const name = `Lieferschein Kartenterminal ${stamp()}`;
  await provideDocument(browser, 'information', name, {
    name: 'Lieferschein.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Lieferschein, geliefert am 20.11.2026\n'),
  });
  await signIn(page, ACCOUNTS.tom, '/document?documentType=information');
  await page.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
  const tiCase = page.getByRole('region', { name: /TI-Bestellung/ });
  const rows = tiCase.getByTestId('manage-document-row');
  await expect(rows.filter({ hasText: name })).toHaveCount(1);

  await tiCase.getByRole('button', { name: `${name} bearbeiten` }).click();
  const edit = page.getByRole('dialog', { name: 'Dokument bearbeiten' });
  // Axe measures contrast once the opening transition has ended.
  await expect(edit).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  const edited = `${name} (geprüft)`;
  await edit.getByRole('textbox', { name: 'Anzeigename' }).fill(edited);
  await edit.getByRole('textbox', { name: 'Beschreibung (optional)' }).fill('Zwei Geräte');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Update des Dokuments erfolgreich')).toBeVisible();
  await expect(edit).toBeHidden();
  const editedRow = rows.filter({ hasText: edited });
  await expect(editedRow).toContainText('Zwei Geräte');
  await page.screenshot({ path: `${SHOTS}/edited.png`, fullPage: true });

  await editedRow.getByRole('button', { name: `${edited} löschen` }).click();
  const confirm = page.getByRole('dialog', { name: 'Dokument löschen' });
  await expect(confirm).toContainText(`„${edited}“ wirklich löschen?`);
  await expect(confirm).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/delete-confirm.png` });
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Löschen des Dokuments erfolgreich')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(rows.filter({ hasText: name })).toHaveCount(0);
  // The focus stays in the business case (or the page), not at the page's start.
  await expect
    .poll(() => page.evaluate(() => !!document.activeElement?.closest('main')))
    .toBe(true);
  await expectNoAxeViolations(page);

  // The chosen customer stays chosen in another type and after a reload.
  await page.getByTestId('document-type-invoice').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Kunde' })).toHaveValue(
    'Praxis Sonnenschein (Kd.-Nr. 100234)',
  );
  await expect(page.getByRole('region', { name: /TI-Bestellung/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Kunde' })).toHaveValue(
    'Praxis Sonnenschein (Kd.-Nr. 100234)',
  );
});
