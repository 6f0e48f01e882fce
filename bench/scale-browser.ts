// The portal with a large installation's data (bench/scale-data.ts), used in Chromium as Anna
// (admin of a hospital group with 400 users, 3 000 documents, 300 orders), Tom and Sara
// (provider side, 301 institutions each) and a plain member would. Prints per screen the time
// until it is usable, the rows in the page, and the API answers behind it (count, bytes as
// sent and unpacked, slowest). Figures only, no assertions.
// `npm exec -- node --import tsx bench/scale-browser.ts` from the repository root (builds if
// stale, fills a fresh data folder, starts the portal on it); SCALE_BASE_URL=http://… measures
// a portal already running on such data instead.
//
// Figures on this 2-core VM (one run each; time until usable, API calls, JSON unpacked), before
// the fixes of the commits that came with this bench and after them:
//   Tom: sign-in → dashboard (301 institutions)  4 969 ms, 311 calls, 1 043 KB → 1 159 ms, 12 calls, 79 KB
//   Tom: reload dashboard                         1 784 ms, 310 calls         →   156 ms, 11 calls
//   Tom: Kacheleditor                             3 179 ms, 310 calls         →   479 ms, 11 calls
//   Sara: sign-in → dashboard                     3 421 ms, 311 calls         → 1 185 ms, 12 calls
//   Tom: 4 more page loads within a minute        64 answers 429, then the portal did not open → 0
//   Tom: Kundencenter (602 customers)             8 440 ms, 172+ datahub calls (of 1 209) → 1 010 ms, 46 calls
//   Anna: Unternehmen (400 users)                10 371 ms, 401 rows         → 1 141 ms, 50 rows
//   Anna: documents invoice (430)                 1 423 ms, 429 rows         →   621 ms, 50 rows
//   the navbar's relationship answer for Nord     348 KB on every page load   → 0.6 KB (owner=true&limit=1)
import path from 'node:path';
import { chromium, type Page, type Request } from '@playwright/test';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/db/seed/index';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, type RunningPortal, startPortal } from './browser-portal';
import { fillScaleData, SCALE_IDS, SCALE_PLAIN_USER } from './scale-data';

interface Api {
  url: string;
  status: number;
  encoded: number;
  decoded: number;
  ms: number;
}

async function startOnScaleData(): Promise<RunningPortal> {
  if (process.env.SCALE_BASE_URL)
    return { baseUrl: process.env.SCALE_BASE_URL, stop: async () => {} };
  return startPortal({
    prepare: async (dataDir) => {
      const database = await openDatabase({ dataDir });
      await migrateDatabase(database);
      await fillScaleData(database.db, dataDir);
      await database.close();
    },
  });
}

