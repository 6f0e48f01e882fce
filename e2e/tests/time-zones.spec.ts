import type { Browser } from '@playwright/test';
import { ACCOUNTS, expect, signIn, test } from '../support/fixtures';

/**
 * Decision 012: a picked or typed date is the same calendar day for everybody, and "today" is
 * today in Germany, whatever zone the browser is set to (and the server: run this file with
 * TZ=Pacific/Auckland or TZ=UTC, the answers are the same).
 */

const SHOTS = '/tmp/shots-time-zones';

/** A browser set to another zone than the configuration's Europe/Berlin. */
const pageIn = async (browser: Browser, timezoneId: string) =>
  (await browser.newContext({ locale: 'de-DE', timezoneId })).newPage();

const germanToday = () =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

/** The calendar's name of the day in Germany of `instant`: `26. November 2026`. */
const dayLabel = (instant: number) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);

test('a date typed on Kiritimati (UTC+14) is the same day in Los Angeles and in Berlin', async ({
  browser,
  page,
}) => {
  const name = `Geburtsurkunde ${new Date().toISOString().slice(11, 23).replaceAll(/[:.]/g, '')}`;

  // Tom, his computer set to UTC+14, provides a form dated 01.04.1980, typed.
  const tom = await pageIn(browser, 'Pacific/Kiritimati');
  await signIn(tom, ACCOUNTS.tom, '/document?documentType=forms');
  await tom.getByRole('combobox', { name: 'Kunde' }).click();
  await tom.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
  await tom.getByRole('combobox', { name: 'Geschäftsfall' }).click();
  await tom.getByRole('option', { name: /TI-Bestellung/ }).click();
  const chooser = tom.waitForEvent('filechooser');
  await tom.locator('.mantine-Dropzone-root').click();
  await (await chooser).setFiles({
    name: 'Geburtsurkunde.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Geburtsurkunde\n'),
  });
  const entry = tom.getByTestId('upload-entry');
  const date = entry.getByRole('textbox', { name: 'Datum' });
  // Prefilled with today in Germany, not on Kiritimati's clock (a day ahead for half the day).
  await expect(date).toHaveValue(germanToday());
  await entry.getByRole('textbox', { name: 'Anzeigename' }).fill(name);
  await date.fill('01.04.1980');
  await entry.getByRole('textbox', { name: 'Anzeigename' }).click();
  await expect(date).toHaveValue('01.04.1980');
  await tom.getByRole('button', { name: '1 Datei hochladen' }).click();
  await expect(entry.getByTestId('upload-result')).toHaveText(
    'Hinzufügen des Dokuments erfolgreich',
  );
  const row = tom.getByTestId('manage-document-row').filter({ hasText: name });
  await expect(row).toContainText('01.04.1980');
  await tom.screenshot({ path: `${SHOTS}/kiritimati-uploaded.png`, fullPage: true });

  // Anna, her computer set to Los Angeles, sees the same day.
  const anna = await pageIn(browser, 'America/Los_Angeles');
  await signIn(anna, ACCOUNTS.anna, '/document?documentType=forms');
  await expect(anna.getByTestId('document-row').filter({ hasText: name })).toContainText(
    '01.04.1980',
  );
  await anna.screenshot({ path: `${SHOTS}/los-angeles-list.png`, fullPage: true });

  // And in Berlin (the configuration's zone) the edit dialog has it as typed.
  await signIn(page, ACCOUNTS.tom, '/document?documentType=forms');
  await page.getByRole('combobox', { name: 'Kunde' }).click();
  await page.getByRole('option', { name: 'Praxis Sonnenschein (Kd.-Nr. 100234)' }).click();
  await page.getByRole('button', { name: `${name} bearbeiten` }).click();
  const edit = page.getByRole('dialog', { name: 'Dokument bearbeiten' });
  await expect(edit.getByRole('textbox', { name: 'Datum' })).toHaveValue('01.04.1980');

  await tom.context().close();
  await anna.context().close();
});

for (const timezoneId of ['America/Los_Angeles', 'Pacific/Kiritimati']) {
  test(`Aufträge in ${timezoneId}: orders under their German days, Angelegt ab up to today in Germany`, async ({
    browser,
  }) => {
    const anna = await pageIn(browser, timezoneId);
    await signIn(anna, ACCOUNTS.anna, '/orders');
    const table = anna.getByTestId('orders-table');
    // Seeded at 10:15 and 09:30 UTC: the same days on every clock.
    await expect(table).toContainText('03.11.2025');
    await expect(table).toContainText('06.10.2025');
    await anna.getByRole('button', { name: 'Angelegt ab' }).click();
    // Los Angeles is a day behind Berlin from midnight to 09:00 German time, Kiritimati a day
    // ahead from 11:00 to midnight: the browser's today then was the wrong last day.
    const now = Date.now();
    await expect(anna.getByRole('button', { name: dayLabel(now), exact: true })).toBeEnabled();
    await expect(
      anna.getByRole('button', { name: dayLabel(now + 86_400_000), exact: true }),
    ).toBeDisabled();
    await anna.screenshot({
      path: `${SHOTS}/orders-${timezoneId.replace('/', '-')}.png`,
      fullPage: true,
    });
    await anna.context().close();
  });
}
