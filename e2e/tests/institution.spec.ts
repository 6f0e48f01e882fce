import type { Browser, Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  submitSignIn,
  test,
  userMenu,
} from '../support/fixtures';
import { linkIn, mailMark, waitForMail } from '../support/mail';

const shot = (page: Page, name: string) => screenshot(page, 'institution', name);

async function openInstitution(page: Page) {
  await signIn(
    page,
    ACCOUNTS.anna,
    `/institution?institutionId=${DEMO_INSTITUTIONS.praxisSonnenschein}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  await expect(page.getByTestId('institution-users')).toContainText('Max');
}

/** Anna invites a person through the dialog; answers nothing, the mail is the result. */
export async function inviteThroughDialog(
  page: Page,
  person: { email: string; firstName: string; lastName: string; role?: string },
) {
  await page.getByRole('button', { name: 'Benutzer einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
  await dialog.getByLabel('E-Mail').fill(person.email);
  await dialog.getByLabel('Vorname').fill(person.firstName);
  await dialog.getByLabel('Nachname').fill(person.lastName);
  await dialog.getByLabel('Anrede').selectOption('Frau');
  if (person.role) await dialog.getByLabel('Rolle').selectOption({ label: person.role });
  // Double-clicked, as people do: it invites once (no second request answered 409).
  await dialog.getByRole('button', { name: 'Einladen' }).dblclick();
}

/** Opens an invitation or reset link in a fresh browser, sets the password, signs in there. */
async function setPasswordThroughLink(
  browser: Browser,
  link: string,
  email: string,
  password: string,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(password);
  await page.getByLabel('Neues Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await submitSignIn(page, email, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return { context, page };
}

test.describe('institution page (Unternehmen)', () => {
  test('Anna changes the street and sees it after a reload; a new name shows in the switcher at once', async ({
    page,
  }) => {
    await openInstitution(page);
    await expectNoAxeViolations(page);
    await shot(page, 'institution');

    const street = page.getByLabel('Straße und Hausnummer');
    await expect(street).toHaveValue('Mönckebergstraße 7');
    await street.fill('Jungfernstieg 12');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Einstellungen wurden übernommen.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Straße und Hausnummer')).toHaveValue('Jungfernstieg 12');

    // Invalid data is not sent.
    await page.getByLabel('Postleitzahl').fill('123');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      page.getByText('Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Postleitzahl').fill('20095');

    const switcher = page.getByRole('button', { name: /Institution auswählen/ });
    await page.getByRole('textbox', { name: /^Name/ }).fill('Praxis Sonnenschein am Jungfernstieg');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(switcher).toContainText('Praxis Sonnenschein am Jungfernstieg');

    // Back to the demo data for the other specs.
    await page.getByRole('textbox', { name: /^Name/ }).fill('Praxis Sonnenschein');
    await page.getByLabel('Straße und Hausnummer').fill('Mönckebergstraße 7');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(switcher).toContainText(/^.*Praxis Sonnenschein(?! am).*$/);
  });

  test('two tabs save the institution data: the later save over the other is refused, its input kept; the current data loads on request', async ({
    page,
  }) => {
    await openInstitution(page);
    // A second tab of the same browser (or another admin): it loaded the same data.
    const other = await page.context().newPage();
    await other.goto(`/institution?institutionId=${DEMO_INSTITUTIONS.praxisSonnenschein}`);
    await expect(other.getByLabel('Straße und Hausnummer')).toHaveValue('Mönckebergstraße 7');

    await other.getByLabel('Straße und Hausnummer').fill('Jungfernstieg 12');
    await other.getByRole('button', { name: 'Speichern' }).click();
    await expect(other.getByText('Einstellungen wurden übernommen.')).toBeVisible();

    // The first tab still shows what it loaded; its save would undo the other's street.
    await page.getByRole('textbox', { name: 'Ort' }).fill('Hamburg-Altstadt');
    await page.getByRole('button', { name: 'Speichern' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Inzwischen geändert' });
    await expect(conflict).toContainText(
      'Die Daten der Institution wurden inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.',
    );
    await expect(conflict).toBeFocused();
    await expect(page.getByText('Daten wurden nicht gespeichert.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Ort' })).toHaveValue('Hamburg-Altstadt');
    await expectNoAxeViolations(page);
    await shot(page, 'data-changed-meanwhile');

    await conflict.getByRole('button', { name: 'Aktuelle Daten laden' }).click();
    await expect(page.getByLabel('Straße und Hausnummer')).toHaveValue('Jungfernstieg 12');
    await expect(page.getByRole('textbox', { name: 'Ort' })).toHaveValue('Hamburg');
    await expect(conflict).toBeHidden();

    // Now based on the current data, the save goes through; back to the demo data.
    await page.getByLabel('Straße und Hausnummer').fill('Mönckebergstraße 7');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Einstellungen wurden übernommen.').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Straße und Hausnummer')).toHaveValue('Mönckebergstraße 7');
    await other.close();
  });

  test('typed input is not lost without asking: Back with an invitation open, another institution with unsaved data', async ({
    page,
  }) => {
    await signIn(
      page,
      ACCOUNTS.anna,
      `/dashboard?institutionId=${DEMO_INSTITUTIONS.praxisSonnenschein}`,
    );
    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Unternehmen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();

    await page.getByRole('button', { name: 'Benutzer einladen' }).click();
    const invitation = page.getByRole('dialog', { name: 'Benutzer einladen' });
    await invitation.getByLabel('Vorname').fill('Nina');
    await page.goBack();
    const question = page.getByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await expect(question).toContainText('noch nicht gespeichert');
    await expect(question.getByRole('button', { name: 'Auf der Seite bleiben' })).toBeFocused();
    await shot(page, 'leave-with-invitation');
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Auf der Seite bleiben' }).click();
    await expect(page).toHaveURL(/\/institution/);
    await expect(invitation.getByLabel('Vorname')).toHaveValue('Nina');
    await invitation.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(invitation).toBeHidden();

    // Unsaved institution data, then another institution: the shell asks first.
    await page.getByRole('textbox', { name: 'Ort' }).fill('Altona');
    await page.getByRole('button', { name: /Institution auswählen/ }).click();
    await page.getByRole('menuitemradio', { name: 'Zahnarztpraxis Dr. Müller' }).click();
    await expect(question).toContainText('Wenn Sie die Institution wechseln');
    await question.getByRole('button', { name: 'Auf der Seite bleiben' }).click();
    await expect(question).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Ort' })).toHaveValue('Altona');
    await expect(page.getByRole('button', { name: /Institution auswählen/ })).toContainText(
      'Praxis Sonnenschein',
    );
    // Leaving drops it: nothing was saved.
    await page.goBack();
    await question.getByRole('button', { name: 'Seite verlassen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('Anna invites a user who sets a password and signs in; she changes the role and deletes them', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openInstitution(page);

    // An address of a member: 409 and the German message.
    await inviteThroughDialog(page, {
      email: ACCOUNTS.max,
      firstName: 'Max',
      lastName: 'Doppelt',
    });
    // Said by the notification and at the field, which takes the focus.
    const invitation = page.getByRole('dialog', { name: 'Benutzer einladen' });
    await expect(invitation.getByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeVisible();
    await expect(invitation.getByLabel('E-Mail')).toBeFocused();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Die E-Mail-Adresse wird bereits verwendet.' }),
    ).toBeVisible();
    await shot(page, 'institution-invite-dialog');
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

    const email = `vera.neu.${Date.now()}@example.org`;
    const mark = await mailMark();
    await inviteThroughDialog(page, { email, firstName: 'Vera', lastName: 'Neu' });
    await expect(page.getByText('User wurde erfolgreich eingeladen.')).toBeVisible();
    await expect(page.getByText('Die E-Mail-Adresse wird bereits verwendet.')).toHaveCount(0);
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText('Eingeladen');
    await expectNoAxeViolations(page);
    await expect(row.getByRole('combobox', { name: 'Rolle von Vera Neu' })).toHaveValue('Mitglied');
    await shot(page, 'institution-invited');

    const mail = await waitForMail(email, mark);
    expect(mail.subject).toBe('Einladung ins Institutionsportal: Praxis Sonnenschein');
    const invitee = await setPasswordThroughLink(
      browser,
      linkIn(mail),
      email,
      'Vera-Blumenwiese-2026',
    );
    await expect(invitee.page.getByRole('banner')).toContainText('Praxis Sonnenschein');
    await invitee.context.close();

    await page.reload();
    await expect(row).toContainText('Aktiv');
    // The reloaded page has settled (its scroll position restored) before the row is used: a
    // list opened while the page still scrolled back to the top stayed hidden with its field
    // out of view (seen once in a clean-clone CI run).
    await page.waitForLoadState('networkidle');
    await row.scrollIntoViewIfNeeded();
    // The arrow keys move through the open list and save nothing; a choice saves once.
    const role = row.getByRole('combobox', { name: 'Rolle von Vera Neu' });
    await role.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Rolle von Vera Neu' })).toBeVisible();
    await expect(role).toHaveValue('Mitglied');
    await expect(page.getByText(/Die Rolle von Nutzer Vera Neu/)).toHaveCount(0);
    await page.getByRole('option', { name: 'Supportmitarbeiter' }).click();
    await expect(
      page.getByText(
        'Die Rolle von Nutzer Vera Neu wurde erfolgreich auf Supportmitarbeiter geändert.',
      ),
    ).toBeVisible();
    await expect(role).toHaveValue('Supportmitarbeiter');

    // The last admin cannot be demoted.
    await page
      .getByTestId(`user-row-${ACCOUNTS.anna}`)
      .getByRole('combobox', { name: 'Rolle von Anna Schäfer' })
      .click();
    await page.getByRole('option', { name: 'Mitglied' }).click();
    await expect(
      page.getByText('Die Rolle von Nutzer Anna Schäfer konnte nicht geändert werden.'),
    ).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Rolle von Anna Schäfer' })).toHaveValue(
      'Administrator',
    );

    await row.getByRole('button', { name: 'Vera Neu löschen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Benutzer löschen' });
    await expect(confirm).toContainText(
      'Möchten Sie den Nutzer Vera Neu wirklich aus der Institution entfernen?',
    );
    await shot(page, 'institution-delete-confirm');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await expect(page.getByText('Nutzer Vera Neu wurden erfolgreich gelöscht.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('Max, a member, cannot open /institution', async ({ page }) => {
    await signIn(page, ACCOUNTS.max, '/institution');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
