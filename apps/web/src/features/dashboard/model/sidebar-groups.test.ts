import { describe, expect, it } from 'vitest';
import { tileGroupSections } from './sidebar-groups';
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
});
