import { expect, type Page } from '@playwright/test';

/**
 * The admin signed in on `page` removes the person named `name` from the current institution
 * again, so that other specs on the same server see the demo institutions as they are.
 *
 * Every row of that name goes: a try that failed before its own clean-up ran (or whose clean-up
 * failed) left its person behind, and the retry's person has the same name. Before, the retry
 * failed on the two rows, whatever the first failure had been. When a row stays, the failure
 * says what the page told (the notifications), not only that a text did not appear.
 */
export async function removePerson(page: Page, name: string): Promise<void> {
  await page.goto('/institution');
  const remove = page.getByRole('button', { name: `${name} löschen`, exact: true });
  await expect(remove.first()).toBeVisible();
  for (let rows = await remove.count(); rows > 0; rows -= 1) {
    await remove.first().click();
    await page
      .getByRole('dialog', { name: 'Benutzer löschen' })
      .getByRole('button', { name: 'Löschen' })
      .click();
    try {
      await expect(remove).toHaveCount(rows - 1);
      await expect(
        page.getByText(`Nutzer ${name} wurden erfolgreich gelöscht.`).first(),
      ).toBeVisible();
    } catch (error) {
      const told = await page.getByRole('alert').allInnerTexts();
      throw new Error(
        `${name} was not removed; the page said: ${told.join(' | ').trim() || 'nothing'}`,
        { cause: error },
      );
    }
  }
}
