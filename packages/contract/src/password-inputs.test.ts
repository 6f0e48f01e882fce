import { describe, expect, it } from 'vitest';
import { passwordUserInputs } from './password-inputs';

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
