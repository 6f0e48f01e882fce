import { ACCOUNTS, expect, screenshot, signIn, test } from '../support/fixtures';

/** Praxis Sonnenschein's TI order (demo data). */
const TI_ORDER = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01';

test.describe('printing a page (Strg+P)', () => {
  test('the top bar prints once above the page, not over the top of every sheet; the Fragen? button and the sidebar are left out', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, `/orders/ti/status/${TI_ORDER}`);
    const heading = page.getByRole('heading', { level: 1, name: 'Bestellstatus' });
    await expect(heading).toBeVisible();
    const help = page.getByRole('button', { name: 'Fragen?' });
    await expect(help).toBeVisible();
    // The sidebar open, as a user may have left it before printing.
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(sidebar).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    // An element fixed to the window is printed on every sheet, over what lies beneath it.
    const banner = page.getByRole('banner');
    expect(await banner.evaluate((element) => getComputedStyle(element).position)).not.toBe(
      'fixed',
    );
    await expect(help).toBeHidden();
    await expect(sidebar).toBeHidden();
    // The page uses the whole sheet, not the width beside a sidebar that is not printed.
    expect((await heading.boundingBox())!.x).toBeLessThan(100);
    // Nothing of the page lies under the top bar.
    const bar = (await banner.boundingBox())!;
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await page.setViewportSize({ width: 718, height: 1040 });
    await screenshot(page, 'print', 'ti-order-status');
  });
});
