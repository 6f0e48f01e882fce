import { describe, expect, it } from 'vitest';
import { isBuiltFromPersonalData, passwordUserInputs } from './password-inputs';

describe('passwordUserInputs', () => {
  it.each([
    [
      'names and every part of the e-mail address',
      { firstName: 'Max', lastName: 'Weiß', email: 'max.mitglied@praxis-sonnenschein.de' },
      [
        'max',
        'weiß',
        'max.mitglied@praxis-sonnenschein.de',
        'max.mitglied',
        'praxis-sonnenschein.de',
        'weiss',
        'mitglied',
        'praxis',
        'sonnenschein',
        'de',
      ],
    ],
    [
      'double names split, umlauts also written out',
      { firstName: 'Anna-Lena', lastName: 'Müller Lüdenscheidt', email: 'A.Mueller@Example.ORG ' },
      [
        'anna-lena',
        'müller lüdenscheidt',
        'mueller luedenscheidt',
        'a.mueller@example.org',
        'a.mueller',
        'example.org',
        'anna',
        'lena',
        'müller',
        'mueller',
        'lüdenscheidt',
        'luedenscheidt',
        'example',
        'org',
      ],
    ],
    [
      'no empty words or single characters',
      { firstName: ' ', lastName: 'O', email: 'x@y.de' },
      ['x@y.de', 'y.de', 'de'],
    ],
  ])('%s', (_, owner, expected) => {
    expect(passwordUserInputs(owner).sort()).toEqual([...expected].sort());
  });
});

describe('isBuiltFromPersonalData', () => {
  const max = passwordUserInputs({
    firstName: 'Max',
    lastName: 'Weiß',
    email: 'max.mitglied@praxis-sonnenschein.de',
  });
  it.each([
    ['Max Weiß 2026', true],
    ['max weiss 2026', true],
    ['Weiß Max 2026!', true],
    ['MaxWeiß2026', true],
    ['Sonnenschein2026!', true],
    ['Praxis-Sonnenschein 1', true],
    ['Maxi Weiß 2026', true],
    ['Sonnenblume Max 2026', false],
    ['Blauer-Leuchtturm-2031!', false],
  ])('%s: %s', (password, built) => {
    expect(isBuiltFromPersonalData(password, max)).toBe(built);
  });
});
