import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from '../support/fixtures';

// People who use the portal with a screen reader, only a keyboard, or strong zoom: states and
// moves beyond a page at rest (its axe check is in each area's spec).

const shot = (page: Page, name: string) => screenshot(page, 'accessibility', name);

/** Holds the API answers matching `path` back for a moment, as a busy server does. */
async function slowDown(page: Page, path: RegExp, delayMs = 600) {
  await page.route(path, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
}

test.describe('accessibility', () => {
  test('a button pressed by keyboard keeps the focus while it is busy and after (Speichern, Einladen)', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/institution');
    await expect(page.getByTestId('institution-users')).toContainText('Max');
    await slowDown(page, /\/api\/institution\/[^/]+(\/user)?$/);

    // Speichern: the page stays, the focus stays on the button, and the toast is added to a
    // polite live region that was in the page before it (so that it is heard).
    const toasts = page.locator('[data-position="bottom-right"][aria-live="polite"]');
    await expect(toasts).toBeAttached();
    await expect(toasts).toHaveText('');
    const save = page.getByRole('button', { name: 'Speichern' });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(toasts.getByText('Einstellungen wurden übernommen.')).toBeVisible();
    await expect(save).toBeFocused();
    await expectNoAxeViolations(page);

    // Einladen with an address in use: the dialog stays with its message, the focus in it, on
    // the field to fix (as for a field the form itself refuses).
    await page.getByRole('button', { name: 'Benutzer einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
    await dialog.getByLabel('E-Mail').fill(ACCOUNTS.max);
    await dialog.getByLabel('Vorname').fill('Max');
    await dialog.getByLabel('Nachname').fill('Weiß');
    const invite = dialog.getByRole('button', { name: 'Einladen' });
    await invite.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeVisible();
    await expect(dialog.getByLabel('E-Mail')).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, 'invite-in-use');
    await dialog.getByLabel('E-Mail').fill(`lena.tast.${Date.now()}@example.org`);
    await dialog.getByLabel('Vorname').fill('Lena');
    await dialog.getByLabel('Nachname').fill('Tast');
    await page.keyboard.press('Enter');
    await expect(page.getByText('User wurde erfolgreich eingeladen.')).toBeVisible();

    // Löschen in the confirmation: the row goes, the focus stays with the users' table.
    await page.getByRole('button', { name: 'Lena Tast löschen' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Benutzer löschen' });
    await confirm.getByRole('button', { name: 'Löschen' }).focus();
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Lena Tast löschen' })).toHaveCount(0);
    await expect
      .poll(() =>
        page.evaluate(() => !!document.activeElement?.closest('[data-testid="institution-users"]')),
      )
      .toBe(true);
  });

  test('a button that stays disabled after its use leaves the focus in its section (Alle verwerfen)', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.tom, '/dashboard-tile-editor');
    await page.getByRole('combobox', { name: 'Geschäftsfalltyp' }).click();
    await page.getByRole('option', { name: /Marketing/ }).click();
    await page.getByRole('button', { name: /Kachel „Praxisfinanzierung“ löschen/ }).click();
    await expect(page.getByTestId('pending-operation')).toHaveCount(1);
    const discardAll = page.getByRole('button', { name: 'Alle verwerfen' });
    await discardAll.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pending-operation')).toHaveCount(0);
    await expect(discardAll).toBeDisabled();
    await expect(page.getByTestId('pending-operations')).toBeFocused();
  });

  test("at 320 CSS px (400 % zoom of a 1280 px window) Anna's pages need no sideways scrolling (WCAG 1.4.10)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await page.goto('/orders');
    const tiOrder = await page
      .getByRole('link', { name: /Telematik|TI/ })
      .first()
      .getAttribute('href');
    for (const path of [
      '/dashboard',
      '/credit-offer-widget',
      '/bankaccount-offer',
      '/egeko-smo',
      '/customer-overview',
      '/contracts',
      '/orders',
      tiOrder ?? '/orders',
      '/document?documentType=service_report',
      '/account',
      '/identification',
      '/institution',
      '/list-helper',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect
        .poll(
          () =>
            page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            ),
          { message: `${path} is wider than 320 px` },
        )
        .toBe(0);
      if (path === '/credit-offer-widget') await shot(page, 'credit-offer-320');
    }
  });

  test('with text at 200 % (browser font size 32 px) the dashboard tiles keep their words whole (WCAG 1.4.4)', async ({
    page,
  }) => {
    // Chrome's font-size setting, as a person with low vision sets it (page zoom stays 100 %).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(page.getByTestId('tile').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Every word of every tile on one line: broken words ('Kund|ence|nter') are unreadable.
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      for (const tile of Array.from(document.querySelectorAll('[data-testid="tile"]'))) {
        const walker = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
            if (new Set(rects.map((rect) => Math.round(rect.top))).size > 1) found.push(match[0]);
          }
        }
      }
      return found;
    });
    expect(broken).toEqual([]);
  });
});
