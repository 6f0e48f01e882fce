import { sortTiles } from '../../../lib/tile-order';
import type { TileType, TileView } from './types';

export { sortTiles } from '../../../lib/tile-order';

export interface DashboardSections<T> {
  /** Meine Partner: PRIMARY tiles, sorted. */
  primary: T[];
  /** Meine Funktionen: FUNCTIONAL tiles, sorted. */
  functional: T[];
  /** MARKETING tiles (grouped and folded by `groupMarketingTiles`). */
  marketing: T[];
}

/** Splits tiles into the dashboard's sections; primary and functional sorted. */
export function splitSections<T extends Pick<TileView, 'priority' | 'name' | 'tileType'>>(
  tiles: readonly T[],
): DashboardSections<T> {
  const of = (type: TileType) => tiles.filter((tile) => tile.tileType === type);
  return {
    primary: sortTiles(of('PRIMARY')),
    functional: sortTiles(of('FUNCTIONAL')),
    marketing: of('MARKETING'),
  };
}
