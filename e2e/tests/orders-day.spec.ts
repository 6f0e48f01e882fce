import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from '../support/fixtures';

/**
 * A practice's day with its orders: links to status pages from a mail or a colleague, the list's
 * filter kept across a status page, printing, a phone, and the ticks by keyboard. Nothing here
 * books a pre-check: the demo TI orders' free slots are what orders.spec.ts and phone.spec.ts
 * book and tap (a booking refused in a second window: ti-status-page.test.tsx).
 */
const ORDERS = {
  sonnenscheinTi: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01',
  sonnenscheinBank: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e02',
  muellerTi: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04',
};
const shot = (page: Page, name: string) => screenshot(page, 'orders-day', name);

test('a mail link to an order of her other practice says whose it is and switches there', async ({
  page,
}) => {
  // Signed in from the link, Anna works in Praxis Sonnenschein (her first institution).
  await signIn(page, ACCOUNTS.anna, `/orders/ti/status/${ORDERS.muellerTi}`);
  const elsewhere = page.getByTestId('order-elsewhere');
  await expect(elsewhere).toHaveText(/Dieser Auftrag gehört zu Zahnarztpraxis Dr\. Müller\./);
  await expectNoAxeViolations(page);
  await shot(page, 'link-other-institution');
  await elsewhere.getByRole('button', { name: 'Zu Zahnarztpraxis Dr. Müller wechseln' }).click();
  await expect(page.getByTestId('ti-current-status')).toHaveText(/^Aktueller Status: /);
  await expect(page).toHaveURL(new RegExp(`/orders/ti/status/${ORDERS.muellerTi}$`));
  await expect(
    page.getByRole('button', { name: /Institution Zahnarztpraxis Dr\. Müller/ }),
  ).toBeVisible();
});

test('a bank order at the TI address, and an id a mail program cut off', async ({ page }) => {
  await signIn(page, ACCOUNTS.anna, `/orders/ti/status/${ORDERS.sonnenscheinBank}`);
  await expect(page).toHaveURL(new RegExp(`/orders/bank/status/${ORDERS.sonnenscheinBank}$`));
  await expect(page.getByTestId('bank-current-status')).toBeVisible();
  await page.goto(`/orders/ti/status/${ORDERS.sonnenscheinTi.slice(0, 20)}`);
  await expect(page.getByTestId('order-not-found')).toContainText(
    'Dieser Auftrag wurde nicht gefunden.',
  );
  await page.getByRole('link', { name: 'Zu den Aufträgen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
});

test('"Angelegt ab" is kept when she comes back from a status page', async ({ page }) => {
  // 04.11.2025: the bank order (03.11.2025) and the TI order (06.10.2025) are older.
  await signIn(page, ACCOUNTS.anna, '/orders?createdFrom=2025-10-07');
  const table = page.getByTestId('orders-table');
  await expect(table.getByRole('row', { name: /Bankkonto/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /TI-Bestellung/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Angelegt ab' })).toHaveText('07.10.2025');
  await page.getByTestId(`order-${ORDERS.sonnenscheinBank}`).getByRole('link').click();
  await expect(page.getByTestId('bank-current-status')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Angelegt ab' })).toHaveText('07.10.2025');
  await expect(table.getByRole('row', { name: /TI-Bestellung/ })).toHaveCount(0);
  await page.reload();
  await expect(table.getByRole('row', { name: /Bankkonto/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /TI-Bestellung/ })).toHaveCount(0);
  // Cleared, the whole list again, and the address says so.
  await page.getByRole('button', { name: 'Datum löschen' }).click();
  await expect(table.getByRole('row', { name: /TI-Bestellung/ })).toBeVisible();
  await expect(page).not.toHaveURL(/createdFrom/);
});

test('a printed TI status page shows the status, ticks and appointments, not the free slots', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.anna, `/orders/ti/status/${ORDERS.sonnenscheinTi}`);
  const picker = page.getByRole('region', { name: 'Vor-Check-Termin buchen' });
  await expect(picker).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('ti-current-status')).toBeVisible();
  await expect(page.getByTestId('precheck-appointment')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'SMC-B bestellt' })).toBeVisible();
  await shot(page, 'print-ti-status');
  await page.emulateMedia({ media: 'screen' });
  await expect(picker).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the bank order’s steps stand one below the other', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, `/orders/bank/status/${ORDERS.sonnenscheinBank}`);
    await expect(page.getByTestId('bank-current-status')).toBeVisible();
    const steps = page.locator('.mantine-Stepper-step');
    await expect(steps).toHaveCount(5);
    const first = (await steps.nth(0).boundingBox())!;
    const second = (await steps.nth(1).boundingBox())!;
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(Math.abs(second.x - first.x)).toBeLessThan(2);
    await expectNoAxeViolations(page);
    await shot(page, 'phone-bank-status');
  });
});

test('the five ticks work by keyboard: the space bar ticks and the focus stays on the box', async ({
  page,
}) => {
  // Max Weiß, a member of Praxis Sonnenschein, keeps the order's progress up to date.
  await signIn(page, ACCOUNTS.max, `/orders/ti/status/${ORDERS.sonnenscheinTi}`);
  const egbr = page.getByRole('checkbox', { name: 'Beim eGBR registriert' });
  const before = await egbr.isChecked();
  await egbr.focus();
  await page.keyboard.press('Space');
  await expect(egbr).toBeChecked({ checked: !before });
  await expect(egbr).toHaveAttribute('aria-disabled', 'false');
  await expect(egbr).toBeFocused();
  // And back with a second press, without looking for the box again.
  await page.keyboard.press('Space');
  await expect(egbr).toBeChecked({ checked: before });
  await expect(egbr).toHaveAttribute('aria-disabled', 'false');
  await expect(egbr).toBeFocused();
  await expectNoAxeViolations(page);
});

test('Mein Finanzierungswunsch: an amount typed as in Germany, and input kept when a link would drop it', async ({
  page,
}) => {
  // Nothing is sent here: orders.spec.ts expects Praxis Sonnenschein without any request.
  await signIn(page, ACCOUNTS.anna, '/credit-offer-widget');
  const amount = page.getByLabel('Betrag in EUR');
  await amount.pressSequentially('1.500,55');
  await expect(amount).toHaveValue('1.500,55 €');
  // Refused for its own fields: the focus goes to the first one to fix.
  await page.getByRole('button', { name: 'Finanzierungswunsch senden' }).click();
  await expect(page.getByLabel('Laufzeit in Monaten')).toBeFocused();
  await page.getByLabel('Verwendungszweck').fill('Neue Behandlungseinheit für Raum 2');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'credit-leave');
  await dialog.getByRole('button', { name: 'Auf der Seite bleiben' }).click();
  await expect(page).toHaveURL(/\/credit-offer-widget$/);
  await expect(amount).toHaveValue('1.500,55 €');
  await expect(page.getByLabel('Verwendungszweck')).toHaveValue(
    'Neue Behandlungseinheit für Raum 2',
  );
});