function recorder(page: Page) {
  let calls: Api[] = [];
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().includes('/api/')) return;
    const response = await request.response();
    if (!response) return;
    const timing = request.timing();
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
    const body = await response.body().catch(() => Buffer.alloc(0));
    calls.push({
      url:
        new URL(request.url()).pathname.replace(/[0-9a-f-]{36}/g, '{id}') +
        new URL(request.url()).search.replace(/[0-9a-f-]{36}/g, '{id}'),
      status: response.status(),
      encoded: sizes.responseBodySize,
      decoded: body.length,
      ms: timing.responseEnd,
    });
  });
  return {
    take() {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function report(screen: string, ms: number, rows: number | string, calls: Api[]) {
  const total = calls.reduce((s, c) => s + c.decoded, 0);
  const sent = calls.reduce((s, c) => s + c.encoded, 0);
  const slowest = [...calls].sort((a, b) => b.ms - a.ms)[0];
  const biggest = [...calls].sort((a, b) => b.decoded - a.decoded)[0];
  const bad = calls.filter((c) => c.status >= 400).length;
  console.log(
    `${screen.padEnd(44)} usable ${String(Math.round(ms)).padStart(6)} ms  rows ${String(rows).padStart(5)}  ` +
      `api ${String(calls.length).padStart(3)} calls${bad ? ` (${bad} failed)` : ''}, ${kb(sent)} sent / ${kb(total)} JSON` +
      (biggest ? `; biggest ${biggest.url} ${kb(biggest.decoded)}` : '') +
      (slowest ? `; slowest ${slowest.url} ${Math.round(slowest.ms)} ms` : ''),
  );
}

async function signIn(page: Page, baseUrl: string, email: string, pathAndQuery: string) {
  await page.goto(`${baseUrl}${pathAndQuery}`);
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function measure(
  page: Page,
  rec: ReturnType<typeof recorder>,
  screen: string,
  go: () => Promise<void>,
  usable: () => Promise<void>,
  rowSelector?: string,
  shot?: string,
) {
  rec.take();
  const started = performance.now();
  await go();
  await usable();
  const ms = performance.now() - started;
  await page.waitForLoadState('networkidle').catch(() => {});
  const rows = rowSelector ? await page.locator(rowSelector).count() : '-';
  report(screen, ms, rows, rec.take());
  if (shot) await page.screenshot({ path: shot, fullPage: false });
}

const SHOTS = process.env.SCALE_SHOTS;
const shotPath = (name: string) => (SHOTS ? path.join(SHOTS, `${name}.png`) : undefined);

async function main() {
  const portal = await startOnScaleData();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const hanse = SCALE_IDS.hanse;
  try {
    // Anna, admin of the hospital group.
    {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const rec = recorder(page);
      const h1 = (name: string) => () =>
        page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 120_000 });
      await measure(
        page,
        rec,
        'Anna: sign-in → dashboard',
        () => signIn(page, portal.baseUrl, DEMO_EMAILS.anna, `/dashboard?institutionId=${hanse}`),
        async () => {
          await h1('Dashboard')();
          await page.getByText('Aufträge', { exact: false }).first().waitFor({ timeout: 120_000 });
        },
        '[data-testid="tile"], a[class*="tile"]',
        shotPath('anna-dashboard'),
      );
      await measure(
        page,
        rec,
        'Anna: Unternehmen (400 users)',
        () => page.goto(`${portal.baseUrl}/institution`).then(() => {}),
        async () => {
          await h1('Unternehmen')();
          await page.locator('[data-testid^="user-row-"]').first().waitFor({ timeout: 120_000 });
        },
        '[data-testid^="user-row-"]',
        shotPath('anna-institution'),
      );
      await measure(
        page,
        rec,
        'Anna: documents invoice (~430)',
        () => page.goto(`${portal.baseUrl}/document?documentType=invoice`).then(() => {}),
        async () => {
          await page.getByTestId('document-row').first().waitFor({ timeout: 120_000 });
        },
        '[data-testid="document-row"]',
        shotPath('anna-documents'),
      );
      await measure(
        page,
        rec,
        'Anna: documents tab → forms',
        () =>
          page
            .getByRole('link', { name: /Formulare/ })
            .first()
            .click(),
        async () => {
          await page.waitForURL(/documentType=forms/);
          await page.getByTestId('document-row').first().waitFor({ timeout: 120_000 });
        },
        '[data-testid="document-row"]',
      );
      await measure(
        page,
        rec,
        'Anna: Aufträge (300 orders)',
        () => page.goto(`${portal.baseUrl}/orders`).then(() => {}),
        async () => {
          await h1('Aufträge')();
          await page.locator('table tbody tr').first().waitFor({ timeout: 120_000 });
        },
        'table tbody tr',
        shotPath('anna-orders'),
      );
      await measure(
        page,
        rec,
        'Anna: Verträge',
        () => page.goto(`${portal.baseUrl}/contracts`).then(() => {}),
        h1('Verträge'),
        'table tbody tr',
      );
      await context.close();
    }
    // Tom, admin of Nord and of 300 practices.
    {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const rec = recorder(page);
      const h1 = (name: string) => () =>
        page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 120_000 });
      await measure(
        page,
        rec,
        'Tom: sign-in → dashboard (301 inst.)',
        () => signIn(page, portal.baseUrl, DEMO_EMAILS.tom, '/dashboard'),
        h1('Dashboard'),
        undefined,
        shotPath('tom-dashboard'),
      );
      await measure(
        page,
        rec,
        'Tom: reload dashboard',
        () => page.reload().then(() => {}),
        h1('Dashboard'),
      );
      await measure(
        page,
        rec,
        'Tom: open institution switcher',
        () => page.getByRole('button', { name: /Institution auswählen/ }).click(),
        async () => {
          await page.getByRole('menuitemradio').first().waitFor({ timeout: 60_000 });
        },
        '[role="menuitemradio"]',
        shotPath('tom-switcher'),
      );
      // Keyboard: End to the last entry, then type-ahead.
      const kbStart = performance.now();
      await page.keyboard.press('End');
      const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
      console.log(
        `${'Tom: switcher End key'.padEnd(44)} ${Math.round(performance.now() - kbStart)} ms, focus on "${focused.trim()}"`,
      );
      await page.keyboard.press('Escape');
      await measure(
        page,
        rec,
        'Tom: Kacheleditor',
        () => page.goto(`${portal.baseUrl}/dashboard-tile-editor`).then(() => {}),
        h1('Kacheleditor'),
        undefined,
        shotPath('tom-tile-editor'),
      );
      await measure(
        page,
        rec,
        'Tom: Verträge (602 customers)',
        () => page.goto(`${portal.baseUrl}/contracts`).then(() => {}),
        h1('Verträge'),
        'table tbody tr',
        shotPath('tom-contracts'),
      );
      await measure(
        page,
        rec,
        'Tom: Kundencenter (602 customers)',
        () => page.goto(`${portal.baseUrl}/customer-overview`).then(() => {}),
        () => page.getByTestId('datahub-case').first().waitFor({ timeout: 120_000 }),
        '[data-testid="datahub-case"]',
        shotPath('tom-kundencenter'),
      );
      // Page loads in a row, as someone who opens a few links in new tabs: does the per-user
      // rate limit (1 200 requests a minute) hold them?
      let refused = 0;
      page.on('response', (response) => {
        if (response.url().includes('/api/') && response.status() === 429) refused += 1;
      });
      const started = performance.now();
      for (let i = 0; i < 4; i++) {
        await page.reload();
        await h1('Kundencenter')();
        await page.waitForLoadState('networkidle').catch(() => {});
      }
      rec.take();
      console.log(
        `${'Tom: 4 more page loads'.padEnd(44)} ${Math.round(performance.now() - started)} ms, ${refused} answers 429`,
      );
      await context.close();
    }
    // Sara, support of Nord and of 300 practices: impersonation search.
    {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const rec = recorder(page);
      await measure(
        page,
        rec,
        'Sara: sign-in → dashboard (301 inst.)',
        () => signIn(page, portal.baseUrl, DEMO_EMAILS.sara, '/dashboard'),
        () =>
          page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 120_000 }),
      );
      await measure(
        page,
        rec,
        'Sara: impersonation search "Praxis"',
        async () => {
          await page.getByRole('button', { name: 'Als User eines Kunden anmelden' }).click();
          await page
            .getByRole('dialog', { name: 'Als User eines Kunden anmelden' })
            .getByRole('combobox', { name: 'Kunden-Institution' })
            .pressSequentially('Praxis');
        },
        () => page.getByRole('option').first().waitFor({ timeout: 60_000 }),
        '[role="option"]',
        shotPath('sara-impersonation'),
      );
      await context.close();
    }
    // A plain member of the hospital group.
    {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const rec = recorder(page);
      await measure(
        page,
        rec,
        'Member: sign-in → dashboard',
        () => signIn(page, portal.baseUrl, SCALE_PLAIN_USER, '/dashboard'),
        () =>
          page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 120_000 }),
        undefined,
        shotPath('member-dashboard'),
      );
      await measure(
        page,
        rec,
        'Member: documents information',
        () => page.goto(`${portal.baseUrl}/document?documentType=information`).then(() => {}),
        () => page.getByTestId('document-row').first().waitFor({ timeout: 120_000 }),
        '[data-testid="document-row"]',
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

await main();
