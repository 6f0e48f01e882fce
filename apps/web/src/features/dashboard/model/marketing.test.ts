import { describe, expect, it } from 'vitest';
import { groupMarketingTiles, tilesOfGroup } from './marketing';
import { tile } from './test-tiles';
import type { TileGroupView } from './types';

const group = (name: string): TileGroupView => ({
  name,
  description: `${name} Beschreibung`,
  shortDescription: `${name} kurz`,
  icon: `/api/icons/${name}.svg`,
});
const marketing = (name: string, groupName?: string, priority = 3) =>
  tile({ name, tileType: 'MARKETING', priority, tileGroup: groupName ? group(groupName) : null });

describe('groupMarketingTiles', () => {
  it.each([
    ['no tiles', [], [], []],
    ['ungrouped tiles stay', [marketing('B'), marketing('A')], ['A', 'B'], []],
    [
      'a single-tile group folds into the ungrouped bucket',
      [marketing('Solo', 'Einzel'), marketing('A')],
      ['A', 'Solo'],
      [],
    ],
    [
      'a group of two becomes one folder tile',
      [marketing('X', 'Praxisbedarf'), marketing('Y', 'Praxisbedarf'), marketing('A')],
      ['A', 'Praxisbedarf'],
      ['Praxisbedarf'],
    ],
    [
      'a group of three becomes one folder tile',
      [marketing('X', 'G'), marketing('Y', 'G'), marketing('Z', 'G')],
      ['G'],
      ['G'],
    ],
    [
      'two groups, one folded, one folder',
      [marketing('X', 'G'), marketing('Y', 'G'), marketing('S', 'Einzel')],
      ['G', 'S'],
      ['G'],
    ],
  ])('%s', (_case, tiles, shown, groups) => {
    const result = groupMarketingTiles(tiles);
    expect(result.tiles.map((t) => t.name)).toEqual(shown);
    expect([...result.groups.keys()]).toEqual(groups);
  });

  it('the folder tile carries the group description, short description and icon, is internal and targets /marketing-group/{name}', () => {
    const { tiles, groups } = groupMarketingTiles([
      marketing('Y', 'Praxisbedarf', 4),
      marketing('X', 'Praxisbedarf', 2),
    ]);
    expect(tiles).toHaveLength(1);
    expect(tiles[0]).toMatchObject({
      name: 'Praxisbedarf',
      description: 'Praxisbedarf Beschreibung',
      shortDescription: 'Praxisbedarf kurz',
      icon: '/api/icons/Praxisbedarf.svg',
      isInternal: true,
      target: '/marketing-group/Praxisbedarf',
      tileType: 'MARKETING',
      priority: 2,
    });
    expect(groups.get('Praxisbedarf')?.map((t) => t.name)).toEqual(['X', 'Y']);
  });

  it('encodes the group name in the folder target', () => {
    const { tiles } = groupMarketingTiles([
      marketing('X', 'Praxis & Co'),
      marketing('Y', 'Praxis & Co'),
    ]);
    expect(tiles[0]?.target).toBe('/marketing-group/Praxis%20%26%20Co');
  });

  it('tilesOfGroup lists a group’s marketing tiles sorted', () => {
    const tiles = [
      marketing('Y', 'G'),
      marketing('X', 'G'),
      marketing('Z', 'H'),
      tile({ name: 'P', tileGroup: group('G') }),
    ];
    expect(tilesOfGroup(tiles, 'G').map((t) => t.name)).toEqual(['X', 'Y']);
  });
});
