import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
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

test.describe
  .serial('account page (Mein Konto)', () => {
    test('Max sees his data; an e-mail address in use is refused in German', async ({ page }) => {
      await signIn(page, ACCOUNTS.max, '/account');
      await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
      await expect(page.getByLabel('Vorname')).toHaveValue('Max');
      await expect(page.getByLabel('Nachname')).toHaveValue('Weiß');
      await expect(page.getByTestId('two-factor-status')).toHaveText('Nicht aktiv');
      await expectNoAxeViolations(page);
      await shot(page, 'account');

      await page.getByLabel('Neue E-Mail-Adresse').fill(ACCOUNTS.anna);
      await page.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
      await expect(page.getByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeVisible();

      await page.getByLabel('Titel').fill('Dr.');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Titel')).toHaveValue('Dr.');
      await page.getByLabel('Titel').fill('');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await expect(page.getByText('Ihre Daten wurden gespeichert.')).toBeVisible();
    });

    test('Max activates two-factor sign-in, must give a code at the next sign-in, and disables it', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, ACCOUNTS.max, '/account');
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
      await page.getByLabel('Sechsstelliger Code').fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Aktivieren' }).click();
      await expect(page.getByText('Der Code ist ungültig.')).toBeVisible();

      await page.getByLabel('Sechsstelliger Code').fill(totp(secret, -1));
      await page.getByRole('button', { name: 'Aktivieren' }).click();
      // Read from the renewed token's roles.
      await expect(page.getByTestId('two-factor-status')).toHaveText('Aktiv');

      await userMenu(page).click();
      await page.getByRole('menuitem', { name: 'Abmelden' }).click();
      await expect(page).toHaveURL(/\/auth\/realms\/portal\//);
      await page.goto('/account');
      await submitSignIn(page, ACCOUNTS.max);
      await expect(page.getByLabel('Einmalcode')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByLabel('Einmalcode').fill(totp(secret, 0));
      await page.getByRole('button', { name: 'Bestätigen' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
      await expect(page.getByTestId('two-factor-status')).toHaveText('Aktiv');

      await page.getByRole('button', { name: 'Deaktivieren' }).click();
      await page.getByLabel('Sechsstelliger Code').fill(totp(secret, 1));
      await page.getByRole('button', { name: 'Deaktivieren' }).click();
      await expect(page.getByTestId('two-factor-status')).toHaveText('Nicht aktiv');
      await expectNoAxeViolations(page);
    });

    test('Max starts an identification at the simulated service and completes it', async ({
      page,
    }) => {
      await signIn(page, ACCOUNTS.max, '/identification');
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
    });

    test('a person resets a forgotten password through the mailed link and changes it on Mein Konto', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      // Someone of their own, so the demo accounts keep their passwords: Anna invites Rita.
      const email = `rita.reset.${Date.now()}@example.org`;
      await signIn(page, ACCOUNTS.anna, '/institution');
      let mark = await mailMark();
      await page.getByRole('button', { name: 'Benutzer einladen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
      await dialog.getByLabel('E-Mail').fill(email);
      await dialog.getByLabel('Vorname').fill('Rita');
      await dialog.getByLabel('Nachname').fill('Reset');
      await dialog.getByRole('button', { name: 'Einladen' }).click();
      await expect(page.getByText('User wurde erfolgreich eingeladen.')).toBeVisible();
      const invitation = linkIn(await waitForMail(email, mark));

      const context = await browser.newContext();
      const rita = await context.newPage();
      await rita.goto(invitation);
      await rita.getByLabel('Neues Passwort', { exact: true }).fill('Erster-Sonnenaufgang-11');
      await rita.getByLabel('Neues Passwort wiederholen').fill('Erster-Sonnenaufgang-11');
      await rita.getByRole('button', { name: 'Passwort speichern' }).click();
      await expect(rita.getByText('Ihr Passwort wurde gespeichert.')).toBeVisible();

      // Forgotten: "Passwort vergessen?" on the sign-in page.
      await rita.goto('/account');
      await expect(rita).toHaveURL(/\/auth\/realms\/portal\//);
      await rita.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await expect(
        rita.getByRole('heading', { level: 1, name: 'Passwort vergessen' }),
      ).toBeVisible();
      await expectNoAxeViolations(rita);
      await shot(rita, 'forgot-password');
      const confirmation =
        'Falls zu dieser E-Mail-Adresse ein Konto besteht, haben wir Ihnen einen Link zum Zurücksetzen des Passworts gesendet. Der Link ist eine Stunde gültig.';
      // An unknown address gets the same confirmation.
      await rita.getByLabel('E-Mail').fill('niemand@example.org');
      await rita.getByRole('button', { name: 'Link senden' }).click();
      await expect(rita.getByText(confirmation)).toBeVisible();
      await rita.goBack();
      mark = await mailMark();
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

      // Remove Rita again.
      await page.reload();
      await page.getByRole('button', { name: 'Rita Reset löschen' }).click();
      await page
        .getByRole('dialog', { name: 'Benutzer löschen' })
        .getByRole('button', { name: 'Löschen' })
        .click();
      await expect(page.getByText('Nutzer Rita Reset wurden erfolgreich gelöscht.')).toBeVisible();
    });
  });
