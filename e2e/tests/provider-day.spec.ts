import type { Browser, Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  userMenu,
} from '../support/fixtures';

// The working day of the provider's staff (Abrechnungszentrum Nord: Tom, admin; Sara, support),
// who serve many customer practices: finding a customer by what they are told on the phone.
const shot = (page: Page, name: string) => screenshot(page, 'provider-day', name);
const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;
const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;

const impersonationButton = (page: Page) =>
  page.getByRole('button', { name: 'Als User eines Kunden anmelden' });

/** Signs `email` in on Nord's dashboard and acts as Max Weiß of Praxis Sonnenschein. */
async function actAsMax(browser: Browser, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, `/dashboard?institutionId=${NORD}`);
  await impersonationButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Als User eines Kunden anmelden' });
  // The Kd.-Nr. the customer gives and Enter take the practice (the first result is marked).
  const customer = dialog.getByRole('combobox', { name: 'Kunden-Institution' });
  await customer.pressSequentially('100234');
  await expect(page.getByRole('option', { name: /Praxis Sonnenschein/ })).toBeVisible();
  await customer.press('Enter');
  await expect(customer).toHaveValue('Praxis Sonnenschein (Kd.-Nr. 100234)');
  await dialog.getByRole('combobox', { name: 'Benutzer' }).pressSequentially('Max');
  await page.getByRole('option', { name: /Max Weiß/ }).click();
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByTestId('support-mode')).toBeVisible();
  await expect(page.getByTestId('institution-name')).toHaveText('Praxis Sonnenschein');
  return { context, page };
}

