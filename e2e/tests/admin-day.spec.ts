import type { Page } from '@playwright/test';
import {
  ACCOUNTS,
  DEMO_INSTITUTIONS,
  expect,
  expectNoAxeViolations,
  screenshot,
  signIn,
  test,
} from '../support/fixtures';
import { linkIn, mailMark, waitForMail } from '../support/mail';

// An institution administrator's working day on Unternehmen: Anna at Praxis Sonnenschein.
const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const shot = (page: Page, name: string) => screenshot(page, 'admin-day', name);

async function openInstitution(page: Page) {
  await signIn(page, ACCOUNTS.anna, `/institution?institutionId=${SONNENSCHEIN}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeVisible();
  await expect(page.getByTestId('institution-users')).toContainText('Max');
}

/** dd.MM.yyyy of the day `days` from now in Germany. */
const germanDayIn = (days: number) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + days * 24 * 3_600_000));

test.describe("an admin's day", () => {
  test('Anna invites by keyboard, sees until when the link works, sends it again; the invited person learns who invited into which institution', async ({
    page,
    browser,
  }) => {
    await openInstitution(page);
    const email = 'lena.tag@example.org';
    let mark = await mailMark();

    // By keyboard only: the button, the fields, Enter sends.
    await page.getByRole('button', { name: 'Benutzer einladen' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
    await expect(dialog.getByLabel('E-Mail')).toBeFocused();
    await page.keyboard.type(email);
    await dialog.getByLabel('Vorname').focus();
    await page.keyboard.type('Lena');
    await dialog.getByLabel('Nachname').focus();
    await page.keyboard.type('Tag');
    await page.keyboard.press('Enter');
    await expect(page.getByText('User wurde erfolgreich eingeladen.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText('Eingeladen (gerade eben)');
    // Until when the link of the mail works (INVITATION_TTL_HOURS: 7 days).
    await expect(row).toContainText(`Link gültig bis ${germanDayIn(7)}`);
    await expect(row).not.toContainText('Einladung abgelaufen');
    await expectNoAxeViolations(page);
    await shot(page, 'invited');

    // The invited person opens the link (another browser): whom and what it is for.
    const first = linkIn(await waitForMail(email, mark));
    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    await inviteePage.goto(first);
    await expect(
      inviteePage.getByRole('heading', { level: 1, name: 'Einladung annehmen' }),
    ).toBeVisible();
    await expect(
      inviteePage.getByText(
        'Anna Schäfer hat Sie eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(inviteePage);
    await screenshot(inviteePage, 'admin-day', 'accept-page');

    // Anna sends it again (keyboard): the first link is replaced, its page says whom to ask.
    mark = await mailMark();
    await row.getByRole('button', { name: 'Einladung erneut senden an Lena Tag' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Email erneut versendet')).toBeVisible();
    await expect(row).toContainText(`Link gültig bis ${germanDayIn(7)}`);
    const second = linkIn(await waitForMail(email, mark));
    expect(second).not.toBe(first);
    await inviteePage.goto(first);
    await expect(
      inviteePage.getByRole('heading', { level: 1, name: 'Einladung abgelaufen' }),
    ).toBeVisible();
    await expect(inviteePage.getByText(/Anna Schäfer hat Sie eingeladen/)).toBeVisible();
    await expectNoAxeViolations(inviteePage);
    await screenshot(inviteePage, 'admin-day', 'replaced-link');
    await invitee.close();

    // Removed again by keyboard: the confirmation takes Enter on its focused button.
    await row.getByRole('button', { name: 'Lena Tag löschen' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Benutzer löschen' });
    await expect(confirm).toContainText('Möchten Sie den Nutzer Lena Tag wirklich');
    await confirm.getByRole('button', { name: 'Löschen' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Nutzer Lena Tag wurden erfolgreich gelöscht.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('on a phone an invited person is a card like the others: the state and both actions on the screen, nothing to push sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await openInstitution(page);
    const email = 'lena.handy@example.org';
    await page.getByRole('button', { name: 'Benutzer einladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByLabel('Vorname').fill('Lena');
    await dialog.getByLabel('Nachname').fill('Handy');
    await dialog.getByRole('button', { name: 'Einladen' }).click();
    const row = page.getByTestId(`user-row-${email}`);
    await expect(row).toContainText('Link gültig bis');
    // The invited person's card had pushed the list wider than the screen.
    await expect(page.getByTestId('table-scroll-hint')).toHaveCount(0);
    for (const control of [
      row.getByText('Eingeladen (gerade eben)'),
      row.getByRole('button', { name: 'Einladung erneut senden an Lena Handy' }),
      row.getByRole('button', { name: 'Lena Handy löschen' }),
    ]) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport({ ratio: 1 });
      // Its text whole, not cut inside its box ('Einladung erneu…').
      const cut = await control.evaluate((element) =>
        [element, ...Array.from(element.querySelectorAll('*'))].some(
          (part) => part.scrollWidth > part.clientWidth + 1,
        ),
      );
      expect(cut).toBe(false);
    }
    await expectNoAxeViolations(page);
    await shot(page, 'phone-invited');
    await row.getByRole('button', { name: 'Lena Handy löschen' }).click();
    await page
      .getByRole('dialog', { name: 'Benutzer löschen' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    await expect(row).toHaveCount(0);
  });
});
