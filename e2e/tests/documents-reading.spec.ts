import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  ACCOUNTS,
  accessToken,
  expect,
  expectNoAxeViolations,
  revokeStoredRefreshToken,
  signIn,
  submitSignIn,
  test,
} from '../support/fixtures';

/**
 * A practice's staff reading the documents their contractor provides, day by day: what they
 * meet when a document changes under the open list, and what the list tells before a download.
 * The specs of a run share one server: documents are provided with stamped names to types other
 * specs count only relative to before (information), or removed again (delivery notes).
 */
const SHOTS = '/tmp/shots-docs';

/** Abrechnungszentrum Nord (trusted) and its customer Praxis Sonnenschein (demo data). */
const NORD = '1d5cac2d-8d83-4abb-89d3-f5c41102c3cd';
const SONNENSCHEIN = '3f7160e7-2970-47c7-b55f-9fcb35b83336';

const stamp = () => new Date().toISOString().slice(11, 23).replaceAll(/[:.]/g, '');

/** Tom, signed in through the real page, and what he does through the API the upload form uses. */
async function asTom(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ACCOUNTS.tom, '/dashboard');
  const headers = { Authorization: `Bearer ${await accessToken(page)}` };
  const request: APIRequestContext = page.request;
  const relationships = (await (
    await request.get(`/api/institution/${NORD}/relationship`, { headers })
  ).json()) as {
    contractorId: string;
    businessCases: { id: string; businessCaseTypeName: string }[];
  }[];
  const caseOf = (type: string) =>
    relationships
      .find((relationship) => relationship.contractorId === SONNENSCHEIN)!
      .businessCases.find((item) => item.businessCaseTypeName === type)!.id;
  return {
    /** Provides a file to Praxis Sonnenschein; answers the document's id. */
    async provide(
      type: string,
      displayName: string,
      file: { name: string; mimeType: string; buffer: Buffer },
      businessCase = 'TIORDER',
    ): Promise<string> {
      const response = await request.post(
        `/api/institution/${SONNENSCHEIN}/business_case/${caseOf(businessCase)}/document`,
        {
          headers,
          multipart: {
            file,
            metadata: JSON.stringify({ displayName, createdAt: '2026-11-20', type }),
          },
        },
      );
      expect(response.status()).toBe(201);
      return ((await response.json()) as { id: string }).id;
    },
    async remove(documentId: string) {
      const response = await request.delete(
        `/api/institution/${SONNENSCHEIN}/document/${documentId}`,
        { headers },
      );
      expect(response.status()).toBe(204);
    },
    close: () => context.close(),
  };
}

const pdf = (extra = 0) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
    Buffer.alloc(extra, 0x20),
  ]);

const rowOf = (page: Page, name: string) =>
  page.getByTestId('document-row').filter({ hasText: name });

test('a document the contractor removed while the list was open: the download says so where Anna looks, and the row goes', async ({
  page,
  browser,
}) => {
  const tom = await asTom(browser);
  const name = `Lieferschein Kartenleser ${stamp()}`;
  const id = await tom.provide('delivery_note', name, {
    name: 'Lieferschein.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(),
  });
  await signIn(page, ACCOUNTS.anna, '/document?documentType=delivery_note');
  const row = rowOf(page, name);
  await expect(row).toBeVisible();
  await tom.remove(id);
  await tom.close();

  await row.getByRole('button', { name: `${name} herunterladen` }).click();
  const toast = page.getByRole('alert').filter({ hasText: name });
  await expect(toast).toHaveText(
    `„${name}“ ist nicht mehr vorhanden: Das Dokument wurde inzwischen entfernt. Die Liste wurde aktualisiert.`,
  );
  // In the window, not below a long list.
  await expect(toast).toBeInViewport();
  await expect(row).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/download-gone.png` });
  // It stays until dismissed.
  await toast.getByRole('button', { name: 'Schließen' }).click();
  await expect(toast).toHaveCount(0);
});

test('Anna narrows a list with documents of two business cases to one of them and to the unread ones; each row tells the kind and size of its file', async ({
  page,
  browser,
}) => {
  const tom = await asTom(browser);
  const tag = stamp();
  const handbook = `Handbuch Kartenterminal ${tag}`;
  const letter = `Begrüßungsschreiben Geschäftskonto ${tag}`;
  await tom.provide('information', handbook, {
    name: 'Handbuch.pdf',
    mimeType: 'application/pdf',
    buffer: pdf(1536 * 1024),
  });
  await tom.provide(
    'information',
    letter,
    {
      name: 'Brief.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Willkommen, Praxis Sonnenschein!\n'),
    },
    'BANKACCOUNT',
  );
  await tom.close();

  await signIn(page, ACCOUNTS.anna, '/document?documentType=information');
  await expect(rowOf(page, handbook).getByTestId('document-file')).toHaveText('PDF, 1,5 MB');
  await expect(rowOf(page, letter).getByTestId('document-file')).toHaveText('TXT, 33 Byte');
  const businessCase = page.getByRole('combobox', { name: 'Geschäftsfall' });
  await businessCase.selectOption({ label: 'Geschäftskonto' });
  await expect(rowOf(page, letter)).toBeVisible();
  await expect(rowOf(page, handbook)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/filter-business-case.png`, fullPage: true });

  // Read: no longer among the unread ones.
  const download = page.waitForEvent('download');
  await rowOf(page, letter)
    .getByRole('button', { name: `${letter} herunterladen` })
    .click();
  expect((await download).suggestedFilename()).toBe(`${letter}.txt`);
  await businessCase.selectOption({ label: 'Alle Geschäftsfälle' });
  const unreadOnly = page.getByRole('checkbox', { name: /^Nur ungelesene/ });
  await unreadOnly.check();
  await expect(rowOf(page, handbook)).toBeVisible();
  await expect(rowOf(page, letter)).toHaveCount(0);
  await expect(page.getByTestId('documents-search-summary')).toHaveText(
    /^\d+ von \d+ Dokumenten gefunden$/,
  );
  await expectNoAxeViolations(page);

  // On a phone the filters stack, nothing sticks out.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rowOf(page, handbook)).toBeVisible();
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  // The card of a document without description shows no 'Beschreibung' beside nothing.
  await expect(rowOf(page, handbook).locator('td[data-label="Beschreibung"]')).toBeHidden();
  await expect(rowOf(page, handbook).locator('td[data-label="Geschäftsfall"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/filter-phone.png`, fullPage: true });
});

