import { describe, expect, it } from 'vitest';
import { accountDataUpdate, emailAddress, institutionUpdate, invitation } from './account';
import { ONE_LINE_MESSAGE } from './common';
import { documentUpdate, documentUploadMetadata } from './document';
import { tileInput } from './tiles';

/** A valid value of each schema, and the fields that must stay on one line. */
const cases = [
  [
    'institutionUpdate',
    institutionUpdate,
    {
      name: 'Praxis Sonnenschein',
      postalcode: '20095',
      city: 'Hamburg',
      street: 'Jungfernstieg 1',
    },
    ['name', 'city', 'street', 'postalcode'],
  ],
  [
    'accountDataUpdate',
    accountDataUpdate,
    { firstName: 'Max', lastName: 'Weiß', formOfAddress: 'Herr', title: 'Dr.' },
    ['firstName', 'lastName', 'formOfAddress', 'title'],
  ],
  [
    'invitation',
    invitation,
    {
      email: 'tom@example.org',
      firstName: 'Tom',
      lastName: 'Krüger',
      formOfAddress: null,
      title: 'Prof.',
      role: 'INSTITUTION_MEMBER',
    },
    ['email', 'firstName', 'lastName', 'title'],
  ],
  [
    'documentUploadMetadata',
    documentUploadMetadata,
    { displayName: 'Befund', createdAt: '2026-11-20', type: 'invoice', description: 'a' },
    ['displayName'],
  ],
  [
    'documentUpdate',
    documentUpdate,
    { displayName: 'Befund', createdAt: '2026-11-20', description: 'a' },
    ['displayName'],
  ],
  [
    'tileInput',
    tileInput,
    {
      name: 'Bankkonto',
      title: 'Ihr Konto',
      shortDescription: 'kurz',
      description: 'lang',
      target: '/orders',
      isInternal: true,
      tileType: 'PRIMARY',
      priority: 1,
      businessCaseTypeId: 'a358a0fc-d552-47c2-a1b0-f5e63f6d960a',
      onePath: 'bank',
    },
    ['name', 'title', 'target', 'onePath'],
  ],
] as const;

/** Inside a value (trim() takes them off the ends, which is harmless). */
const BREAKING = [
  ['a line feed', '\n'],
  ['a carriage return', '\r'],
  ['a tab', '\t'],
  ['a line separator', '\u2028'],
  ['NEL (C1)', '\u0085'],
  ['CSI (C1)', '\u009b'],
  ['a right-to-left override', '\u202e'],
  ['a left-to-right embedding', '\u202a'],
  ['a first-strong isolate', '\u2068'],
  ['a pop directional isolate', '\u2069'],
] as const;

describe('one-line fields refuse line breaks, tabs, controls and bidi overrides', () => {
  describe.each(cases)('%s', (_name, schema, valid, fields) => {
    it('accepts the valid value, umlauts and accents included', () => {
      expect(schema.safeParse(valid).success).toBe(true);
    });
    it.each(fields.flatMap((field) => BREAKING.map(([what, char]) => [field, what, char])))(
      '%s with %s',
      (field, _what, char) => {
        const value = (valid as Record<string, unknown>)[field] as string;
        const mutated = `${value.slice(0, 2)}${char}${value.slice(2)}`;
        const result = schema.safeParse({ ...valid, [field]: mutated });
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([field]);
      },
    );
  });

  it('says so in German where the field has no pattern of its own', () => {
    const result = institutionUpdate.safeParse({
      name: 'Praxis\nSonnenschein',
      postalcode: '20095',
      city: 'Hamburg',
      street: 'Jungfernstieg 1',
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([ONE_LINE_MESSAGE]);
  });

  it('descriptions keep line breaks and tabs', () => {
    const text = 'Erste Zeile\nZweite Zeile\r\n\tEingerückt';
    expect(
      documentUploadMetadata.safeParse({
        displayName: 'Befund',
        createdAt: '2026-11-20',
        type: 'invoice',
        description: text,
      }).data?.description,
    ).toBe(text);
    expect(
      documentUpdate.safeParse({
        displayName: 'Befund',
        createdAt: '2026-11-20',
        description: text,
      }).success,
    ).toBe(true);
    const tile = cases[5][2];
    expect(
      tileInput.safeParse({ ...tile, description: text, shortDescription: text }).success,
    ).toBe(true);
  });

  it('an e-mail address with a line break or bidi override is no e-mail address', () => {
    for (const value of ['tom\n@example.org', 'tom@exa\tmple.org', 'tom\u202e@example.org']) {
      expect(emailAddress.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
