import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
  userMenu,
} from '../support/fixtures';

const STATIC_PAGES = [
  ['/impressum', 'Impressum'],
  ['/nutzungsbedingungen', 'Nutzungsbedingungen'],
  ['/datenschutz', 'Datenschutz'],
  ['/faq', 'FAQ'],
  ['/list-helper', 'Abmeldeinformationen'],
] as const;

test.describe('routes', () => {
  for (const [path, heading] of STATIC_PAGES) {
    test(`${path} opens without sign-in and without user menu`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/Beispielinhalt/).first()).toBeVisible();
      await expect(userMenu(page)).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Impressum' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('Mantine styles apply whichever chunk loads them (filled buttons keep their colour)', async ({
    page,
  }) => {
    // Lazy pages load their stylesheets after the shell's; Mantine's rules depend on order
    // (Button over UnstyledButton), so they are kept in cascade layers (mantine-css-layers.ts).
    await signIn(page, ACCOUNTS.anna, '/institution');
    const save = page.getByRole('button', { name: 'Speichern' });
    await expect(save).toBeVisible();
    await expect(save).toHaveCSS('background-color', 'rgb(28, 93, 153)');
    await expect(save).toHaveCSS('color', 'rgb(255, 255, 255)');
    await page.goto('/egeko-smo');
    const offer = page.getByRole('link', { name: /eGeKo SMO öffnen/ });
    await expect(offer).toHaveCSS('background-color', 'rgb(28, 93, 153)');
  });

  test('an unknown path leads to the dashboard', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/gibt-es-nicht/auch-nicht');
    await expect(page).toHaveURL(/\/(dashboard)?(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('a member who opens /institution is sent to the dashboard', async ({ page }) => {
    await signIn(page, ACCOUNTS.max, '/institution');
    await expect(page).toHaveURL(/\/dashboard/);
    await userMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Unternehmen' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Kacheldefinitionen editieren' })).toHaveCount(
      0,
    );
  });

  test('the admin of a trusted institution may open the tile editor', async ({ page }) => {
    await signIn(page, ACCOUNTS.tom, '/dashboard');
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Kacheldefinitionen editieren' }).click();
    await expect(page).toHaveURL(/\/dashboard-tile-editor$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Kacheleditor' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the sidebar leads to Identifikation, Verträge and Kundencenter, which no menu or tile opens', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.max, '/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const [name, path] of [
      ['Verträge', '/contracts'],
      ['Kundencenter', '/customer-overview'],
      ['Identifikation', '/identification'],
    ] as const) {
      await page.getByRole('button', { name: 'Navigation öffnen' }).click();
      const settings = sidebar.getByRole('button', { name: 'Einstellungen' });
      if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
      if (name === 'Verträge') await screenshot(page, 'routes', 'sidebar-settings');
      await sidebar.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }
  });

  test('the help button lists the support contacts of the institution', async ({ page }) => {
    await signIn(page, ACCOUNTS.max, '/dashboard');
    await page.getByRole('button', { name: 'Fragen?' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('link', { name: /@|\+49|0\d/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('keyboard focus never hides under the top bar or the help button (WCAG 2.4.11)', async ({
    page,
  }) => {
    // A short window: tabbing scrolls the page both ways, so controls come into view at the
    // bottom edge (where the help button floats, right) and at the top (under the fixed bar).
    await page.setViewportSize({ width: 1280, height: 640 });
    await signIn(page, ACCOUNTS.anna, '/institution');
    await expect(page.getByRole('button', { name: 'Löschen' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fragen?' })).toBeVisible();
    /** The focused control, when the top bar or the help button covers its centre. */
    const hiddenFocus = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        if (!(focused instanceof HTMLElement) || focused === document.body) return null;
        const box = focused.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        const cover = hit?.closest('header, [data-help-button]');
        if (!cover || cover.contains(focused)) return null;
        const name = focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? '';
        return `${focused.tagName.toLowerCase()} "${name.slice(0, 40)}" under ${cover.tagName.toLowerCase()}`;
      });
    const hidden = new Set<string>();
    let stops = 0;
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 45; press++) {
        await page.keyboard.press(key);
        const found = await hiddenFocus();
        if (found) hidden.add(`${key}: ${found}`);
        stops += 1;
      }
    }
    expect(stops).toBe(90);
    expect([...hidden]).toEqual([]);

    // A control lying under the help button is scrolled clear of it when tabbed to.
    const invite = page.getByRole('button', { name: 'Benutzer einladen' });
    const help = page.getByRole('button', { name: 'Fragen?' });
    const centreY = async (locator: typeof invite) => {
      const box = await locator.boundingBox();
      if (!box) throw new Error('not rendered');
      return box.y + box.height / 2;
    };
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.getByRole('button', { name: 'Speichern' }).focus();
    const offset = (await centreY(invite)) - (await centreY(help));
    await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), offset);
    expect(Math.abs((await centreY(invite)) - (await centreY(help)))).toBeLessThan(2);
    await page.keyboard.press('Tab');
    await expect(invite).toBeFocused();
    expect(await hiddenFocus()).toBeNull();
  });

  test("at the end of a page in a short window, no control lies under 'Fragen?' (the last row's buttons can be clicked)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await signIn(page, ACCOUNTS.anna, '/institution');
    await expect(page.getByRole('button', { name: 'Fragen?' })).toBeVisible();
    /** The controls in view whose centre the help button covers, scrolled to the page's end. */
    const coveredAtEnd = () =>
      page.evaluate(async () => {
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        const controls = Array.from(
          document.querySelectorAll<HTMLElement>(
            'main a[href], main button, main input, main select, main textarea',
          ),
        );
        return controls.flatMap((control) => {
          const box = control.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) return [];
          if (box.bottom <= 0 || box.top >= window.innerHeight) return [];
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit?.closest('[data-help-button]')
            ? [
                `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}"`,
              ]
            : [];
        });
      });
    const covered: string[] = [];
    for (const path of [
      '/institution',
      '/document?documentType=invoice',
      '/orders',
      '/orders/ti/status/b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e01',
      '/account',
      '/dashboard',
    ]) {
      await page.setViewportSize({ width: 1280, height: 400 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Fragen?' })).toBeVisible();
      await expect(page.getByRole('status', { name: /wird geladen|werden geladen/i })).toHaveCount(
        0,
      );
      for (const [width, height] of [
        [1280, 400],
        [900, 360],
        [768, 420],
        [375, 500],
        [320, 480],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const found of await coveredAtEnd()) {
          covered.push(`${path} ${width}×${height}: ${found}`);
        }
      }
      // The content keeps that room itself, whatever follows it: the footer's height (by chance
      // of the font as high as the button's footprint) had been all that did.
      const footer = await page.addStyleTag({ content: 'footer { display: none }' });
      for (const [width, height] of [
        [1280, 400],
        [375, 500],
        [320, 480],
      ] as const) {
        await page.setViewportSize({ width, height });
        for (const found of await coveredAtEnd()) {
          covered.push(`${path} ${width}×${height} without the footer: ${found}`);
        }
      }
      await footer.evaluate((style) => (style as HTMLElement).remove());
    }
    expect(covered).toEqual([]);
    // As the person sees it: Unternehmen at its end in a short window (the window, not the page).
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/institution');
    await expect(page.getByTestId('institution-users')).toBeVisible();
    expect(await coveredAtEnd()).toEqual([]);
    if (process.env.SHOTS !== '0') {
      await page.screenshot({
        path: `${process.env.SHOTS_DIR ?? '/tmp/portal-shots'}/routes/help-button-page-end.png`,
      });
      await page.setViewportSize({ width: 375, height: 500 });
      await page.goto('/document?documentType=invoice');
      await expect(page.getByRole('button', { name: 'Herunterladen' }).first()).toBeVisible();
      expect(await coveredAtEnd()).toEqual([]);
      await page.screenshot({
        path: `${process.env.SHOTS_DIR ?? '/tmp/portal-shots'}/routes/help-button-page-end-phone.png`,
      });
    }
  });

  test('keyboard: the first Tab offers Zum Inhalt springen; a move to another page focuses its heading', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    // The next Tab is in the page, not in the top bar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

    // Mein Konto from the user menu, by keyboard: the new page's heading has the focus.
    await userMenu(page).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Mein Konto' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeFocused();
    // A link in the page (its breadcrumb) likewise.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
  });

  test('scroll position: a new page opens at its top, Back returns to where the page was left', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 560 });
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    const tiles = page.getByTestId('dashboard-tiles');
    await expect(tiles.getByRole('link', { name: /Aufträge/ })).toContainText('Aufträge');
    // A tile far down the dashboard (the last document type's tile).
    const low = tiles.getByRole('link', { name: /Dokumente|Dokument|no documents/ }).last();
    await low.scrollIntoViewIfNeeded();
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(100);
    await low.click();
    await expect(page).toHaveURL(/\/document\?documentType=/);
    // The documents page itself, not the dashboard's heading still shown while its code loads
    // (CI once checked the scroll then: 896).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Dashboard');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(tiles.getByRole('link', { name: /Aufträge/ })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  });

  test("a page whose code cannot be loaded (after an update, or offline) says so inside the portal's frame", async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await userMenu(page).click();
    const account = page.getByRole('menuitem', { name: 'Mein Konto' });
    await expect(account).toBeVisible();
    // Every code file not loaded yet is gone, as after a new version replaced the old files.
    await page.route('**/assets/*.js', (route) => route.abort());
    await account.click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Die Seite konnte nicht geladen werden.' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Bitte laden Sie die Seite neu.');
    // The frame stays: the top bar and its menus still work.
    await expect(userMenu(page)).toBeVisible();
    await screenshot(page, 'routes', 'page-code-not-loaded');
    await expectNoAxeViolations(page);
    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: 'Seite neu laden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  });

  test('a technical user sees the restricted banner and is signed out after 5 seconds', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.technik);
    await expect(
      page.getByText(
        'Sie sind als technischer Nutzer angemeldet! Die Bedienung des Portals ist für diese Rolle nicht vorgesehen.',
      ),
    ).toBeVisible();
    await expect(
      page.getByText(/Sie werden in [1-5] Sekunden automatisch ausgeloggt!/),
    ).toBeVisible();
    await expect(page).toHaveTitle('Kein Zugang für technische Nutzer – Institutionsportal');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Kein Zugang für technische Nutzer' }),
    ).toBeAttached();
    await expectNoAxeViolations(page);
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//, { timeout: 15_000 });
  });

  test('Internet Explorer gets the warning page in German and English', async ({ browser }) => {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    });
    const page = await context.newPage();
    await page.goto('/dashboard');
    for (const browserName of ['Chrome', 'Edge', 'Safari', 'Firefox']) {
      await expect(page.getByRole('link', { name: new RegExp(browserName) }).first()).toBeVisible();
    }
    await expect(page.getByText(/Internet Explorer/).first()).toBeVisible();
    await expect(page.locator('[lang="en"]')).toContainText(/not supported|no longer supported/i);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
