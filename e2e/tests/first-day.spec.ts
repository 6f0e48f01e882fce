import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
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
import { removePerson } from '../support/people';

/** A code for the step `offset` steps from now (the server accepts one step either way). */
const totp = (secret: string, offset = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: Date.now() + offset * 30_000,
  });

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

/** Opens an invitation link in a browser of its own and sets the password. */
async function accept(browser: Browser, link: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Neues Passwort', { exact: true }).fill(password);
  await page.getByLabel('Neues Passwort wiederholen').fill(password);
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();
  return { context, page };
}

const IDS = DEMO_INSTITUTIONS;

test.describe("a new colleague's first day", () => {
  test('invited by Anna, Nora reads the password rules before she chooses, is told why her name is no password, lands on her dashboard, sets up two-factor sign-in and signs in with a code', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
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

    // Two-factor sign-in in Mein Konto: a mistyped code, the dialog left halfway, then for real.
    await userMenu(nora).click();
    await nora.getByRole('menuitem', { name: 'Mein Konto' }).click();
    await expect(nora.getByTestId('two-factor-status')).toHaveText('Nicht aktiv');
    await nora.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).click();
    const firstKey = await nora.getByTestId('otp-secret').innerText();
    await expect(
      nora.getByText(/^Notieren Sie den Schlüssel und bewahren Sie ihn sicher auf/),
    ).toBeVisible();
    await nora.getByLabel('Einmalcode').fill('12345');
    await nora.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(nora.getByText('Bitte geben Sie sechs Ziffern ein.')).toBeVisible();
    const wrong = totp(firstKey.replace(/\s+/g, '')) === '000000' ? '111111' : '000000';
    await nora.getByLabel('Einmalcode').fill(wrong);
    await nora.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(
      nora.getByText(
        'Der Code ist ungültig. Geben Sie den Einmalcode ein, den Ihre Authenticator-App gerade anzeigt; er wechselt alle 30 Sekunden.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(nora);
    await shot(nora, 'two-factor-wrong-code');
    await nora.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(nora.getByTestId('two-factor-status')).toHaveText('Nicht aktiv');
    // Started again: a new key (the first one stored nothing).
    await nora.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).click();
    const key = (await nora.getByTestId('otp-secret').innerText()).replace(/\s+/g, '');
    expect(key).not.toBe(firstKey.replace(/\s+/g, ''));
    await nora.getByLabel('Einmalcode').fill(totp(key));
    await nora.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(nora.getByTestId('two-factor-status')).toHaveText('Aktiv');

    await userMenu(nora).click();
    await nora.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(nora).toHaveURL(/\/auth\/realms\/portal\//);
    await expect(nora.getByLabel('E-Mail')).toBeVisible();
    await submitSignIn(nora, email, 'Blauer-Kranich-Flug-71');
    await expect(
      nora.getByText(
        'Bitte geben Sie den sechsstelligen Einmalcode aus Ihrer Authenticator-App ein.',
      ),
    ).toBeVisible();
    // Without the phone: what to do, and a way back to the sign-in.
    await expect(
      nora.getByText(
        'Kein Zugriff auf Ihre Authenticator-App? Richten Sie die App mit dem Schlüssel, den Sie beim Einrichten notiert haben, auf einem anderen Gerät neu ein.',
      ),
    ).toBeVisible();
    await expect(
      nora.getByRole('link', { name: 'Mit einem anderen Konto anmelden' }),
    ).toBeVisible();
    await nora.getByLabel('Einmalcode').fill(wrong);
    await nora.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(nora.getByRole('alert')).toHaveText(
      'Der Code ist ungültig. Geben Sie den Einmalcode ein, den Ihre Authenticator-App gerade anzeigt; er wechselt alle 30 Sekunden.',
    );
    await expectNoAxeViolations(nora);
    await shot(nora, 'two-factor-sign-in-wrong-code');
    // The next step's code: the current one was used up by the activation.
    await nora.getByLabel('Einmalcode').fill(totp(key, 1));
    await nora.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(nora.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await context.close();
    await removePerson(page, 'Nora Neu');
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
    await removePerson(page, 'Paula Platz');
  });

  test('an invitation replaced by a re-sent one, and one used twice, each say what to do next', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = freshEmail('ida.zweimal');
    const first = linkIn(await annaInvites(page, { email, firstName: 'Ida', lastName: 'Zweimal' }));
    const mark = await mailMark();
    await page.reload();
    await page.getByRole('button', { name: 'Einladung erneut senden an Ida Zweimal' }).click();
    await expect(page.getByText('Email erneut versendet')).toBeVisible();
    const second = linkIn(await waitForMail(email, mark));
    expect(second).not.toBe(first);

    const context = await browser.newContext();
    const ida = await context.newPage();
    await ida.goto(first);
    await expect(
      ida.getByRole('heading', { level: 1, name: 'Einladung abgelaufen' }),
    ).toBeVisible();
    await expect(
      ida.getByText(
        'Dieser Einladungslink ist abgelaufen oder wurde durch eine neuere Einladung ersetzt. Verwenden Sie den Link aus der neuesten Einladung oder bitten Sie einen Administrator Ihrer Institution, Ihnen die Einladung erneut zu senden.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(ida);
    await context.close();

    const { context: accepted, page: again } = await accept(
      browser,
      second,
      'Gelbe-Tulpe-Regen-64',
    );
    await again.goto(second);
    await expect(
      again.getByRole('heading', { level: 1, name: 'Einladung bereits angenommen' }),
    ).toBeVisible();
    await expect(again.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    // "Zur Anmeldung" there names Ida too.
    await again.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await expect(again.getByLabel('E-Mail')).toHaveValue(email);
    await accepted.close();
    await removePerson(page, 'Ida Zweimal');
  });
});

test.describe('a person in two institutions', () => {
  test('added to a second institution, a colleague is told by mail, starts in the first, notices the switcher, and a link with ?institutionId= opens the other', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = freshEmail('lea.doppelt');
    const invitation = await annaInvites(page, { email, firstName: 'Lea', lastName: 'Doppelt' });
    const { context, page: lea } = await accept(
      browser,
      linkIn(invitation),
      'Grüner-Apfel-Baum-93',
    );

    // Tom, admin of the billing centre, adds the same address: an account exists, so a notice.
    const tomContext = await browser.newContext();
    const tom = await tomContext.newPage();
    await signIn(tom, ACCOUNTS.tom, '/institution');
    const mark = await mailMark();
    await tom.getByRole('button', { name: 'Benutzer einladen' }).click();
    const dialog = tom.getByRole('dialog', { name: 'Benutzer einladen' });
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByLabel('Vorname').fill('Lea');
    await dialog.getByLabel('Nachname').fill('Doppelt');
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    await expect(
      tom.getByText(
        'Zu dieser E-Mail-Adresse gibt es bereits ein Konto: Lea Doppelt wurde der Institution hinzugefügt.',
      ),
    ).toBeVisible();
    const notice = await waitForMail(email, mark);
    expect(notice.subject).toBe('Sie wurden zu „Abrechnungszentrum Nord GmbH“ hinzugefügt');
    expect(notice.text).toContain(
      'Tom Krüger hat Sie im Institutionsportal der Institution „Abrechnungszentrum Nord GmbH“ als Mitglied hinzugefügt.',
    );

    // Lea signs in: the first institution (spec, section 4: the first role without a choice).
    await lea.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await lea.getByLabel('Passwort').fill('Grüner-Apfel-Baum-93');
    await lea.getByRole('button', { name: 'Anmelden' }).click();
    const switcher = lea.getByRole('button', { name: /Institution auswählen/ });
    await expect(switcher).toContainText('Praxis Sonnenschein');
    await switcher.click();
    await expect(
      lea.getByRole('menuitemradio', { name: /Abrechnungszentrum Nord GmbH/ }),
    ).toBeVisible();
    await shot(lea, 'two-institutions-switcher');
    await lea.keyboard.press('Escape');

    // A link into the other institution selects it, and the choice stays for the next visit.
    await lea.goto(`/dashboard?institutionId=${IDS.abrechnungszentrumNord}`);
    await expect(switcher).toContainText('Abrechnungszentrum Nord GmbH');
    await lea.goto('/dashboard');
    await expect(switcher).toContainText('Abrechnungszentrum Nord GmbH');
    // A link naming an institution she does not belong to keeps her in hers.
    await lea.goto(`/dashboard?institutionId=${IDS.praxisSonnenschein.replace('3f71', '0000')}`);
    await expect(switcher).toContainText(/Praxis Sonnenschein|Abrechnungszentrum Nord GmbH/);
    await context.close();
    await removePerson(tom, 'Lea Doppelt');
    await tomContext.close();
    await removePerson(page, 'Lea Doppelt');
  });
});

test.describe('a forgotten password', () => {
  test('a person with two-factor sign-in resets it from the sign-in page: an unknown address is answered alike, the mail says the code stays, the link works once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const email = freshEmail('rolf.vergessen');
    const invitation = await annaInvites(page, { email, firstName: 'Rolf', lastName: 'Vergessen' });
    const { context, page: rolf } = await accept(
      browser,
      linkIn(invitation),
      'Stiller-Bergsee-Nebel-27',
    );
    await rolf.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await rolf.getByLabel('Passwort').fill('Stiller-Bergsee-Nebel-27');
    await rolf.getByRole('button', { name: 'Anmelden' }).click();
    await rolf.goto('/account');
    await rolf.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).click();
    const key = (await rolf.getByTestId('otp-secret').innerText()).replace(/\s+/g, '');
    await rolf.getByLabel('Einmalcode').fill(totp(key));
    await rolf.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(rolf.getByTestId('two-factor-status')).toHaveText('Aktiv');
    await userMenu(rolf).click();
    await rolf.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(rolf).toHaveURL(/\/auth\/realms\/portal\//);

    // Forgotten: from the sign-in page.
    await expect(rolf.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    await rolf.getByRole('link', { name: 'Passwort vergessen?' }).click();
    const sent =
      'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts gesendet. Der Link ist eine Stunde gültig.';
    await rolf.getByLabel('E-Mail').fill(`niemand.${Date.now()}@example.org`);
    await rolf.getByRole('button', { name: 'Link senden' }).click();
    await expect(rolf.getByRole('status')).toHaveText(sent);
    await rolf.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
    await rolf.getByRole('link', { name: 'Passwort vergessen?' }).click();
    const mark = await mailMark();
    await rolf.getByLabel('E-Mail').fill(email);
    await rolf.getByRole('button', { name: 'Link senden' }).click();
    await expect(rolf.getByRole('status')).toHaveText(sent);
    const mail = await waitForMail(email, mark);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('Sehr geehrte Frau Vergessen,');
    expect(mail.text).toContain(
      'Ihre Zwei-Faktor-Authentifizierung bleibt aktiv: Nach dem neuen Passwort fragt die Anmeldung weiterhin nach dem Einmalcode aus Ihrer Authenticator-App.',
    );
    const link = linkIn(mail);

    await rolf.goto(link);
    await expect(
      rolf.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }),
    ).toBeVisible();
    await rolf.getByLabel('Neues Passwort', { exact: true }).fill('Heller-Morgen-Tau-35');
    await rolf.getByLabel('Neues Passwort wiederholen').fill('Heller-Morgen-Tau-35');
    await rolf.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(rolf.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();
    await rolf.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await expect(rolf.getByLabel('E-Mail')).toHaveValue(email);
    await rolf.getByLabel('Passwort').fill('Heller-Morgen-Tau-35');
    await rolf.getByRole('button', { name: 'Anmelden' }).click();
    // The code is still asked for (the next step's: the current one was used to activate).
    await rolf.getByLabel('Einmalcode').fill(totp(key, 1));
    await rolf.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(rolf.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The link a second time: spent, with the way to a new one.
    await rolf.goto(link);
    await expect(rolf.getByRole('heading', { level: 1, name: 'Link abgelaufen' })).toBeVisible();
    await expect(rolf.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();
    await expectNoAxeViolations(rolf);
    await context.close();
    await removePerson(page, 'Rolf Vergessen');
  });
});
