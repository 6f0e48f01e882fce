import { compareGerman } from '../../../lib/german-order';
import { type BankOrderView, isBankTile } from './bank-tiles';
import { storedTilesAsShown } from './dashboard-tiles';
import { isTileActive, tileHref } from './links';
import { sortTiles } from './sorting';
import type { TileView } from './types';

export interface TileGroupSection {
  label: string;
  links: { label: string; to: string; isActive: boolean; isExternal: boolean }[];
}

/** Whether a tile group holds a bank tile: only then do the sidebar's links need the orders. */
export const hasGroupedBankTile = (tiles: readonly TileView[]) =>
  tiles.some((tile) => tile.tileGroup?.name && isBankTile(tile));

/**
 * The sidebar's tile-group sections: one accordion section per tile group (in de-DE order),
 * each with its tiles (priority, then name); a link is active while the path equals the tile's
 * onePath. The tiles are the dashboard's (`storedTilesAsShown`): a grouped bank tile links and
 * is named by the latest bank order as on the dashboard (LEGITIMISED: onboardingURL +
 * institutionId; SET_UP: 'Mein Online-Banking', bankingPortal + institutionId).
 */
export function tileGroupSections(
  tiles: readonly TileView[],
  institutionId: string,
  pathname: string,
  orders?: readonly BankOrderView[] | undefined,
): TileGroupSection[] {
  const groups = new Map<string, TileView[]>();
  for (const tile of storedTilesAsShown(tiles, orders, institutionId)) {
    const name = tile.tileGroup?.name;
    if (!name) continue;
    groups.set(name, [...(groups.get(name) ?? []), tile]);
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
