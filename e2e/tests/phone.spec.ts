import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  submitSignIn,
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
const TI_ORDER = '/orders/ti/status/b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01';

/**
 * The pointer targets on the screen smaller than 24 × 24 CSS px that the spacing exception of
 * WCAG 2.5.8 does not excuse: a circle of 24 px around such a target's centre touches another
 * target (or another small target's circle). Links inside running text are exempt, and so is
 * the skip link (visually hidden until it has the keyboard focus).
 */
const crampedTargets = (page: Page) =>
  page.evaluate(() => {
    // Measured where the layout puts them, at the page's top: scrolled down, a target beneath
    // the sticky top bar lay next to its buttons (CI flagged the breadcrumb 'Dashboard').
    window.scrollTo(0, 0);
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="checkbox"], [role="combobox"], [role="tab"], [role="option"]';
    const targets = Array.from(document.querySelectorAll<HTMLElement>(selector))
      // Hidden from screen readers is still under the finger (NumberInput's arrows).
      .filter((element) => !element.closest('[inert]'))
      .filter((element) => !(element instanceof HTMLAnchorElement && element.closest('p')))
      .filter((element) => !element.matches('[href="#main-content"]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ element, box }) => {
        if (box.width === 0 || box.height === 0) return false;
        return getComputedStyle(element).visibility !== 'hidden';
      });
    const distance = (x: number, y: number, box: DOMRect) =>
      Math.hypot(
        Math.max(box.left - x, 0, x - box.right),
        Math.max(box.top - y, 0, y - box.bottom),
      );
    const isSmall = (box: DOMRect) => box.width < 24 || box.height < 24;
    const centre = (box: DOMRect) => [box.left + box.width / 2, box.top + box.height / 2] as const;
    return targets
      .filter(({ box }) => isSmall(box))
      .filter(({ element, box }) => {
        const [x, y] = centre(box);
        return targets.some((other) => {
          if (other.element === element || other.element.contains(element)) return false;
          // The floating 'Fragen?' button passes over whatever scrolls beneath it; what lies
          // under it at one scroll position is not a cramped target (the footer ends above it).
          if (getComputedStyle(other.element).position === 'fixed') return false;
          if (element.contains(other.element)) return false;
          if (distance(x, y, other.box) < 12) return true;
          const [ox, oy] = centre(other.box);
          return isSmall(other.box) && Math.hypot(ox - x, oy - y) < 24;
        });
      })
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
  });

test.describe('on a phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test("Anna's pages fit the screen; documents and orders are cards, other wide tables scroll by themselves", async ({
    page,
  }) => {
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
    // The documents and the orders are cards, each value beside its column's name, with the
    // download and the order's link on the screen: nothing to push sideways.
    for (const [path, row, action] of [
      [
        '/document?documentType=invoice',
        page.getByTestId('document-row').first(),
        page.getByRole('button', { name: /herunterladen/ }).first(),
      ],
      [
        '/orders',
        page.getByTestId('orders-table').getByRole('row').nth(1),
        page.getByRole('link', { name: /^Status anzeigen/ }).first(),
      ],
    ] as const) {
      await page.goto(path);
      await expect(row).toBeVisible();
      await expect(page.getByTestId('table-scroll-hint')).toHaveCount(0);
      await expect(row.getByRole('cell').first()).toHaveAttribute('data-label', /.+/);
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });
      expect(await crampedTargets(page)).toEqual([]);
      await expectNoAxeViolations(page);
    }
    await shot(page, 'anna-orders-stacked');
    // Verträge on a phone is cards too: scrolled sideways, its business cases were cut off.
    await page.goto('/contracts');
    const contract = page.getByTestId('contracts-table').getByRole('row').nth(1);
    await expect(contract).toBeVisible();
    await expect(page.getByTestId('table-scroll-hint')).toHaveCount(0);
    await expect(contract.getByRole('cell').nth(2)).toHaveAttribute('data-label', 'Geschäftsfall');
    await expect(contract.getByRole('cell').nth(2)).toBeInViewport({ ratio: 1 });
    await expect.poll(() => overflow(page)).toBe(0);
    await expectNoAxeViolations(page);
    await shot(page, 'anna-contracts-stacked');
  });

  test("Tom's document management fits the screen; each business case's table scrolls by itself", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.tom, '/document?documentType=invoice');
    await page.getByRole('combobox', { name: 'Kunde' }).click();
    await page.getByRole('option', { name: /Praxis Sonnenschein/ }).click();
    await expect(page.getByTestId('manage-document-row').first()).toBeVisible();
    await expect.poll(() => overflow(page), { message: 'wider than the screen' }).toBe(0);
    // A table wider than the phone scrolls in its own region, named and focusable, and says so
    // (the phone hides the scrollbar until touched).
    const table = page.getByRole('group').filter({ has: page.getByTestId('manage-document-row') });
    await expect(table.first()).toHaveAttribute('tabindex', '0');
    await expect(table.first()).toHaveAccessibleName(/.+/);
    await expect(page.getByTestId('table-scroll-hint').first()).toHaveText(
      'Weitere Spalten: die Tabelle seitlich verschieben.',
    );
    await table.first().focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => table.first().evaluate((element) => element.scrollLeft))
      .toBeGreaterThan(0);
    await expect.poll(() => overflow(page)).toBe(0);
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

