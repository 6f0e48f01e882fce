import type { Page, Route } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from '../support/fixtures';

// A page whose first load fails over a hospital's Wi-Fi (a 5xx, the connection lost on the
// way) says so in German and offers 'Erneut laden' instead of staying blank; the next try
// shows the page (docs/decisions/018-failed-first-loads.md). Each test breaks only its own
// requests, so the tests do not depend on one another's data.

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const SONNENSCHEIN_TI = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01';
const SONNENSCHEIN_BANK = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e02';
const shot = (page: Page, name: string) => screenshot(page, 'failed-first-loads', name);

/**
 * GET requests matching `url` fail until `heal()` is called: a 500 problem answer or, with
 * `network`, the connection lost on the way (the app tries each load quietly up to three times,
 * and once more as a page opens, so only a lasting failure reaches the person).
 */
async function breakRequests(page: Page, url: RegExp, kind: 'server' | 'network' = 'server') {
  let isBroken = true;
  let failed = 0;
  await page.route(url, async (route: Route) => {
    if (route.request().method() !== 'GET' || !isBroken) return route.fallback();
    failed += 1;
    if (kind === 'network') return route.abort('internetdisconnected');
    return route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
    });
  });
  return {
    heal: () => {
      isBroken = false;
    },
    failed: () => failed,
  };
}

const loadFailed = (page: Page) => page.getByTestId('load-failed');

test('Aufträge: a failed first load says so; Erneut laden shows the list', async ({ page }) => {
  const orders = await breakRequests(page, /\/api\/institution\/[^/]+\/order(\?.*)?$/);
  await signIn(page, ACCOUNTS.anna, '/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Aufträge' })).toBeVisible();
  await expect(loadFailed(page)).toHaveText(
    /Die Aufträge konnten nicht geladen werden\. Bitte versuchen Sie es gleich noch einmal oder später\.\s*Erneut laden/,
  );
  expect(orders.failed()).toBeGreaterThan(0);
  await expect(page.getByText('Es liegen keine Aufträge vor.')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'orders-list');
  orders.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(page.getByTestId('orders-table').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId(`order-${SONNENSCHEIN_TI}`)).toBeVisible();
  await expect(loadFailed(page)).toHaveCount(0);
});

test('Bestellstatus (TI): the connection lost on every try says so; Erneut laden shows the order', async ({
  page,
}) => {
  // The first load and the app's two quiet retries all lose the connection.
  const status = await breakRequests(
    page,
    new RegExp(`/api/institution/[^/]+/order-status/${SONNENSCHEIN_TI}$`),
    'network',
  );
  await signIn(page, ACCOUNTS.anna, `/orders/ti/status/${SONNENSCHEIN_TI}`);
  await expect(loadFailed(page)).toContainText(
    'Der Bestellstatus konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
  );
  await expect(page.getByTestId('order-not-found')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'ti-status');
  status.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(page.getByTestId('ti-current-status')).toContainText('Aktueller Status:');
  await expect(page.getByRole('checkbox', { name: 'Beim eGBR registriert' })).toBeVisible();
});

test('Bestellstatus (Bank): a server error says so, not "nicht gefunden"; Erneut laden shows the order', async ({
  page,
}) => {
  const order = await breakRequests(
    page,
    new RegExp(`/api/institution/[^/]+/order/${SONNENSCHEIN_BANK}$`),
  );
  await signIn(page, ACCOUNTS.max, `/orders/bank/status/${SONNENSCHEIN_BANK}`);
  await expect(loadFailed(page)).toContainText('Der Bestellstatus konnte nicht geladen werden.');
  await expect(page.getByTestId('order-not-found')).toHaveCount(0);
  order.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(page.getByTestId('bank-current-status')).toContainText('Aktueller Status:');
});

