import { describe, expect, it } from 'vitest';
import { sortTiles, splitSections } from './sorting';
import { tile } from './test-tiles';

describe('sortTiles: priority, then name in de-DE collation', () => {
  it.each([
    [
      'priority first',
      [
        ['B', 2],
        ['A', 3],
        ['C', 1],
      ],
      ['C', 'B', 'A'],
    ],
    [
      'name within one priority',
      [
        ['Zahn', 3],
        ['Abrechnung', 3],
        ['Mitte', 3],
      ],
      ['Abrechnung', 'Mitte', 'Zahn'],
    ],
    [
      'umlauts sort as German does (Ä beside A, not after Z)',
      [
        ['Zeit', 3],
        ['Ärzte', 3],
        ['Banking', 3],
      ],
      ['Ärzte', 'Banking', 'Zeit'],
    ],
    [
      'case does not split the alphabet',
      [
        ['beta', 3],
        ['Alpha', 3],
        ['Gamma', 3],
      ],
      ['Alpha', 'beta', 'Gamma'],
    ],
    [
      'ß beside ss',
      [
        ['Straße', 3],
        ['Strand', 3],
        ['Stuhl', 3],
      ],
      ['Strand', 'Straße', 'Stuhl'],
    ],
    [
      '1 sehr hoch before 5 sehr gering',
      [
        ['A', 5],
        ['B', 1],
      ],
      ['B', 'A'],
    ],
  ] as const)('%s', (_case, input, expected) => {
    const tiles = input.map(([name, priority]) => tile({ name, priority }));
    expect(sortTiles(tiles).map((t) => t.name)).toEqual(expected);
  });

  it('does not change its input', () => {
    const tiles = [tile({ name: 'B' }), tile({ name: 'A' })];
    sortTiles(tiles);
    expect(tiles.map((t) => t.name)).toEqual(['B', 'A']);
  });
});

describe('splitSections', () => {
  it('puts PRIMARY in Meine Partner, FUNCTIONAL in Meine Funktionen, each sorted', () => {
    const sections = splitSections([
      tile({ name: 'F2', tileType: 'FUNCTIONAL', priority: 2 }),
      tile({ name: 'P', tileType: 'PRIMARY', priority: 4 }),
      tile({ name: 'M', tileType: 'MARKETING' }),
      tile({ name: 'F1', tileType: 'FUNCTIONAL', priority: 1 }),
      tile({ name: 'O', tileType: 'PRIMARY', priority: 4 }),
    ]);
    expect(sections.primary.map((t) => t.name)).toEqual(['O', 'P']);
    expect(sections.functional.map((t) => t.name)).toEqual(['F1', 'F2']);
    expect(sections.marketing.map((t) => t.name)).toEqual(['M']);
  });
});
