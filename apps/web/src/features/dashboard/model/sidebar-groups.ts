import { compareGerman } from '../../../lib/german-order';
import { applyInstitutionQuery, isTileActive, tileHref } from './links';
import { sortTiles } from './sorting';
import type { TileView } from './types';

export interface TileGroupSection {
  label: string;
  links: { label: string; to: string; isActive: boolean; isExternal: boolean }[];
}

/**
 * The sidebar's tile-group sections: one accordion section per tile group (in de-DE order),
 * each with its tiles (priority, then name); a link is active while the path equals the tile's
 * onePath.
 */
export function tileGroupSections(
  tiles: readonly TileView[],
  institutionId: string,
  pathname: string,
): TileGroupSection[] {
  const groups = new Map<string, TileView[]>();
  for (const tile of tiles) {
    const name = tile.tileGroup?.name;
    if (!name) continue;
    groups.set(name, [...(groups.get(name) ?? []), applyInstitutionQuery(tile, institutionId)]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareGerman(a, b))
    .map(([label, members]) => ({
      label,
      links: sortTiles(members).map((tile) => ({
        label: tile.name,
        to: tileHref(tile),
        isActive: isTileActive(tile, pathname),
        isExternal: !tile.isInternal,
      })),
    }));
}
