import { compareGerman } from '../../../lib/german-order';
import type { TileType, TileView } from './types';

/** Priority first (1 = sehr hoch comes first), then the name in German collation. */
export function compareTiles(a: Pick<TileView, 'priority' | 'name'>, b: typeof a): number {
  return a.priority - b.priority || compareGerman(a.name, b.name);
}

export function sortTiles<T extends Pick<TileView, 'priority' | 'name'>>(tiles: readonly T[]): T[] {
  return [...tiles].sort(compareTiles);
}

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
