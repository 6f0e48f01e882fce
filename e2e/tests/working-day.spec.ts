import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, screenshot, signIn, test } from '../support/fixtures';

/**
 * A long working day with the portal: several tabs of one person, a network that drops, a
 * session that ends, a tab left open, back and forward, bookmarks. One server for the file (as
 * every spec); each test brings or restores its own data.
 */

const SONNENSCHEIN = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const MUELLER = 'd1d13d5a-e434-4d12-b0d3-d838588c33fb';
const SONNENSCHEIN_TI = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01';

const shot = (page: Page, name: string) => screenshot(page, 'working-day', name);
const switcherOf = (page: Page) => page.getByRole('button', { name: /Institution auswählen/ });

async function switchInstitution(page: Page, name: RegExp) {
  await switcherOf(page).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(switcherOf(page)).toContainText(name);
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
