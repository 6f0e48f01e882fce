import { compareGerman } from './german-order';

interface Ordered {
  /** 1 (sehr hoch) to 5 (sehr gering). */
  priority: number;
  name: string;
}

/**
 * The order of tiles (spec section 2, Dashboard): priority first (1 = sehr hoch comes first),
 * then the name in German collation. The dashboard sorts its sections by it, and the tile
 * editor lists the tiles in the order the customer's dashboard will show them.
 */
export function compareTiles(a: Ordered, b: Ordered): number {
  return a.priority - b.priority || compareGerman(a.name, b.name);
}

export function sortTiles<T extends Ordered>(tiles: readonly T[]): T[] {
  return [...tiles].sort(compareTiles);
}