test.describe("the provider's working day", () => {
  test.describe.configure({ timeout: 120_000 });

  test('Dokumente verwalten: the customers in alphabetical order, one found by typing its Kd.-Nr. and Enter', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.tom, `/document?documentType=invoice&institutionId=${NORD}`);
    const customer = page.getByRole('combobox', { name: 'Kunde' });
    await customer.click();
    // By name (German order), not in the order they became customers.
    await expect(page.getByRole('option')).toHaveText([
      'Praxis Sonnenschein (Kd.-Nr. 100234)',
      'Zahnarztpraxis Dr. Müller (Kd.-Nr. 100567)',
    ]);
    await page.keyboard.press('Escape');

    // Keyboard only: the number the customer gives, Enter.
    await customer.fill('');
    await customer.pressSequentially('100567');
    await expect(page.getByRole('option')).toHaveText([
      'Zahnarztpraxis Dr. Müller (Kd.-Nr. 100567)',
    ]);
    await customer.press('Enter');
    await expect(customer).toHaveValue('Zahnarztpraxis Dr. Müller (Kd.-Nr. 100567)');
    await expect(page).toHaveURL(new RegExp(`customerId=${MUELLER}`));

    // Part of the name and the number, in any order; a typo is told, not an empty list.
    await customer.fill('');
    await customer.pressSequentially('100234 sonnen');
    await customer.press('Enter');
    await expect(page).toHaveURL(new RegExp(`customerId=${SONNENSCHEIN}`));
    await expect(page.getByRole('region', { name: /TI-Bestellung/ })).toBeVisible();
    await customer.fill('Sonnenshein');
    await expect(page.getByText('Kein Kunde gefunden.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'manage-documents-no-customer-found');
  });

  test('Als User eines Kunden anmelden: a Kd.-Nr. typed right after the click arrives whole', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.sara, `/dashboard?institutionId=${NORD}`);
    const button = impersonationButton(page);
    await expect(button).toBeVisible();
    await button.click();
    // No waiting for the dialog: she types the number the customer gives at once.
    await page.keyboard.type('100234', { delay: 30 });
    const customer = page
      .getByRole('dialog', { name: 'Als User eines Kunden anmelden' })
      .getByRole('combobox', { name: 'Kunden-Institution' });
    await expect(customer).toHaveValue('100234');
    await expect(page.getByRole('option', { name: /Praxis Sonnenschein/ })).toBeVisible();
  });

  test('Dokumente verwalten: the Kunde list opens on the chosen customer, and ArrowDown moves to the next one', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.sara, `/document?documentType=invoice&institutionId=${NORD}`);
    const customer = page.getByRole('combobox', { name: 'Kunde' });
    await customer.click();
    await customer.pressSequentially('100567');
    await customer.press('Enter');
    await expect(customer).toHaveValue('Zahnarztpraxis Dr. Müller (Kd.-Nr. 100567)');
    await expect(page).toHaveURL(new RegExp(`customerId=${MUELLER}`));

    // Back in the field (the list opens): the chosen customer is the marked one, not the
    // alphabet's first; ArrowDown goes on from it (round the list: Dr. Müller is the last).
    await customer.click();
    const marked = page.locator('[role="option"][data-combobox-selected]');
    await expect(marked).toHaveText('Zahnarztpraxis Dr. Müller (Kd.-Nr. 100567)');
    await expectNoAxeViolations(page);
    await shot(page, 'manage-documents-opened-on-chosen');
    await customer.press('ArrowDown');
    await expect(marked).toHaveText('Praxis Sonnenschein (Kd.-Nr. 100234)');
    await customer.press('Enter');
    await expect(customer).toHaveValue('Praxis Sonnenschein (Kd.-Nr. 100234)');
    await expect(page).toHaveURL(new RegExp(`customerId=${SONNENSCHEIN}`));
    // Cleared, the list is the alphabet again.
    await customer.fill('');
    await expect(page.getByRole('option')).toHaveText([
      'Praxis Sonnenschein (Kd.-Nr. 100234)',
      'Zahnarztpraxis Dr. Müller (Kd.-Nr. 100567)',
    ]);
  });

  test("Bankkonto-Bestellungen Ihrer Kunden: each order with the customer's Kd.-Nr., found by it", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.tom, `/orders?institutionId=${NORD}`);
    const section = page.getByRole('region', { name: 'Bankkonto-Bestellungen Ihrer Kunden' });
    await expect(section.getByRole('columnheader', { name: 'Kd.-Nr.' })).toBeVisible();
    await section.getByLabel('Kunde, Kd.-Nr. oder Status suchen').fill('100567');
    const rows = section.getByTestId(/^contractor-order-/);
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) {
      await expect(row).toContainText('Zahnarztpraxis Dr. Müller');
      await expect(row).toContainText('100567');
    }
    await expectNoAxeViolations(page);
    await shot(page, 'bank-orders-by-customer-number');
  });

  test('Als User eines Kunden anmelden: a customer found by name and city, or by PLZ; the fields say what they search', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.sara, `/dashboard?institutionId=${NORD}`);
    await impersonationButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Als User eines Kunden anmelden' });
    const institution = dialog.getByRole('combobox', { name: 'Kunden-Institution' });
    await expect(institution).toHaveAccessibleDescription(
      'Name, Kd.-Nr., PLZ oder Ort, mindestens 3 Zeichen',
    );
    for (const [typed, found] of [
      ['Sonnenschein Hamburg', 'Praxis Sonnenschein'],
      ['Müller München', 'Zahnarztpraxis Dr. Müller'],
      ['80331', 'Zahnarztpraxis Dr. Müller'],
    ] as const) {
      await institution.fill('');
      await institution.pressSequentially(typed);
      await expect(page.getByRole('option'), typed).toHaveCount(1);
      await expect(page.getByRole('option'), typed).toContainText(found);
    }
    await shot(page, 'impersonation-search-name-and-city');
    await institution.press('ArrowDown');
    await institution.press('Enter');
    await expect(dialog.getByRole('combobox', { name: 'Benutzer' })).toHaveAccessibleDescription(
      'Name oder E-Mail-Adresse, mindestens 3 Zeichen',
    );
    await expectNoAxeViolations(page);
  });

  test('two of the staff act as Max at once: one ending leaves the other acting; both are in Support-Zugriffe', async ({
    browser,
    page,
  }) => {
    const sara = await actAsMax(browser, ACCOUNTS.sara);
    const tom = await actAsMax(browser, ACCOUNTS.tom);
    try {
      await userMenu(sara.page).click();
      await sara.page.getByRole('menuitem', { name: 'Eigener User' }).click();
      await expect(sara.page.getByTestId('support-mode')).toHaveCount(0);
      await expect(userMenu(sara.page)).toContainText('Sara');

      // Tom still acts as Max: a new page loads Max's data in Support-Modus.
      await tom.page.goto('/orders');
      await expect(tom.page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
      await expect(tom.page.getByTestId('support-mode')).toBeVisible();
      await expect(userMenu(tom.page)).toContainText('Max');
      await expect(tom.page.getByTestId('institution-name')).toHaveText('Praxis Sonnenschein');
      await userMenu(tom.page).click();
      await tom.page.getByRole('menuitem', { name: 'Eigener User' }).click();
      await expect(tom.page.getByTestId('support-mode')).toHaveCount(0);
      await expect(userMenu(tom.page)).toContainText('Tom');
    } finally {
      await sara.context.close();
      await tom.context.close();
    }
    await signIn(page, ACCOUNTS.anna, `/institution?institutionId=${SONNENSCHEIN}`);
    const accesses = page.getByRole('region', { name: 'Support-Zugriffe' });
    await expect(accesses).toContainText('Sara Öztürk');
    await expect(accesses).toContainText('Tom Krüger');
  });
});