test.describe('an upright phone (375 × 667)', () => {
  test.use({ viewport: { width: 375, height: 667 }, ...PHONE });

  test('the free slots are a list of days with whole labels and large enough targets', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, TI_ORDER);
    const calendar = page.getByTestId('precheck-calendar');
    // The month shown may have no free slot left (its end): the next one has.
    await expect(page.getByTestId('precheck-month')).toBeVisible();
    if ((await page.locator('[data-slot]').count()) === 0) {
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
    }
    const slots = page.locator('[data-slot]');
    await expect(slots.first()).toBeVisible();
    // No grid of seven columns scrolling sideways: a list of the days, each named.
    await expect(calendar).toHaveJSProperty('tagName', 'UL');
    await expect(page.getByRole('group', { name: 'Vor-Check-Termin buchen' })).toHaveCount(0);
    await expect.poll(() => overflow(page)).toBe(0);
    const sizes = await slots.evaluateAll((buttons) =>
      buttons.map((button) => {
        const label = button.querySelector('.mantine-Button-label') ?? button;
        const box = button.getBoundingClientRect();
        return {
          text: label.textContent,
          isCut: label.scrollWidth > label.clientWidth,
          width: box.width,
          height: box.height,
          right: box.right,
        };
      }),
    );
    for (const slot of sizes) {
      expect(slot.isCut, `${slot.text} is cut`).toBe(false);
      expect(slot.height).toBeGreaterThanOrEqual(24);
      expect(slot.width).toBeGreaterThanOrEqual(24);
      expect(slot.right).toBeLessThanOrEqual(375);
    }
    expect(await crampedTargets(page)).toEqual([]);
    await slots.first().scrollIntoViewIfNeeded();
    await shot(page, 'ti-slots');

    // A tap asks first; both answers are on the screen.
    await slots.first().tap();
    const dialog = page.getByRole('dialog', { name: 'Vor-Check-Termin buchen' });
    for (const name of ['Abbrechen', 'Termin buchen']) {
      await expect(dialog.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
    }
    await dialog.getByRole('button', { name: 'Abbrechen' }).tap();
    await expect(dialog).toBeHidden();
  });

  test('the financing form has no cramped targets and brings the number keyboard', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/credit-offer-widget');
    await expect(page.getByLabel('Laufzeit in Monaten')).toBeVisible();
    await expect(page.getByLabel('Laufzeit in Monaten')).toHaveAttribute('inputmode', 'decimal');
    await expect(page.getByLabel('Betrag in EUR')).toHaveAttribute('inputmode', 'decimal');
    await expect(page.getByLabel('Telefonnummer für Rückfragen')).toHaveAttribute('type', 'tel');
    expect(await crampedTargets(page)).toEqual([]);
  });
});

