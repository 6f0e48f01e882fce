import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  submitSignIn,
  test,
  userMenu,
} from '../support/fixtures';
import { linkIn, mailMark, waitForMail } from '../support/mail';

const shot = (page: Page, name: string) => screenshot(page, 'first-day', name);

let counter = 0;
/** An address of this test's own (tests never share people). */
const freshEmail = (name: string) => `${name}.${Date.now()}.${++counter}@example.org`;

/** Anna (admin of Praxis Sonnenschein) invites a person; answers the invitation mail. */
async function annaInvites(
  page: Page,
  person: { email: string; firstName: string; lastName: string },
) {
  await signIn(page, ACCOUNTS.anna, '/institution');
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  const mark = await mailMark();
  await page.getByRole('button', { name: 'Benutzer einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
  await dialog.getByLabel('E-Mail').fill(person.email);
  await dialog.getByLabel('Vorname').fill(person.firstName);
  await dialog.getByLabel('Nachname').fill(person.lastName);
  await dialog.getByLabel('Anrede').selectOption('Frau');
  await dialog.getByRole('button', { name: 'Einladen' }).click();
  await expect(page.getByText('User wurde erfolgreich eingeladen.')).toBeVisible();
  return waitForMail(person.email, mark);
}

test.describe('invitation links', () => {
  test("opened in a browser where a colleague is signed in, it leads to the invited person, not into the colleague's account", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = freshEmail('paula.platz');
    const link = linkIn(await annaInvites(page, { email, firstName: 'Paula', lastName: 'Platz' }));
    // The reception's computer: Anna is signed in there, Paula opens her mail on it.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Einladung annehmen' })).toBeVisible();
    await page.getByLabel('Neues Passwort', { exact: true }).fill('Roter-Ahorn-Wald-58');
    await page.getByLabel('Neues Passwort wiederholen').fill('Roter-Ahorn-Wald-58');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    // The sign-in page, Paula's address filled in; not Anna's dashboard.
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await expect(page.getByLabel('E-Mail')).toHaveValue(email);
    await expect(page.getByLabel('Passwort')).toBeFocused();
    await expectNoAxeViolations(page);
    await shot(page, 'invitation-shared-computer-sign-in');
    await page.getByLabel('Passwort').fill('Roter-Ahorn-Wald-58');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(userMenu(page)).toContainText('Paula');
    // Paula signs out; Anna's next visit in this browser asks for her password.
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await page.goto('/dashboard');
    await submitSignIn(page, ACCOUNTS.anna);
    await expect(userMenu(page)).toContainText('Anna');
  });
});
