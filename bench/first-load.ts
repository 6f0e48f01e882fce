// Prints the JavaScript and CSS a signed-in first view of /dashboard fetches, until the dashboard
// heading (the tiles, once they exist) is visible: in a real browser (Debian's Chromium), cold
// cache, a stored session (the sign-in page's own assets do not count). Each asset is reported
// with its transfer size as sent by the server and its gzip size (level 9, what a compressing
// server sends at most). Budget (architecture.md): 200 KB gzip.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  dashboardVisible,
  type RunningPortal,
  signInOnPage,
  startPortal,
} from './browser-portal';

const BUDGET_KB = 200;

interface Asset {
  path: string;
  type: 'js' | 'css';
  raw: number;
  gzip: number;
  transfer: number;
}

export async function measureFirstLoad(portal?: RunningPortal) {
  const running = portal ?? (await startPortal());
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  try {
    // Sign in once, keep only the stored session (localStorage) for the measured view.
    const signInContext = await browser.newContext();
    await signInOnPage(await signInContext.newPage(), running.baseUrl);
    const storageState = await signInContext.storageState();
    await signInContext.close();

    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const pending: Promise<Asset | null>[] = [];
    let done = false;
    page.on('requestfinished', (request) => {
      if (done) return;
      const url = new URL(request.url());
      const type = /\.js$/.test(url.pathname) ? 'js' : /\.css$/.test(url.pathname) ? 'css' : null;
      if (!type || url.origin !== running.baseUrl) return;
      pending.push(
        (async () => {
          const response = await request.response();
          if (!response) return null;
          const body = await response.body();
          const sizes = await request.sizes();
          return {
            path: url.pathname,
            type,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            transfer: sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(`${running.baseUrl}/dashboard`);
    await dashboardVisible(page);
    done = true;
    const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
    await context.close();

    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(8);
    console.log('\nFirst view of /dashboard, signed in, cold cache (real browser)');
    console.log(
      `${'asset'.padEnd(48)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)} ${'sent KB'.padStart(8)}`,
    );
    for (const asset of assets.sort((a, b) => b.gzip - a.gzip)) {
      console.log(
        `${asset.path.padEnd(48)} ${kb(asset.raw)} ${kb(asset.gzip)} ${kb(asset.transfer)}`,
      );
    }
    const sum = (key: 'raw' | 'gzip' | 'transfer') =>
      assets.reduce((total, asset) => total + asset[key], 0);
    console.log(
      `${'total'.padEnd(48)} ${kb(sum('raw'))} ${kb(sum('gzip'))} ${kb(sum('transfer'))}`,
    );
    const gzipKb = sum('gzip') / 1024;
    console.log(
      `budget ${BUDGET_KB} KB gzip: ${gzipKb <= BUDGET_KB ? 'within' : 'OVER'} (${gzipKb.toFixed(1)} KB, ${((gzipKb / BUDGET_KB) * 100).toFixed(0)} %)`,
    );
    return { gzipBytes: sum('gzip'), transferBytes: sum('transfer'), assets };
  } finally {
    await browser.close();
    if (!portal) await running.stop();
  }
}

if (process.argv[1] === import.meta.filename) await measureFirstLoad();
