import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  layoutShiftsOfReload,
  PAGE_DATA,
  signIn,
  test,
  userMenu,
} from '../support/fixtures';

// Pages that open with data of their own: with every answer of the page held back 400 ms, the
// first view still must not move (the guard waits for the page's data: PAGES_WITH_DATA in
// app/startup-prefetch.ts, PAGE_LOADS in app/page-loads.ts). Before, Mein Konto shifted by 0.16
// and the Kundencenter by 0.14 (CLS; 0.1 counts as poor), the document tabs by 0.002 and the
// navbar, when the partner's logo arrived, by 0.001: each of those fails the bound here.
const PAGES: {
  name: string;
  account: keyof typeof ACCOUNTS;
  path: string;
  /** The page shows its data. */
  ready(page: Page): Promise<void>;
}[] = [
  {
    name: 'Mein Konto',
    account: 'anna',
    path: '/account',
    async ready(page) {
      await expect(page.getByLabel('Vorname')).toHaveValue('Anna');
      await expect(page.getByRole('heading', { name: 'Einladung' })).toBeVisible();
    },
  },
  {
    name: 'Kundencenter',
    account: 'tom',
    path: '/customer-overview',
    async ready(page) {
      await expect(page.getByRole('heading', { level: 1, name: 'Kundencenter' })).toBeVisible();
      await expect(page.getByText('Vertragsbeginn').first()).toBeVisible();
    },
  },
  {
    name: 'a document list with its type tabs',
    account: 'anna',
    path: '/document?documentType=invoice',
    async ready(page) {
      await expect(page.getByRole('heading', { level: 1, name: 'Rechnungen' })).toBeVisible();
      await expect(
        page.getByRole('table').or(page.getByText(/noch keine Dokumente/)),
      ).toBeVisible();
    },
  },
];

test.describe('the first view of a page does not move while its data arrives', () => {
  for (const { name, account, path, ready } of PAGES) {
    test(name, async ({ page }) => {
      await signIn(page, ACCOUNTS[account], path);
      await ready(page);
      const { total, shifts } = await layoutShiftsOfReload(page, PAGE_DATA, () => ready(page));
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.001);
    });
  }
});

// index.html's inline script sends the requests the app's last start on the page sent, with the
// page, and the app takes those answers instead of asking again (apps/web/src/lib/early-requests.ts).
test.describe('the first view asks the API while its scripts load', () => {
  test('a reload sends each first-view request once, from the page, allowed by its policy', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const record = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('portal.early-requests') ?? 'null'),
    );
    expect(record?.pages?.['/dashboard']).toEqual(
      expect.arrayContaining([
        'POST /api/user/ensureBackendUserExists',
        'GET /api/user/current',
        expect.stringMatching(/^GET \/api\/institution\/[0-9a-f-]{36}\/tiles$/),
      ]),
    );

    // What the inline script hands the app (kept here: the app drops it once it has started).
    await page.addInitScript(() => {
      let early: { pending: Record<string, unknown> } | undefined;
      Object.defineProperty(window, '__portalEarlyRequests', {
        configurable: true,
        get: () => early,
        set(value: { pending: Record<string, unknown> }) {
          early = value;
          (window as unknown as { earlySent: string[] }).earlySent = Object.keys(value.pending);
        },
      });
    });
    const sent: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/tile-icon/')) {
        sent.push(`${request.method()} ${url.pathname}${url.search}`);
      }
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const earlySent = await page.evaluate(
      () => (window as unknown as { earlySent?: string[] }).earlySent,
    );
    expect(earlySent).toEqual(record.pages['/dashboard']);
    // The app took every early answer: none of those requests went out a second time.
    for (const request of earlySent ?? []) {
      expect(
        sent.filter((each) => each === request),
        request,
      ).toHaveLength(1);
    }
    expect(problems).toEqual([]);
  });

  test('signing out forgets which requests were sent', async ({ page }) => {
    await signIn(page, ACCOUNTS.max, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('portal.early-requests')))
      .not.toBeNull();
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await page.goto('/impressum');
    expect(await page.evaluate(() => localStorage.getItem('portal.early-requests'))).toBeNull();
  });
});

// The style sheet is linked after the loading text (apps/web/src/build/stylesheet-in-body.ts):
// the text shows with the HTML, and the app still starts only once the sheet has loaded.
test('with its style sheet held back, a page shows the loading text and the app waits for the sheet', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.max, '/dashboard');
  const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  await expect(heading).toBeVisible();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^/]+\.css$/, async (route) => {
    await held;
    await route.continue();
  });
  const reload = page.reload();
  await expect(page.getByRole('status')).toHaveText('Wird geladen …');
  const text = await page.getByRole('status').boundingBox();
  // Unstyled app content never shows: the scripts wait for the sheet.
  await page.waitForTimeout(500);
  await expect(heading).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Wird geladen …');
  expect(await page.getByRole('status').boundingBox()).toEqual(text);
  release();
  await reload;
  await expect(heading).toBeVisible();
});
