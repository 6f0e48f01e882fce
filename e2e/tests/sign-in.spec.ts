import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  signIn,
  submitSignIn,
  test,
  userMenu,
} from '../support/fixtures';

test.describe('sign-in through the embedded provider', () => {
  test('the portal redirects to the German sign-in page, which refuses wrong credentials', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    await expect(page.getByLabel('Passwort')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Sent empty: the page answers in German, whatever the browser's language.
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Bitte geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.',
    );

    await submitSignIn(page, ACCOUNTS.anna, 'falsch');
    await expect(page.getByText('Ungültige E-Mail-Adresse oder Passwort.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('Anna signs in, sees the shell, switches institution and signs out', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna);
    await expect(page).toHaveURL(/\/(dashboard)?(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    const menu = userMenu(page);
    await expect(menu).toContainText('AS');
    await expect(menu).toContainText('Anna');
    await expectNoAxeViolations(page);

    // Two institution roles: a dropdown listing both.
    const switcher = page.getByRole('button', { name: /Institution auswählen/ });
    await expect(switcher).toContainText('Praxis Sonnenschein');
    await switcher.click();
    await expect(page.getByRole('menuitemradio', { name: /Praxis Sonnenschein/ })).toBeVisible();
    await page.getByRole('menuitemradio', { name: /Zahnarztpraxis Dr\. Müller/ }).click();
    await expect(switcher).toContainText('Zahnarztpraxis Dr. Müller');
    // The choice is remembered across a reload.
    await page.reload();
    await expect(page.getByRole('button', { name: /Institution auswählen/ })).toContainText(
      'Zahnarztpraxis Dr. Müller',
    );

    // Admin of Praxis Sonnenschein only: Unternehmen is offered there, not at Dr. Müller.
    await userMenu(page).click();
    await expect(page.getByRole('menuitem', { name: 'Mein Konto' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Unternehmen' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // The next load's guess: Anna's two institution roles, remembered for her token's subject.
    const knownRoles = () =>
      page.evaluate(() => localStorage.getItem('portal.knownInstitutionRoles'));
    expect(JSON.parse((await knownRoles()) ?? 'null')?.roles).toHaveLength(2);
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();

    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await expect(page.getByLabel('E-Mail')).toBeVisible();
    // Signing out forgot them (the sign-in page shares the portal's origin).
    expect(await knownRoles()).toBeNull();
    // The session is over: opening the portal asks for sign-in again.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
  });

  test('a deep link survives the sign-in round trip', async ({ page }) => {
    await page.goto('/account');
    await submitSignIn(page, ACCOUNTS.max);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: /Konto/ })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the institutionId query parameter selects the institution', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    const switcher = page.getByRole('button', { name: /Institution auswählen/ });
    await expect(switcher).toContainText('Praxis Sonnenschein');
    await switcher.click();
    await page.getByRole('menuitemradio', { name: /Zahnarztpraxis Dr\. Müller/ }).click();
    await expect(switcher).toContainText('Zahnarztpraxis Dr. Müller');
    const zahnarztId = await page.evaluate(() => localStorage.getItem('lastInstitutionId'));
    expect(zahnarztId).toMatch(/^[0-9a-f-]{36}$/);

    await switcher.click();
    await page.getByRole('menuitemradio', { name: /Praxis Sonnenschein/ }).click();
    await expect(switcher).toContainText('Praxis Sonnenschein');
    await page.goto(`/dashboard?institutionId=${zahnarztId}`);
    await expect(page.getByRole('button', { name: /Institution auswählen/ })).toContainText(
      'Zahnarztpraxis Dr. Müller',
    );
  });

  test('the institution dropdown and the user menu work by keyboard', async ({ page }) => {
    await signIn(page, ACCOUNTS.anna, '/dashboard');
    const switcher = page.getByRole('button', { name: /Institution auswählen/ });
    await expect(switcher).toContainText('Praxis Sonnenschein');
    await switcher.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: /Praxis Sonnenschein/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('menuitemradio', { name: /Zahnarztpraxis Dr\. Müller/ }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(switcher).toContainText('Zahnarztpraxis Dr. Müller');

    const menu = userMenu(page);
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Mein Konto' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeFocused();
    await expect(page.getByRole('menuitem', { name: 'Mein Konto' })).toHaveCount(0);
  });
});
