import { describe, expect, it } from 'vitest';
import { applyBankOrder, type BankOrderView, latestBankOrder } from './bank-tiles';
import { tile } from './test-tiles';

const institutionId = '11111111-1111-4111-8111-111111111111';
const order = (status: string, overrides: Partial<BankOrderView> = {}): BankOrderView => ({
  id: '22222222-2222-4222-8222-222222222222',
  orderType: 'BANKACCOUNT',
  status,
  createdAt: '2026-01-01T10:00:00Z',
  onboardingURL: 'https://bank.example/onboarding?institution=',
  bankingPortal: 'https://bank.example/portal?lang=de&institution=',
  ...overrides,
});
const bankTile = tile({
  name: 'Praxiskonto',
  businessCaseType: 'BANKACCOUNT',
  target: 'https://bank.example/info',
});

describe('bank tiles per status of the latest bank order', () => {
  it.each([
    ['CREATED', 'Praxiskonto', '/orders/bank/status/22222222-2222-4222-8222-222222222222', true],
    [
      'INTERNAL_CHECK',
      'Praxiskonto',
      '/orders/bank/status/22222222-2222-4222-8222-222222222222',
      true,
    ],
    [
      'LEGITIMISED',
      'Praxiskonto',
      `https://bank.example/onboarding?institution=${institutionId}`,
      false,
    ],
    [
      'USER_DATA_COMPLETED',
      'Praxiskonto',
      '/orders/bank/status/22222222-2222-4222-8222-222222222222',
      true,
    ],
    [
      'SET_UP',
      'Mein Online-Banking',
      `https://bank.example/portal?lang=de&institution=${institutionId}`,
      false,
    ],
  ])('BANKACCOUNT tile, %s → %s at %s (internal %s)', (status, name, target, isInternal) => {
    expect(applyBankOrder(bankTile, order(status), institutionId)).toMatchObject({
      name,
      target,
      isInternal,
    });
  });

  it.each(['CREATED', 'LEGITIMISED', 'SET_UP'])(
    'BANKACCOUNT_MCC links by the same rules (%s)',
    (status) => {
      const mcc = { ...bankTile, businessCaseType: 'BANKACCOUNT_MCC' };
      expect(applyBankOrder(mcc, order(status), institutionId).target).toBe(
        applyBankOrder(bankTile, order(status), institutionId).target,
      );
    },
  );

  it.each(['CREATED', 'INTERNAL_CHECK', 'LEGITIMISED', 'USER_DATA_COMPLETED', 'SET_UP'])(
    'the switching-service tile always links to the onboarding URL (%s)',
    (status) => {
      const switching = {
        ...bankTile,
        name: 'Kontowechsel',
        businessCaseType: 'BANKACCOUNT_SWITCHING_SERVICE',
      };
      expect(applyBankOrder(switching, order(status), institutionId)).toMatchObject({
        name: 'Kontowechsel',
        target: 'https://bank.example/onboarding?institution=',
        isInternal: false,
      });
    },
  );

  it('BANKACCOUNT_MCC keeps its name at SET_UP (only the account tile is renamed)', () => {
    const mcc = { ...bankTile, name: 'Kartenzahlung', businessCaseType: 'BANKACCOUNT_MCC' };
    expect(applyBankOrder(mcc, order('SET_UP'), institutionId).name).toBe('Kartenzahlung');
  });

  it('leaves bank tiles as stored without a bank order, and other tiles always', () => {
    expect(applyBankOrder(bankTile, null, institutionId)).toBe(bankTile);
    const other = tile({ name: 'Abrechnung' });
    expect(applyBankOrder(other, order('SET_UP'), institutionId)).toBe(other);
  });
});

describe('latestBankOrder', () => {
  it.each([
    ['no orders', [], null],
    ['only TI orders', [order('SMCB_ORDERED', { id: 'ti', orderType: 'TIORDER' })], null],
    [
      'the newest createdAt wins, whatever the list order',
      [
        order('SET_UP', { id: 'old', createdAt: '2025-01-01T00:00:00Z' }),
        order('CREATED', { id: 'new', createdAt: '2026-03-01T00:00:00Z' }),
        order('LEGITIMISED', { id: 'mid', createdAt: '2025-06-01T00:00:00Z' }),
        order('X', { id: 'ti-newer', orderType: 'TIORDER', createdAt: '2027-01-01T00:00:00Z' }),
      ],
      'new',
    ],
  ])('%s', (_case, orders, expectedId) => {
    expect(latestBankOrder(orders)?.id ?? null).toBe(expectedId);
  });
});
