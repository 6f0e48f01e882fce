import type { Browser, BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
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

const shot = (page: Page, name: string) => screenshot(page, 'account', name);

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

/**
 * The people this file's current test invited. After each test, passed or failed, Anna removes
 * them again, so that a test that failed halfway leaves no one behind in Praxis Sonnenschein.
 */
const invited: string[] = [];

/**
 * Anna invites a person of their own (so the demo accounts stay as they are), who accepts the
 * invitation with `password` in a browser context of their own; answers that person's page.
 */
async function invitePerson(
  page: Page,
  browser: Browser,
  person: { email: string; firstName: string; lastName: string; password: string },
): Promise<{ page: Page; context: BrowserContext }> {
  await signIn(page, ACCOUNTS.anna, '/institution');
  const mark = await mailMark();
  await page.getByRole('button', { name: 'Benutzer einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
  await dialog.getByLabel('E-Mail').fill(person.email);
  await dialog.getByLabel('Vorname').fill(person.firstName);
  await dialog.getByLabel('Nachname').fill(person.lastName);
  await dialog.getByRole('button', { name: 'Einladen' }).click();
  await expect(page.getByText('User wurde erfolgreich eingeladen.')).toBeVisible();
  invited.push(`${person.firstName} ${person.lastName}`);
  const invitation = linkIn(await waitForMail(person.email, mark));
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(invitation);
  await invitee.getByLabel('Neues Passwort', { exact: true }).fill(person.password);
  await invitee.getByLabel('Neues Passwort wiederholen').fill(person.password);
  await invitee.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(invitee.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();
  return { page: invitee, context };
}

test.describe('account page (Mein Konto)', () => {
  test.afterEach(async ({ page }) => {
    for (const name of invited.splice(0)) await removePerson(page, name);
  });

  test('Max sees his data; an e-mail address in use is refused in German', async ({ page }) => {
    await signIn(page, ACCOUNTS.max, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    await expect(page.getByLabel('Vorname')).toHaveValue('Max');
    await expect(page.getByLabel('Nachname')).toHaveValue('Weiß');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Nicht aktiv');
    await expectNoAxeViolations(page);
    await shot(page, 'account');

    await page.getByLabel('Neue E-Mail-Adresse').fill(ACCOUNTS.anna);
    await page.getByLabel('Passwort zur Bestätigung').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expect(page.getByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeVisible();

    try {
      await page.getByLabel('Titel').fill('Dr.');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Titel')).toHaveValue('Dr.');
    } finally {
      // Max's title back as the demo data has it, also when a check above failed: other specs
      // sign in as Max on the same server.
      await page.getByLabel('Titel').fill('');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
    }
  });

  test('a person activates two-factor sign-in, must give a code at the next sign-in, and disables it', async ({
    page: annaPage,
    browser,
  }) => {
    test.setTimeout(180_000);
    // Someone of their own, not Max: a run stopped between activating and disabling left the
    // demo account with a second factor, and every later test signing in as Max failed.
    const email = `zora.zweifaktor.${Date.now()}@example.org`;
    const password = 'Blauer-Zweifaktor-55';
    const { page, context } = await invitePerson(annaPage, browser, {
      email,
      firstName: 'Zora',
      lastName: 'Zweifaktor',
      password,
    });
    await page.goto('/account');
    await submitSignIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    await page.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }).click();
    await expect(
      page.getByRole('img', { name: 'QR-Code für die Authenticator-App' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('otp-secret').innerText()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page);
    await shot(page, 'account-2fa-setup');

    // A wrong first code is refused.
    const code = totp(secret, -1);
    await page.getByLabel('Einmalcode').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Aktivieren' }).click();
    await expect(page.getByText('Der Code ist ungültig.')).toBeVisible();

    await page.getByLabel('Einmalcode').fill(totp(secret, -1));
    await page.getByRole('button', { name: 'Aktivieren' }).click();
    // Read from the renewed token's roles.
    await expect(page.getByTestId('two-factor-status')).toHaveText('Aktiv');

    await userMenu(page).click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
    await page.goto('/account');
    await submitSignIn(page, email, password);
    await expect(page.getByLabel('Einmalcode')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Einmalcode').fill(totp(secret, 0));
    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Aktiv');

    await page.getByRole('button', { name: 'Deaktivieren' }).click();
    await page.getByLabel('Einmalcode').fill(totp(secret, 1));
    await page.getByRole('button', { name: 'Deaktivieren' }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Nicht aktiv');
    await expectNoAxeViolations(page);
    await context.close();
  });

  test('a person starts an identification at the simulated service and completes it', async ({
    page: annaPage,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Someone of their own, not Max: an identification cannot be undone, and Max stayed
    // identified for every later spec on the same server (and for the next run's first check).
    const email = `ida.ident.${Date.now()}@example.org`;
    const password = 'Roter-Ballon-Ident-66';
    const { page, context } = await invitePerson(annaPage, browser, {
      email,
      firstName: 'Ida',
      lastName: 'Ident',
      password,
    });
    await page.goto('/identification');
    await submitSignIn(page, email, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Identifikation' })).toBeVisible();
    await expect(page.getByTestId('ident-status')).toHaveText('Nicht identifiziert');
    await expectNoAxeViolations(page);
    await shot(page, 'identification');
    await page.getByRole('button', { name: 'Identifikation starten' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Identifikation (Simulation)' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'identification-simulation');
    await page.getByRole('button', { name: 'Identifikation abschließen' }).click();
    await expect(page).toHaveURL(/\/identification$/);
    await expect(page.getByTestId('ident-status')).toHaveText('Identifiziert');
    await expect(page.getByText('Sie sind erfolgreich identifiziert.')).toBeVisible();
    await shot(page, 'identification-done');
    await context.close();
  });

  test('a person resets a forgotten password through the mailed link and changes it on Mein Konto', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Someone of their own, so the demo accounts keep their passwords: Anna invites Rita.
    const email = `rita.reset.${Date.now()}@example.org`;
    const { page: rita, context } = await invitePerson(page, browser, {
      email,
      firstName: 'Rita',
      lastName: 'Reset',
      password: 'Erster-Sonnenaufgang-11',
    });

    // Forgotten: "Passwort vergessen?" on the sign-in page.
    await rita.goto('/account');
    await expect(rita).toHaveURL(/\/auth\/realms\/portal\//);
    await rita.getByRole('link', { name: 'Passwort vergessen?' }).click();
    await expect(rita.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
    await expectNoAxeViolations(rita);
    await shot(rita, 'forgot-password');
    const confirmation =
      'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts gesendet. Der Link ist eine Stunde gültig.';
    // An unknown address gets the same confirmation.
    await rita.getByLabel('E-Mail').fill('niemand@example.org');
    await rita.getByRole('button', { name: 'Link senden' }).click();
    await expect(rita.getByText(confirmation)).toBeVisible();
    await rita.goBack();
    const mark = await mailMark();
    await rita.getByLabel('E-Mail').fill(email);
    await rita.getByRole('button', { name: 'Link senden' }).click();
    await expect(rita.getByText(confirmation)).toBeVisible();
    await expectNoAxeViolations(rita);

    const mail = await waitForMail(email, mark);
    expect(mail.subject).toBe('Passwort zurücksetzen');
    const link = linkIn(mail);
    await rita.goto(link);
    await expect(
      rita.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }),
    ).toBeVisible();
    await rita.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await rita.getByLabel('Neues Passwort wiederholen').fill('kurz');
    await rita.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(
      rita.getByText('Das Passwort muss mindestens 10 Zeichen lang sein.'),
    ).toBeVisible();
    await expectNoAxeViolations(rita);
    await shot(rita, 'reset-password');
    await rita.getByLabel('Neues Passwort', { exact: true }).fill('Zweiter-Mondaufgang-22');
    await rita.getByLabel('Neues Passwort wiederholen').fill('Zweiter-Mondaufgang-22');
    await rita.getByRole('button', { name: 'Passwort speichern' }).click();
    await expect(rita.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();
    // The link works once.
    await rita.goto(link);
    await expect(rita.getByRole('heading', { level: 1, name: 'Link abgelaufen' })).toBeVisible();
    await expect(rita.getByRole('link', { name: 'Neuen Link anfordern' })).toBeVisible();

    await rita.goto('/account');
    await submitSignIn(rita, email, 'Zweiter-Mondaufgang-22');
    await expect(rita.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();

    // Password change on Mein Konto: current password first, strength while typing.
    await rita.getByLabel('Aktuelles Passwort').fill('Zweiter-Mondaufgang-22');
    await rita.getByRole('button', { name: 'Weiter' }).click();
    const next = rita.getByLabel('Neues Passwort', { exact: true });
    await next.fill('sonnenschein');
    await expect(rita.getByText(/Passwortstärke: (Sehr schwach|Schwach|Mittel)/)).toBeVisible();
    await rita.getByLabel('Neues Passwort wiederholen').fill('sonnenschein');
    await rita.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(
      rita.getByText(
        'Das Passwort ist zu leicht zu erraten. Bitte verwenden Sie ein stärkeres Passwort.',
      ),
    ).toBeVisible();
    await next.fill('Dritter-Sternenhimmel-33');
    await expect(rita.getByText(/Passwortstärke: (Stark|Sehr stark)/)).toBeVisible();
    await expectNoAxeViolations(rita);
    await shot(rita, 'account-password');
    await rita.getByLabel('Neues Passwort wiederholen').fill('Dritter-Sternenhimmel-33');
    await rita.getByRole('button', { name: 'Passwort ändern' }).click();
    await expect(rita.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
    await context.close();
  });

  test('a person changes the sign-in address: with the current password, through the link sent to the new address', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const email = `emil.alt.${stamp}@example.org`;
    const newEmail = `emil.neu.${stamp}@example.org`;
    const password = 'Gelber-Leuchtturm-44';
    const { page: emil, context } = await invitePerson(page, browser, {
      email,
      firstName: 'Emil',
      lastName: 'Wechsel',
      password,
    });
    await emil.goto('/account');
    await submitSignIn(emil, email, password);
    await expect(emil.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();

    const mark = await mailMark();
    await emil.getByLabel('Neue E-Mail-Adresse').fill(newEmail);
    await emil.getByLabel('Passwort zur Bestätigung').fill('falsches-Passwort-1');
    await emil.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expect(emil.getByText('Das aktuelle Passwort ist nicht korrekt.')).toBeVisible();
    await emil.getByLabel('Passwort zur Bestätigung').fill(password);
    await emil.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expect(
      emil.getByText(
        `Wir haben einen Link an ${newEmail} gesendet. Die neue Adresse gilt, sobald Sie ihn öffnen und bestätigen.`,
      ),
    ).toBeVisible();
    await expect(emil.getByTestId('pending-email')).toContainText(newEmail);
    await expectNoAxeViolations(emil);
    await shot(emil, 'account-email-pending');

    // The old address is told; the new one gets the link.
    const notice = await waitForMail(email, mark);
    expect(notice.subject).toBe('Änderung Ihrer E-Mail-Adresse angefordert');
    const mail = await waitForMail(newEmail, mark);
    expect(mail.subject).toBe('Neue E-Mail-Adresse bestätigen');
    await emil.goto(linkIn(mail));
    await expect(
      emil.getByRole('heading', { level: 1, name: 'Neue E-Mail-Adresse bestätigen' }),
    ).toBeVisible();
    await expectNoAxeViolations(emil);
    await shot(emil, 'email-confirm');
    await emil.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
    await expect(
      emil.getByText(
        `Ihre E-Mail-Adresse wurde geändert. Sie melden sich ab jetzt mit ${newEmail} an.`,
      ),
    ).toBeVisible();
    await emil.getByRole('link', { name: 'Zum Institutionsportal' }).click();
    await emil.goto('/account');
    await expect(emil.getByText(newEmail, { exact: true })).toBeVisible();
    await expect(emil.getByTestId('pending-email')).toHaveCount(0);
    await context.close();

    // The next sign-in is with the new address.
    const fresh = await browser.newContext();
    const again = await fresh.newPage();
    await again.goto('/account');
    await submitSignIn(again, newEmail, password);
    await expect(again.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
    await fresh.close();
  });
});