test.describe("the institution's users on a phone", () => {
  test.use({ viewport: { width: 375, height: 667 }, ...PHONE });

  test('each user is a card with role and Löschen on the screen, no table to scroll sideways', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/institution');
    const table = page.getByTestId('institution-users');
    await expect(table).toBeVisible();
    // Still a table for screen readers: its rows and column heads.
    await expect(table.getByRole('row').nth(3)).toBeAttached();
    await expect(table.getByRole('columnheader', { name: 'Rolle' })).toBeAttached();
    // Nothing to scroll: no scroll region (a named group) around the users.
    await expect(page.getByRole('group', { name: 'Benutzer der Institution' })).toHaveCount(0);
    await expect(table.locator('xpath=ancestor::*[@data-scrolls]')).toHaveCount(0);
    const row = page.getByTestId('user-row-max.mitglied@praxis-sonnenschein.de');
    for (const control of [
      row.getByRole('combobox', { name: 'Rolle von Max Weiß' }),
      row.getByRole('button', { name: 'Max Weiß löschen' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    // Each value beside its column's name.
    await expect(row.getByRole('cell').nth(2)).toHaveAttribute('data-label', 'Rolle');
    expect(await crampedTargets(page)).toEqual([]);
    await expect.poll(() => overflow(page)).toBe(0);
    await expectNoAxeViolations(page);
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'institution-users-stacked');
  });
});

test.describe('setting up two-factor sign-in on a phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, ...PHONE });

  test('the key opens in the authenticator app on the same phone', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/account');
    await page.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).tap();
    const open = page.getByRole('link', { name: 'In der Authenticator-App öffnen' });
    await expect(open).toHaveAttribute('href', /^otpauth:\/\/totp\/.+secret=/);
    const box = await open.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await expect(page.getByLabel('Einmalcode')).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByLabel('Einmalcode')).toHaveAttribute('inputmode', 'numeric');
    await expect.poll(() => overflow(page)).toBe(0);
    await open.scrollIntoViewIfNeeded();
    await shot(page, 'account-two-factor');
    await page.getByRole('button', { name: 'Abbrechen' }).tap();
  });
});

test.describe('a phone held sideways (667 × 375)', () => {
  test.use({ viewport: { width: 667, height: 375 }, ...PHONE });

  test('the top bar scrolls away with the page', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/institution');
    await expect(page.getByTestId('institution-users')).toBeVisible();
    const bar = page.getByRole('banner');
    await expect(bar).toHaveJSProperty('offsetHeight', 104);
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(async () => (await bar.boundingBox())?.y ?? 0).toBeLessThan(-100);
    await shot(page, 'landscape-institution-scrolled');
  });

  test("the invitation's buttons stay on the screen while its form scrolls", async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/institution');
    await page.getByRole('button', { name: 'Benutzer einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
    await expect(dialog.getByLabel('E-Mail')).toHaveAttribute('type', 'email');
    // The form is taller than the screen: without scrolling, Einladen can be tapped.
    const submit = dialog.getByRole('button', { name: 'Einladen' });
    await expect(submit).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeInViewport({ ratio: 1 });
    const isOnTop = await submit.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && button.contains(hit);
    });
    expect(isOnTop, 'Einladen is covered').toBe(true);
    await shot(page, 'landscape-invitation');
  });
});

test.describe('phones never block zooming, and fields bring the right keyboard', () => {
  test.use({ viewport: { width: 414, height: 896 }, ...PHONE });

  test('sign-in, one-time code and the app allow zoom; e-mail and code fields say what they hold', async ({
    page,
  }) => {
    const zoomBlocked = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('meta[name="viewport"]')).some((meta) =>
          /user-scalable\s*=\s*(no|0)|maximum-scale\s*=\s*1(\.0*)?(\s|,|$)/i.test(
            meta.getAttribute('content') ?? '',
          ),
        ),
      );
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    expect(await zoomBlocked()).toBe(false);
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByLabel('Passwort')).toHaveAttribute('autocomplete', 'current-password');
    await submitSignIn(page, ACCOUNTS.otto);
    const code = page.getByLabel('Einmalcode');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(await zoomBlocked()).toBe(false);
    expect(await crampedTargets(page)).toEqual([]);
    await shot(page, 'one-time-code');
  });
});
