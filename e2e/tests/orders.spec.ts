import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from '../support/fixtures';

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;
const ORDERS = {
  sonnenscheinTi: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01',
  sonnenscheinBank: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e02',
  muellerBank: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e03',
  muellerTi: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04',
  muellerBankOlder: 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e05',
};
const shot = (page: Page, name: string) => screenshot(page, 'orders', name);

/** Makes `institutionId` this tab's institution (the app remembers the tab's last one). */
async function useInstitution(page: Page, institutionId: string) {
  await page.evaluate((id) => {
    localStorage.setItem('lastInstitutionId', id);
    sessionStorage.setItem('lastInstitutionId', id);
  }, institutionId);
}

test('Aufträge lists the orders in German and opens their status pages', async ({ page }) => {
  await signIn(page, ACCOUNTS.anna, '/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
  const table = page.getByTestId('orders-table');
  await expect(table.getByRole('row', { name: /TI-Bestellung.*SMC-B bestellt/ })).toBeVisible();
  await expect(
    table.getByRole('row', { name: /Bankkonto.*Legitimiert.*03\.11\.2025/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'orders');
  // The date filter's calendar, open: named controls, readable days of the neighbouring months.
  await page.getByRole('button', { name: 'Angelegt ab' }).click();
  await expect(page.getByRole('button', { name: 'Vorheriger Monat' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await page.getByTestId(`order-${ORDERS.sonnenscheinBank}`).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/orders/bank/status/${ORDERS.sonnenscheinBank}$`));
  await expect(page.getByTestId('bank-current-status')).toHaveText('Aktueller Status: Legitimiert');
  await expect(page.getByRole('link', { name: /Kontoeröffnung fortsetzen/ })).toHaveAttribute(
    'href',
    new RegExp(`${SONNENSCHEIN}$`),
  );
  await expectNoAxeViolations(page);
  await shot(page, 'bank-status');
});

test('Anna toggles TI flags; after SMC-B ordered the status reloads to SMCB_ORDERED; she books a pre-check slot', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.anna, '/');
  await useInstitution(page, MUELLER);
  const puts: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/order-status/')) {
      puts.push(request.postDataJSON());
    }
  });
  await page.goto(`/orders/ti/status/${ORDERS.muellerTi}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellstatus' })).toBeVisible();
  await expect(page.getByTestId('ti-current-status')).toHaveText(
    'Aktueller Status: Hardware bestellt',
  );
  await expectNoAxeViolations(page);
  await shot(page, 'ti-status-before');

  await page.getByRole('checkbox', { name: 'SMC-B beantragt' }).check();
  await expect(page.getByRole('checkbox', { name: 'SMC-B beantragt' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'SMC-B beantragt' })).toBeEnabled();
  await expect(page.getByTestId('ti-current-status')).toHaveText(
    'Aktueller Status: Hardware bestellt',
  );

  await page.getByRole('checkbox', { name: 'SMC-B bestellt' }).check();
  await expect(page.getByTestId('ti-current-status')).toHaveText(
    'Aktueller Status: SMC-B bestellt',
  );
  expect(puts).toEqual([
    {
      isRegisteredAtEgbr: false,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: false,
      version: 1,
    },
    {
      isRegisteredAtEgbr: false,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: true,
      // Each change names the version it was made on (the first one's answer raised it).
      version: 2,
    },
  ]);

  // Pre-check: the picker shows the month in weeks starting on Monday; go to next month.
  const calendar = page.getByTestId('precheck-calendar');
  await expect(calendar.getByRole('columnheader').first()).toHaveText('Mo');
  await expect(calendar.getByRole('row')).toHaveCount(7); // header + 6 weeks
  const appointmentRequest = page.waitForRequest((r) => r.url().includes('/api/appointment/'));
  await page.getByRole('button', { name: 'Nächster Monat' }).click();
  const url = new URL((await appointmentRequest).url());
  expect(url.searchParams.get('fromDate')).toMatch(/^\d{4}-\d{2}-01$/);
  expect(url.searchParams.get('toDate')).toMatch(/^\d{4}-\d{2}-01$/);
  const slot = calendar.locator('button[data-slot]').first();
  await expect(slot).toBeVisible();
  const slotId = await slot.getAttribute('data-slot');
  await expectNoAxeViolations(page);
  await shot(page, 'ti-status-picker');
  await slot.click();
  // A booking commits the practice: it is asked for once more before it is sent.
  const confirm = page.getByRole('dialog', { name: 'Vor-Check-Termin buchen' });
  await expect(confirm).toContainText('verbindlich buchen?');
  // It cannot be taken back: the dialog opens on Abbrechen, so a second Enter books nothing.
  await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Termin buchen' }).click();
  await expect(page.getByTestId('ti-current-status')).toHaveText(
    'Aktueller Status: Vor-Check gebucht',
  );
  const [date, time] = (slotId ?? '').split('T');
  const [y, m, d] = (date ?? '').split('-');
  await expect(page.getByTestId('precheck-appointment')).toHaveText(`${d}.${m}.${y} ${time}`);
  await expect(calendar.locator(`button[data-slot="${slotId}"]`)).toHaveCount(0);
  // The focus is on the booking's confirmation (it had landed on the calendar table).
  await expect(page.getByTestId('precheck-booked')).toBeFocused();
  await expect(page.getByTestId('precheck-booked')).toHaveText('Ihr Vor-Check-Termin ist gebucht.');
  // … and shows it: the app's focus ring, 2 px in the primary colour (WCAG 2.4.7).
  await expect(page.getByTestId('precheck-booked')).toHaveCSS('outline-style', 'solid');
  await expect(page.getByTestId('precheck-booked')).toHaveCSS('outline-width', '2px');
  await expectNoAxeViolations(page);
  await shot(page, 'ti-status-booked');

  // The booked slot is gone for everyone: Praxis Sonnenschein's picker no longer offers it.
  await useInstitution(page, SONNENSCHEIN);
  await page.goto(`/orders/ti/status/${ORDERS.sonnenscheinTi}`);
  await page.getByRole('button', { name: 'Nächster Monat' }).click();
  await expect(
    page.getByTestId('precheck-calendar').locator('button[data-slot]').first(),
  ).toBeVisible();
  await expect(
    page.getByTestId('precheck-calendar').locator(`button[data-slot="${slotId}"]`),
  ).toHaveCount(0);
});

test('Anna watches her bank order while Tom advances it; the page follows within one polling interval', async ({
  browser,
}) => {
  const anna = await browser.newContext();
  const tom = await browser.newContext();
  try {
    const annaPage = await anna.newPage();
    // Anna's clock is the test's: one polling interval (spec: 10 s) is run on it, instead of
    // measuring seconds on a machine that may be busy.
    await annaPage.clock.install();
    await signIn(annaPage, ACCOUNTS.anna, '/');
    await useInstitution(annaPage, MUELLER);
    await annaPage.goto(`/orders/bank/status/${ORDERS.muellerBankOlder}`);
    const annaStatus = annaPage.getByTestId('bank-current-status');
    await expect(annaStatus).toHaveText('Aktueller Status: Interne Prüfung');
    await expect(
      annaPage.getByText('Der Status wird alle 10 Sekunden aktualisiert.'),
    ).toBeVisible();

    const tomPage = await tom.newPage();
    await signIn(tomPage, ACCOUNTS.tom, '/orders');
    const row = tomPage.getByTestId(`contractor-order-${ORDERS.muellerBankOlder}`);
    await expect(row).toContainText('Interne Prüfung');
    // Forward only: earlier statuses are not offered.
    await expect(row.getByRole('option', { name: 'Angelegt' })).toHaveCount(0);
    await expectNoAxeViolations(tomPage);
    await shot(tomPage, 'orders-contractor');

    await row.getByRole('combobox').selectOption('LEGITIMISED');
    await row.getByRole('button', { name: 'Status setzen' }).click();
    // Forward only, so it is asked for once more.
    const confirm = tomPage.getByRole('dialog', { name: 'Status setzen' });
    await expect(confirm.getByRole('button', { name: 'Abbrechen' })).toBeFocused();
    await expect(confirm).toContainText('von „Interne Prüfung“ auf „Legitimiert“ setzen?');
    await confirm.getByRole('button', { name: 'Status setzen' }).click();
    await expect(row).toContainText('Legitimiert');
    await annaPage.clock.runFor(10_000);
    await expect(annaStatus).toHaveText('Aktueller Status: Legitimiert');
    await expect(annaPage.getByRole('link', { name: /Kontoeröffnung fortsetzen/ })).toBeVisible();
    await shot(annaPage, 'bank-status-legitimised');

    await row.getByRole('combobox').selectOption('SET_UP');
    await row.getByRole('button', { name: 'Status setzen' }).click();
    await confirm.getByRole('button', { name: 'Status setzen' }).click();
    await expect(row).toContainText('abgeschlossen');
    await annaPage.clock.runFor(10_000);
    await expect(annaStatus).toHaveText('Aktueller Status: Eingerichtet');
    await expect(annaPage.getByRole('link', { name: /Zum Online-Banking/ })).toBeVisible();
    // Complete: polling stops.
    await expect(annaPage.getByText('Der Status wird alle 10 Sekunden aktualisiert.')).toHaveCount(
      0,
    );
    let polled = 0;
    annaPage.on('request', (r) => {
      if (r.url().includes(`/order/${ORDERS.muellerBankOlder}`)) polled += 1;
    });
    await annaPage.clock.runFor(30_000);
    expect(polled).toBe(0);
    await expectNoAxeViolations(annaPage);
    await shot(annaPage, 'bank-status-set-up');
  } finally {
    await anna.close();
    await tom.close();
  }
});

test('Verträge, Kundencenter, Mein Finanzierungswunsch and the offer pages', async ({ page }) => {
  await signIn(page, ACCOUNTS.anna, '/contracts');
  const contracts = page.getByTestId('contracts-table');
  await expect(
    contracts.getByRole('row', { name: /Abrechnungszentrum Nord GmbH.*100234/ }).first(),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'contracts');

  await page.goto('/customer-overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Kundencenter' })).toBeVisible();
  await expect(page.getByTestId('datahub-case').first()).toContainText('Kundennummer (Kd.-Nr.)');
  await expect(page.getByText('100234').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('{"');
  await expectNoAxeViolations(page);
  await shot(page, 'customer-overview');

  await page.goto('/credit-offer-widget');
  await expect(page.getByText('Sie haben noch keinen Finanzierungswunsch gesendet.')).toBeVisible();
  await page.getByRole('button', { name: 'Finanzierungswunsch senden' }).click();
  await expect(
    page.getByText('Bitte beschreiben Sie den Verwendungszweck (mindestens 3 Zeichen).'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Betrag in EUR').fill('25000,5');
  await page.getByLabel('Laufzeit in Monaten').fill('48');
  // The purpose stops at the server's 500 characters and says how many are used.
  const purpose = page.getByLabel('Verwendungszweck');
  await purpose.fill('x'.repeat(600));
  await expect(purpose).toHaveValue('x'.repeat(500));
  await expect(page.getByText('500 von 500 Zeichen')).toBeVisible();
  await purpose.fill('Neues Ultraschallgerät');
  await expect(page.getByText('22 von 500 Zeichen')).toBeVisible();
  await page.getByLabel('Telefonnummer für Rückfragen').fill('040 1234567');
  await page.getByRole('button', { name: 'Finanzierungswunsch senden' }).click();
  const requests = page.getByTestId('financing-requests');
  await expect(
    requests.getByRole('row', {
      name: /25\.000,50\s€.*Neues Ultraschallgerät.*48 Monate.*Eingegangen/,
    }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'credit-offer');

  for (const [path, heading, link] of [
    ['/bankaccount-offer', 'Banking für Ihre Praxis', 'Praxiskonto eröffnen'],
    ['/egeko-smo', 'eGeKo SMO – Sonstige Hilfsmittel online abrechnen', 'eGeKo SMO öffnen'],
    ['/egeko-hoz', 'eGeKo HOZ – Hilfsmittel, Orthopädie, Zubehör', 'eGeKo HOZ öffnen'],
    [
      '/connect',
      'Connect – Ihre Praxissoftware mit dem Portal verbinden',
      'Connect-Assistent herunterladen',
    ],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(link) })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await expectNoAxeViolations(page);
    await shot(page, path.slice(1));
  }
});
