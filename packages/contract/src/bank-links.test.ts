import { describe, expect, it } from 'vitest';
import { bankOrderLink } from './bank-links';

const institutionId = '11111111-1111-4111-8111-111111111111';

describe('bankOrderLink: the bank order URL plus the institution id', () => {
  it.each([
    [
      'an address ending in its institution parameter',
      'https://onboarding.bank.example/konto-eroeffnen?institution=',
      institutionId,
      `https://onboarding.bank.example/konto-eroeffnen?institution=${institutionId}`,
    ],
    [
      'an address with other parameters before it',
      'https://banking.bank.example/login?lang=de&institution=',
      institutionId,
      `https://banking.bank.example/login?lang=de&institution=${institutionId}`,
    ],
    [
      'an address ending in a path segment',
      'https://bank.example/onboarding/',
      institutionId,
      `https://bank.example/onboarding/${institutionId}`,
    ],
    [
      'an id that needs encoding is encoded, never adds parameters',
      'https://bank.example/x?institution=',
      'a&b=c #d',
      'https://bank.example/x?institution=a%26b%3Dc%20%23d',
    ],
  ])('%s', (_case, url, id, expected) => {
    expect(bankOrderLink(url, id)).toBe(expected);
  });
});