test('the session ended while the list was open: Herunterladen leads to the sign-in and back to the same list, then the download works', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.anna, '/document?documentType=invoice');
  const row = rowOf(page, 'Rechnung Oktober 2026');
  await expect(row).toBeVisible();
  // The provider ended the sign-in (as after 30 minutes without use), the token runs out.
  await revokeStoredRefreshToken(page, { tokenExpiresInSeconds: 5 });
  const toSignIn = page.waitForRequest(/\/protocol\/openid-connect\/auth\?/);
  await row.getByRole('button', { name: 'Rechnung Oktober 2026.txt herunterladen' }).click();
  await toSignIn;
  // The provider may still know Anna (then it answers at once), or asks again.
  const asked = await Promise.race([
    page
      .getByLabel('E-Mail')
      .waitFor()
      .then(() => true),
    page.waitForURL(/\/document\?documentType=invoice$/).then(() => false),
  ]);
  if (asked) await submitSignIn(page, ACCOUNTS.anna);
  await expect(page).toHaveURL(/\/document\?documentType=invoice$/);
  // No failure left over from the download the ended session held back.
  await expect(row).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Rechnung Oktober 2026.txt herunterladen' }).click();
  expect((await download).suggestedFilename()).toBe('Rechnung Oktober 2026.txt');
});

test('with the keyboard only: Herunterladen keeps the focus, so Tab goes on to the next document', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.max, '/document?documentType=invoice');
  const november = rowOf(page, 'Rechnung November 2026');
  const button = november.getByRole('button', { name: 'Rechnung November 2026.txt herunterladen' });
  // A large file on a slow line: the button shows that it loads for a while.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/api\/institution\/[^/]+\/document\/[^/?]+$/, async (route) => {
    await held;
    await route.continue();
  });
  await button.focus();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('data-loading', 'true');
  release();
  expect((await download).suggestedFilename()).toBe('Rechnung November 2026.txt');
  // Read now: the list reloaded without the badge.
  await expect(november.getByText('Ungelesen')).toHaveCount(0);
  await expect(button).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    rowOf(page, 'Rechnung Oktober 2026').getByRole('button', {
      name: 'Rechnung Oktober 2026.txt herunterladen',
    }),
  ).toBeFocused();
});

test('printed, the list is a record of the documents: no buttons, other types or empty search, the names get the width; a search in use stays', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.anna, '/document?documentType=invoice');
  const row = rowOf(page, 'Rechnung Oktober 2026');
  await expect(row).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Dokumente durchsuchen' });
  const typeNav = page.getByRole('navigation', { name: 'Dokumenttypen' });
  await expect(typeNav).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 718, height: 1040 });
  await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
  await expect(row.getByText('31.10.2026')).toBeVisible();
  await expect(row.getByText('TI-Bestellung (Telematikinfrastruktur)')).toBeVisible();
  await expect(row.getByRole('button', { name: /herunterladen/ })).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Aktionen' })).toBeHidden();
  await expect(typeNav).toBeHidden();
  await expect(search).toBeHidden();
  // The name on at most two lines of a portrait sheet (with the actions column it took three).
  const name = row.getByText('Rechnung Oktober 2026.txt');
  expect((await name.boundingBox())!.height).toBeLessThan(60);
  await page.screenshot({ path: `${SHOTS}/print.png`, fullPage: true });

  await page.emulateMedia({ media: 'screen' });
  await search.fill('oktober');
  await page.emulateMedia({ media: 'print' });
  await expect(search).toBeVisible();
  await expect(search).toHaveValue('oktober');
  await expect(page.getByTestId('documents-search-summary')).toHaveText(
    '1 von 2 Dokumenten gefunden',
  );
  await page.screenshot({ path: `${SHOTS}/print-searched.png`, fullPage: true });
});

test('a list that failed to load offers to load it again in place', async ({ page }) => {
  const list = /\/api\/institution\/[^/]+\/document\?documentType=forms$/;
  await page.route(list, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ title: 'Internal Server Error', status: 500 }),
    }),
  );
  await signIn(page, ACCOUNTS.anna, '/document?documentType=forms');
  const alert = page.getByRole('alert').filter({ hasText: 'Die Dokumente konnten nicht geladen' });
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/load-failed.png` });
  await page.unroute(list);
  await alert.getByRole('button', { name: 'Erneut laden' }).click();
  await expect(rowOf(page, 'Unterlagen Kontoeröffnung.txt')).toBeVisible();
  await expect(alert).toHaveCount(0);
});
