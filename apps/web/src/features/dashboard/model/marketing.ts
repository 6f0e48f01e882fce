import { sortTiles } from './sorting';
import type { TileView } from './types';

/** The default bucket of marketing tiles without a (multi-tile) group. */
export const UNGROUPED = '';

export const marketingGroupPath = (groupName: string) =>
  `/marketing-group/${encodeURIComponent(groupName)}`;

export interface MarketingGrouping<T extends TileView> {
  /** Tiles per group name; every group with at least two tiles. */
  groups: Map<string, T[]>;
  /**
   * What the dashboard shows: the ungrouped tiles (single-tile groups folded in) and one internal
   * folder tile per multi-tile group, sorted by priority then name.
   */
  tiles: TileView[];
}

/** Builds the internal folder tile standing for a multi-tile group. */
export function folderTile(groupName: string, members: readonly TileView[]): TileView {
  const group = members.find((tile) => tile.tileGroup?.name === groupName)?.tileGroup;
  return {
    id: `marketing-group:${groupName}`,
    name: groupName,
    title: groupName,
    description: group?.description ?? null,
    shortDescription: group?.shortDescription ?? null,
    icon: group?.icon ?? null,
    isDyeable: false,
    target: marketingGroupPath(groupName),
    isInternal: true,
    tileType: 'MARKETING',
    priority: Math.min(...members.map((tile) => tile.priority)),
    tileGroup: null,
    onePath: `marketing-group/${groupName}`,
  };
}

/**
 * Groups marketing tiles by tile group name; a group with only one tile is folded into the
 * ungrouped bucket; a group with several shows as one folder tile.
 */
export function groupMarketingTiles<T extends TileView>(
  marketing: readonly T[],
): MarketingGrouping<T> {
  const byName = new Map<string, T[]>();
  for (const tile of marketing) {
    const name = tile.tileGroup?.name ?? UNGROUPED;
    const list = byName.get(name) ?? [];
    list.push(tile);
    byName.set(name, list);
  }
  const groups = new Map<string, T[]>();
  const shown: TileView[] = [];
  for (const [name, members] of byName) {
    if (name === UNGROUPED || members.length < 2) shown.push(...members);
    else {
      groups.set(name, sortTiles(members));
      shown.push(folderTile(name, members));
    }
  }
  return { groups, tiles: sortTiles(shown) };
}

/** The tiles of one marketing group (for /marketing-group/{group}), sorted. */
export function tilesOfGroup<T extends TileView>(tiles: readonly T[], groupName: string): T[] {
  return sortTiles(
    tiles.filter((tile) => tile.tileType === 'MARKETING' && tile.tileGroup?.name === groupName),
  );
}
