import { describe, expect, it } from 'vitest';
import type { BankOrderView } from './bank-tiles';
import { hasGroupedBankTile, tileGroupSections } from './sidebar-groups';
import { tile } from './test-tiles';

const group = (name: string) => ({ name, description: null, shortDescription: null, icon: null });

describe('tileGroupSections', () => {
  it('one section per tile group (de-DE order) with its tiles sorted; ungrouped tiles left out', () => {
    const sections = tileGroupSections(
      [
        tile({ name: 'Zweite', tileGroup: group('Über uns'), priority: 2 }),
        tile({ name: 'Erste', tileGroup: group('Über uns'), priority: 1 }),
        tile({
          name: 'Solo',
          tileGroup: group('Abrechnung'),
          isInternal: true,
          target: '/egeko-smo',
          onePath: 'egeko-smo',
        }),
        tile({ name: 'Ohne' }),
      ],
      'inst',
      '/egeko-smo',
    );
    expect(sections.map((s) => s.label)).toEqual(['Abrechnung', 'Über uns']);
    expect(sections[0]?.links).toEqual([
      { label: 'Solo', to: '/egeko-smo', isActive: true, isExternal: false },
    ]);
    expect(sections[1]?.links.map((l) => [l.label, l.isActive, l.isExternal])).toEqual([
      ['Erste', false, true],
      ['Zweite', false, true],
    ]);
  });

  describe('grouped bank tiles link as on the dashboard (spec section 4)', () => {
    const institutionId = '11111111-1111-4111-8111-111111111111';
    const bank = group('Banking');
    const tiles = [
      tile({
        name: 'Praxiskonto',
        businessCaseType: 'BANKACCOUNT',
        target: 'https://bank.example/info',
        tileGroup: bank,
      }),
      tile({
        name: 'Kontowechselservice',
        businessCaseType: 'BANKACCOUNT_SWITCHING_SERVICE',
        target: 'https://bank.example/wechsel-info',
        tileGroup: bank,
      }),
    ];
    const orders = (status: string): BankOrderView[] => [
      {
        id: '22222222-2222-4222-8222-222222222222',
        orderType: 'BANKACCOUNT',
        status,
        createdAt: '2026-01-01T10:00:00Z',
        onboardingURL: 'https://bank.example/onboarding?institution=',
        bankingPortal: 'https://bank.example/portal?institution=',
      },
    ];
    const links = (status?: string) =>
      tileGroupSections(tiles, institutionId, '/dashboard', status ? orders(status) : undefined)[0]
        ?.links;

    it('LEGITIMISED: the onboarding URL with the institution id, external', () => {
      expect(links('LEGITIMISED')).toEqual([
        {
          label: 'Kontowechselservice',
          to: 'https://bank.example/onboarding?institution=',
          isActive: false,
          isExternal: true,
        },
        {
          label: 'Praxiskonto',
          to: `https://bank.example/onboarding?institution=${institutionId}`,
          isActive: false,
          isExternal: true,
        },
      ]);
    });

    it("SET_UP: 'Mein Online-Banking', the banking portal with the institution id", () => {
      expect(links('SET_UP')).toContainEqual({
        label: 'Mein Online-Banking',
        to: `https://bank.example/portal?institution=${institutionId}`,
        isActive: false,
        isExternal: true,
      });
    });

    it('another status: the bank order status page, internal', () => {
      expect(links('CREATED')).toContainEqual({
        label: 'Praxiskonto',
        to: '/orders/bank/status/22222222-2222-4222-8222-222222222222',
        isActive: false,
        isExternal: false,
      });
    });

    it('without the orders (not loaded): the stored links', () => {
      expect(links()?.map((link) => link.to)).toEqual([
        'https://bank.example/wechsel-info',
        'https://bank.example/info',
      ]);
    });

    it('the orders are needed only when a group holds a bank tile', () => {
      expect(hasGroupedBankTile(tiles)).toBe(true);
      expect(hasGroupedBankTile([{ ...tiles[0], tileGroup: null } as (typeof tiles)[0]])).toBe(
        false,
      );
      expect(hasGroupedBankTile([tile({ name: 'Abrechnung', tileGroup: bank })])).toBe(false);
    });
  });
});
