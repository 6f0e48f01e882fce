import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, emailAddress, institutionUpdate } from './account';

const valid = {
  name: 'Praxis Sonnenschein',
  postalcode: '20095',
  city: 'Hamburg',
  street: 'Jungfernstieg 1',
};
const messagesOf = (body: unknown) =>
  institutionUpdate.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];

describe('institutionUpdate', () => {
  it.each([
    ['name', ACCOUNT_LIMITS.institutionName, 200],
    ['street', ACCOUNT_LIMITS.street, 200],
    ['city', ACCOUNT_LIMITS.text, 100],
  ] as const)(
    '%s: %i characters pass, one more is refused with one German message',
    (field, limit, expected) => {
      expect(limit).toBe(expected);
      expect(messagesOf({ ...valid, [field]: 'x'.repeat(limit) })).toEqual([]);
      expect(messagesOf({ ...valid, [field]: 'x'.repeat(limit + 1) })).toEqual([
        `Höchstens ${limit} Zeichen`,
      ]);
    },
  );

  it.each(['01067', '20095', '99998'])('takes the postal code %s', (postalcode) => {
    expect(messagesOf({ ...valid, postalcode })).toEqual([]);
  });

  it.each(['00000', '00999', '1234', '123456', '2009a'])(
    'refuses the postal code %s',
    (postalcode) => {
      expect(messagesOf({ ...valid, postalcode })).toEqual([
        'Fünf Ziffern, nicht mit 00 beginnend',
      ]);
    },
  );

  it('saves a name and a street of 150 characters (more than a personal name)', () => {
    const long = 'x'.repeat(150);
    expect(messagesOf({ ...valid, name: long, street: long })).toEqual([]);
  });

  it('counts after trimming and requires name, city and street', () => {
    expect(messagesOf({ ...valid, name: ` ${'x'.repeat(200)} ` })).toEqual([]);
    expect(messagesOf({ ...valid, name: '  ', street: '', city: ' ' })).toEqual([
      'Pflichtfeld',
      'Pflichtfeld',
      'Pflichtfeld',
    ]);
  });
});

describe('emailAddress (the rule the app checks before sending)', () => {
  it.each([
    ['anna@example.org', true],
    [' Anna.Admin+portal@praxis-sonnenschein.de ', true],
    ["o'brien@example.ie", true],
    [`${'a'.repeat(64)}@${'b'.repeat(60)}.de`, true],
    ['info@müller.de', false],
    ['jörg@example.org', false],
    ['anna@example', false],
    ['anna@@example.org', false],
    ['anna example@example.org', false],
    ['.anna@example.org', false],
    ['anna..b@example.org', false],
    ['anna@example..org', false],
    [`${'a'.repeat(64)}@${'b.'.repeat(95)}de`, false],
    ['', false],
  ])('%j → %s', (address, isValid) => {
    expect(emailAddress.safeParse(address).success).toBe(isValid);
  });
});
