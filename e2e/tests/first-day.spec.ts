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

test.describe("a new colleague's first day", () => {
  test('invited by Anna, Nora reads the password rules before she chooses, is told why her name is no password, and lands on her dashboard', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = freshEmail('nora.neu');
    const mail = await annaInvites(page, { email, firstName: 'Nora', lastName: 'Neu' });
    expect(mail.subject).toBe('Einladung ins Institutionsportal: Praxis Sonnenschein');
    expect(mail.text).toContain('Sehr geehrte Frau Neu,');
    expect(mail.text).toContain(
      'Anna Schäfer hat Sie eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
    );
    expect(mail.text).toContain('Der Link ist 7 Tage gültig und kann einmal verwendet werden.');

    const context = await browser.newContext();
    const nora = await context.newPage();
    await nora.goto(linkIn(mail));
    await expect(nora.getByRole('heading', { level: 1, name: 'Einladung annehmen' })).toBeVisible();
    // The rules, before anything fails, and linked to the field.
    const rules = `Legen Sie ein Passwort für ${email} fest. Es muss mindestens 10 Zeichen lang und schwer zu erraten sein: kein gängiges Wort und nicht aus Ihrem Namen oder Ihrer E-Mail-Adresse gebildet. Gut geeignet sind mehrere Wörter, verbunden durch Ziffern oder Sonderzeichen.`;
    await expect(nora.getByText(rules)).toBeVisible();
    await expect(nora.getByLabel('Neues Passwort', { exact: true })).toHaveAccessibleDescription(
      rules,
    );
    await expectNoAxeViolations(nora);
    await shot(nora, 'invitation');

    const choose = async (password: string, repeat = password) => {
      await nora.getByLabel('Neues Passwort', { exact: true }).fill(password);
      await nora.getByLabel('Neues Passwort wiederholen').fill(repeat);
      await nora.getByRole('button', { name: 'Passwort speichern' }).click();
    };
    await choose('kurz');
    await expect(nora.getByRole('alert')).toHaveText(
      'Das Passwort muss mindestens 10 Zeichen lang sein.',
    );
    await choose('Nora Neu 2026');
    await expect(nora.getByRole('alert')).toHaveText(
      'Das Passwort besteht fast nur aus Ihrem Namen oder Ihrer E-Mail-Adresse und ist deshalb leicht zu erraten. Bitte wählen Sie ein anderes Passwort.',
    );
    await shot(nora, 'invitation-own-name');
    await choose('Blauer-Kranich-Flug-71', 'Blauer-Kranich-Flug-72');
    await expect(nora.getByRole('alert')).toHaveText('Die Passwörter stimmen nicht überein.');
    await choose('Blauer-Kranich-Flug-71');
    await expect(
      nora.getByText('Ihr Passwort wurde gespeichert. Sie können sich jetzt anmelden.'),
    ).toBeVisible();

    // "Zur Anmeldung": her address is filled in, the password is next.
    await nora.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await expect(nora.getByLabel('E-Mail')).toHaveValue(email);
    await nora.getByLabel('Passwort').fill('Blauer-Kranich-Flug-71');
    await nora.getByRole('button', { name: 'Anmelden' }).click();
    await expect(nora).toHaveURL(/\/(dashboard)?$/);
    await expect(nora.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // One institution: its name, no switcher.
    await expect(nora.getByRole('button', { name: /Institution auswählen/ })).toHaveCount(0);
    await expect(nora.getByRole('banner')).toContainText('Praxis Sonnenschein');
    await expect(userMenu(nora)).toContainText('NN');
    await expect(nora.getByRole('heading', { level: 2, name: 'Meine Partner' })).toBeVisible();
    await shot(nora, 'first-dashboard');
    await context.close();
  });
});

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
