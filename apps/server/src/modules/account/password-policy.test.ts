import { describe, expect, it } from 'vitest';
import { messages } from './messages';
import { passwordProblem, passwordScore } from './password-policy';

describe('password policy', () => {
  it.each([
    ['', messages.passwordMissing],
    ['Kurz!1a', messages.passwordTooShort(10)],
    ['123456789', messages.passwordTooShort(10)],
    ['passwort123', messages.passwordTooWeak],
    ['sonnenschein', messages.passwordTooWeak],
    ['Hallo1234567', messages.passwordTooWeak],
    ['x'.repeat(257), messages.passwordTooLong(256)],
    ['Wolkenkratzer-Fahrrad-Zitrone-42', null],
    ['Pq7#vL2!mZ9x', null],
  ])('%j → %j', async (password, expected) => {
    expect(await passwordProblem(password)).toBe(expected);
  });

  it('says so when the password is built from the person’s names or address', async () => {
    const nora = ['Nora', 'Neu', 'nora.neu@example.org'];
    expect(await passwordProblem('Nora Neu 2026', nora)).toBe(messages.passwordFromPersonalData);
    expect(await passwordProblem('nora.neu@example.org', nora)).toBe(
      messages.passwordFromPersonalData,
    );
    // A common word is still the general message.
    expect(await passwordProblem('sonnenschein', nora)).toBe(messages.passwordTooWeak);
  });

  it('counts the user’s own name as guessable', async () => {
    expect(await passwordScore('blorptaxenquenzl')).toBeGreaterThan(
      await passwordScore('blorptaxenquenzl', ['Blorptaxen', 'Quenzl']),
    );
  });

  it('knows German words (a 10-character German word is weak)', async () => {
    expect(await passwordScore('Sommerferien')).toBeLessThan(3);
  });
});