test('Dashboard: failed tiles and orders are no blank page; Erneut laden brings both', async ({
  page,
}) => {
  const tiles = await breakRequests(page, /\/api\/institution\/[^/]+\/tiles(\?.*)?$/);
  const orders = await breakRequests(page, /\/api\/institution\/[^/]+\/order(\?.*)?$/);
  await signIn(page, ACCOUNTS.max, '/dashboard');
  await expect(loadFailed(page)).toContainText(
    'Nicht alle Kacheln konnten geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
  );
  const partners = page.getByRole('region', { name: 'Meine Partner' });
  await expect(partners.getByRole('link', { name: /Aufträge/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, 'dashboard');
  tiles.heal();
  orders.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(partners.getByRole('link', { name: /Aufträge/ })).toContainText('2 Aufträge');
  await expect(loadFailed(page)).toHaveCount(0);
});

test('Unternehmen: a failed institution load keeps the error bar, the page says what it cannot show; its Erneut laden loads it', async ({
  page,
}) => {
  const institution = await breakRequests(
    page,
    new RegExp(`/api/institution/${SONNENSCHEIN}(\\?.*)?$`),
  );
  await signIn(page, ACCOUNTS.anna, '/institution');
  const bar = page.getByRole('alert').filter({
    hasText:
      'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
  });
  await expect(bar).toBeVisible();
  // The page's own area, under its heading: what is missing here, not the bar's words again.
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  await expect(loadFailed(page)).toHaveText(
    /^Die Daten der Institution und ihre Benutzer können daher nicht angezeigt werden\.\s*Erneut laden$/,
  );
  await expectNoAxeViolations(page);
  await shot(page, 'institution');
  institution.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Praxis Sonnenschein');
  await expect(bar).toHaveCount(0);
  await expect(loadFailed(page)).toHaveCount(0);
});

test('Verträge, Mein Konto and a document list each say a failed load and load again', async ({
  page,
}) => {
  const contracts = await breakRequests(page, /\/api\/institution\/[^/]+\/relationship(\?.*)?$/);
  const account = await breakRequests(page, /\/api\/accountdata\/[^/]+$/);
  const invoices = await breakRequests(
    page,
    /\/api\/institution\/[^/]+\/document\?documentType=invoice$/,
  );
  await signIn(page, ACCOUNTS.max, '/contracts');
  await expect(loadFailed(page)).toContainText('Die Verträge konnten nicht geladen werden.');
  await shot(page, 'contracts');
  contracts.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(page.getByTestId('contracts-table')).toContainText('Abrechnungszentrum Nord GmbH');

  await page.goto('/account');
  await expect(loadFailed(page)).toContainText('Ihre Kontodaten konnten nicht geladen werden.');
  await expectNoAxeViolations(page);
  await shot(page, 'account');
  account.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(page.getByLabel(/Vorname/)).toHaveValue('Max');

  await page.goto('/document?documentType=invoice');
  await expect(loadFailed(page)).toContainText('Die Dokumente konnten nicht geladen werden.');
  invoices.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(loadFailed(page)).toHaveCount(0);
});

test('Dokumente: failed unread counts of the type tabs say so; the tabs still lead on; Erneut laden shows the counts', async ({
  page,
}) => {
  const counts = await breakRequests(page, /\/api\/documents\/metadata(\?.*)?$/);
  await signIn(page, ACCOUNTS.anna, '/document?documentType=invoice');
  const tabs = page.getByRole('navigation', { name: 'Dokumenttypen' });
  await expect(tabs.getByRole('link', { name: 'Lieferscheine' })).toBeVisible();
  await expect(loadFailed(page)).toHaveText(
    /^Die Anzahl ungelesener Dokumente je Dokumenttyp konnte nicht geladen werden\. Bitte versuchen Sie es gleich noch einmal oder später\.\s*Erneut laden$/,
  );
  expect(counts.failed()).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shot(page, 'document-type-counts');
  counts.heal();
  await loadFailed(page).getByRole('button', { name: 'Erneut laden' }).click();
  await expect(loadFailed(page)).toHaveCount(0);
  await expect(tabs.getByRole('link', { name: 'Rechnungen' })).toBeVisible();
});
