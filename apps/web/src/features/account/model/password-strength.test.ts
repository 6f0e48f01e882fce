import { describe, expect, it } from 'vitest';
import { account } from '../../../messages/de';
import { loadStrengthChecker, passwordRuleMessage, strengthLabel } from './password-strength';

describe('password rules in the app', () => {
  it.each([
    ['', 4, account.password.tooShort],
    ['123456789', 4, account.password.tooShort],
    ['sonnenschein', 1, account.password.tooWeak],
    ['sonnenschein', 2, account.password.tooWeak],
    ['Wolkenkratzer-Zitrone-42', 3, null],
    ['Wolkenkratzer-Zitrone-42', null, null],
  ])('%j with score %j → %j', (password, score, expected) => {
    expect(passwordRuleMessage(password, score)).toBe(expected);
  });

  it('names a password built from the person’s names or address as such', () => {
    const max = ['Max', 'Weiß', 'max.mitglied@praxis-sonnenschein.de'];
    expect(passwordRuleMessage('Max Weiß 2026', 1, max)).toBe(account.password.fromPersonalData);
    expect(passwordRuleMessage('sonnenschein', 1, max)).toBe(account.password.tooWeak);
  });

  it('labels the scores in German', () => {
    expect([0, 1, 2, 3, 4].map(strengthLabel)).toEqual([
      'Sehr schwach',
      'Schwach',
      'Mittel',
      'Stark',
      'Sehr stark',
    ]);
  });

  it('scores with the German dictionary like the server', async () => {
    const score = await loadStrengthChecker();
    expect(score('Sommerferien')).toBeLessThan(3);
    expect(score('Wolkenkratzer-Fahrrad-Zitrone-42')).toBeGreaterThanOrEqual(3);
  });
});
