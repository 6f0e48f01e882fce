import { describe, expect, it } from 'vitest';
import { appendQuery, applyInstitutionQuery, isTileActive, pathAfterBase, tileHref } from './links';
import { tile } from './test-tiles';

const institutionId = '11111111-1111-4111-8111-111111111111';

describe('institutionId query parameter rules', () => {
  it.each([
    [
      'ODITS_KUNDENCENTER_HILFSMITTEL',
      'FUNCTIONAL',
      true,
      `/customer-overview?institutionId=${institutionId}`,
    ],
    [
      'ODITS_KUNDENCENTER_PFLEGE',
      'PRIMARY',
      false,
      `https://odits.example/kc?institutionId=${institutionId}`,
    ],
    [
      'DZH_FUER_ONBOARDING_HEIMI',
      'FUNCTIONAL',
      false,
      `https://dzh.example/start?institutionId=${institutionId}`,
    ],
    [
      'DZH_FUER_ONBOARDING_PFLEGE',
      'FUNCTIONAL',
      false,
      `https://dzh.example/start?institutionId=${institutionId}`,
    ],
    ['DZH_FUER_ONBOARDING_HEIMI', 'FUNCTIONAL', true, '/customer-overview'],
    ['DZH_FUER_ONBOARDING_PFLEGE', 'PRIMARY', false, 'https://dzh.example/start'],
    ['DZH_FUER_ONBOARDING_PFLEGE', 'MARKETING', false, 'https://dzh.example/start'],
    ['ABRECHNUNG', 'FUNCTIONAL', false, 'https://dzh.example/start'],
  ] as const)('%s, %s, internal %s → %s', (businessCaseType, tileType, isInternal, href) => {
    const target = businessCaseType.startsWith('ODITS')
      ? isInternal
        ? '/customer-overview'
        : 'https://odits.example/kc'
      : isInternal
        ? '/customer-overview'
        : 'https://dzh.example/start';
    const result = applyInstitutionQuery(
      tile({ name: 'T', businessCaseType, tileType, isInternal, target }),
      institutionId,
    );
    expect(tileHref(result)).toBe(href);
  });
});

describe('appendQuery', () => {
  it.each([
    ['https://a.example/x', 'https://a.example/x?institutionId=1'],
    ['https://a.example/x?y=2', 'https://a.example/x?y=2&institutionId=1'],
    ['https://a.example/x?', 'https://a.example/x?institutionId=1'],
    ['https://a.example/x#top', 'https://a.example/x?institutionId=1#top'],
  ])('%s → %s', (url, expected) => {
    expect(appendQuery(url, { institutionId: '1' })).toBe(expected);
  });
});

describe('onePath active marking', () => {
  it.each([
    ['egeko-smo', '/egeko-smo', '/', true],
    ['egeko-smo', '/egeko-smo/', '/', true],
    ['/egeko-smo', '/egeko-smo', '/', true],
    ['egeko-smo', '/egeko-hoz', '/', false],
    ['egeko-smo', '/portal/egeko-smo', '/portal', true],
    ['egeko-smo', '/portal/egeko-smo', '/', false],
    ['orders', '/orders/bank/status/1', '/', false],
    // A marketing group's folder tile names its group as it is; the address is encoded.
    ['marketing-group/Mein Geld', '/marketing-group/Mein%20Geld', '/', true],
    [
      'marketing-group/Gesundheitsförderung',
      '/marketing-group/Gesundheitsf%C3%B6rderung',
      '/',
      true,
    ],
    ['marketing-group/Mein Geld', '/marketing-group/Mein%20Geld%20extra', '/', false],
    ['marketing-group/%E0', '/marketing-group/%E0', '/', true],
    [null, '/', '/', false],
    ['', '/', '/', false],
  ])('onePath %s at %s (base %s) → %s', (onePath, pathname, basename, active) => {
    expect(isTileActive({ onePath }, pathname, basename)).toBe(active);
  });

  it('pathAfterBase strips the base segment and slashes', () => {
    expect(pathAfterBase('/portal/a/b/', '/portal/')).toBe('a/b');
  });
});
