import { describe, expect, it } from 'vitest';
import { buildDashboard } from './dashboard-tiles';
import { tile } from './test-tiles';

const base = {
  institutionId: 'inst',
  isTrusted: false,
  documentLabel: (type: string) => type,
};

describe('buildDashboard', () => {
  it('no tiles and nothing else present → empty', () => {
    expect(buildDashboard({ ...base, tiles: [] }).isEmpty).toBe(true);
  });

  it('adds the order tile to Meine Partner and document tiles to Meine Funktionen, sorted', () => {
    const model = buildDashboard({
      ...base,
      tiles: [
        tile({ name: 'Abrechnung', priority: 1 }),
        tile({ name: 'Zahlungen', priority: 3 }),
        tile({ name: 'Hilfsmittel', tileType: 'FUNCTIONAL', priority: 5 }),
      ],
      orders: [],
      documents: [{ documentType: 'invoice', countAll: 1, countUnread: 1 }],
    });
    expect(model.primary.map((t) => t.name)).toEqual(['Abrechnung', 'Aufträge', 'Zahlungen']);
    expect(model.primary[1]?.description).toBe('keine Aufträge');
    expect(model.functional.map((t) => t.name)).toEqual(['invoice', 'Hilfsmittel']);
    expect(model.isEmpty).toBe(false);
  });

  it('rewrites bank tiles from the latest bank order', () => {
    const model = buildDashboard({
      ...base,
      tiles: [tile({ name: 'Praxiskonto', businessCaseType: 'BANKACCOUNT' })],
      orders: [
        {
          id: 'o',
          orderType: 'BANKACCOUNT',
          status: 'SET_UP',
          createdAt: '2026-01-01T00:00:00Z',
          onboardingURL: 'https://b.example/on',
          bankingPortal: 'https://b.example/portal',
        },
      ],
    });
    expect(model.primary.map((t) => t.name)).toEqual(['Aufträge', 'Mein Online-Banking']);
    expect(model.primary[0]?.description).toBe('1 Auftrag');
  });
});
