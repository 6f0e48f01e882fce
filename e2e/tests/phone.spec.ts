import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from '../support/fixtures';

// A phone (375 × 812 CSS px): no page may be wider than the screen (a wide table scrolls in its
// own region), and the top bar keeps the navigation button reachable.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const shot = (page: Page, name: string) => screenshot(page, 'phone', name);

/** How far the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const PHONE = { isMobile: true, hasTouch: true } as const;

test.describe('on a phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test("Anna's pages fit the screen; wide tables scroll by themselves", async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    for (const [name, path, ready] of [
      ['dashboard', '/dashboard', page.getByRole('heading', { level: 1, name: 'Dashboard' })],
      ['documents', '/document?documentType=invoice', page.getByTestId('document-row').first()],
      ['orders', '/orders', page.getByTestId('orders-table')],
      ['contracts', '/contracts', page.getByTestId('contracts-table')],
      ['customer-overview', '/customer-overview', page.getByTestId('datahub-case').first()],
      ['account', '/account', page.getByLabel('Aktuelles Passwort')],
      ['institution', '/institution', page.getByTestId('institution-users')],
      ['impressum', '/impressum', page.getByRole('heading', { level: 1 })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await expect
        .poll(() => overflow(page), { message: `${path} is wider than the screen` })
        .toBe(0);
      await shot(page, `anna-${name}`);
    }
    // The documents table is wider than the phone: its own region scrolls, named and focusable.
    await page.goto('/document?documentType=invoice');
    const table = page.getByRole('group', { name: 'Rechnungen, neueste zuerst' });
    await expect(table).toHaveAttribute('tabindex', '0');
    // It says that it scrolls (the phone hides the scrollbar until touched).
    await expect(
      page.getByText('Weitere Spalten: die Tabelle seitlich verschieben.'),
    ).toBeVisible();
    await table.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await expect.poll(() => overflow(page)).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'anna-documents-scrolled');
  });

  test("Tom's document management fits the screen; each business case's table scrolls by itself", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.tom, '/document?documentType=invoice');
    await page.getByRole('combobox', { name: 'Kunde' }).click();
    await page.getByRole('option', { name: /Praxis Sonnenschein/ }).click();
    await expect(page.getByTestId('manage-document-row').first()).toBeVisible();
    await expect.poll(() => overflow(page), { message: 'wider than the screen' }).toBe(0);
    await shot(page, 'tom-manage-documents');
  });

  test('Tom opens the navigation beside the impersonation button, which keeps its name', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.tom, '/dashboard');
    const impersonate = page.getByRole('button', { name: 'Als User eines Kunden anmelden' });
    await expect(impersonate).toBeVisible();
    await expect.poll(() => overflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
    await shot(page, 'tom-dashboard-navigation');
    await expectNoAxeViolations(page);
  });
});

test.describe('the help button on the narrowest phone (320 × 568)', () => {
  test.use({ viewport: { width: 320, height: 568 }, ...PHONE });

  test("'Fragen?' leaves the footer's links free at the end of the page", async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/institution');
    await expect(page.getByTestId('institution-users')).toBeVisible();
    const help = page.getByRole('button', { name: 'Fragen?' });
    await expect(help).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const button = await help.boundingBox();
    // The footer sits in the page's main region (no contentinfo landmark there).
    const links = await page
      .locator('footer')
      .getByRole('link')
      .evaluateAll((elements) =>
        elements.map((element) => {
          const box = element.getBoundingClientRect();
          return { name: element.textContent, top: box.top, bottom: box.bottom, right: box.right };
        }),
      );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const isCovered =
        button !== null &&
        link.bottom > button.y &&
        link.top < button.y + button.height &&
        link.right > button.x;
      expect(isCovered, `${link.name} lies under 'Fragen?'`).toBe(false);
    }
    await shot(page, 'w320-footer-help');
  });
});
