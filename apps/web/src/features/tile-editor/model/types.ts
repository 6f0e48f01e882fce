import {
  areTileQueryParamsWithinLimits,
  type BusinessCaseType,
  isHttpsTileTarget,
  isInternalTileTarget,
  TILE_LIMITS,
  TILE_ONE_PATH_PATTERN,
  type Tile,
  type TileGroup,
  type TileType,
} from '@portal/contract';
import { compareTiles } from '../../../lib/tile-order';

/** The tile definition as the editor reads and writes it (the contract's Tile). */
export type EditorTileType = TileType;
export const EDITOR_TILE_TYPES: readonly EditorTileType[] = ['PRIMARY', 'FUNCTIONAL', 'MARKETING'];
export type EditorTileGroup = TileGroup;
export type EditorBusinessCaseType = BusinessCaseType;
export type EditorTile = Tile;

/**
 * The editor's list in the order of the customer's dashboard: Partnerkacheln, Funktionskacheln,
 * Marketingkacheln (its sections), each by priority, then name. A tile added or given another
 * priority or name moves to where the dashboard will show it (it stayed at the end, or where
 * it was: 'Praxis-Newsletter' with priority 4 listed above a new tile with priority 3).
 */
export function inDashboardOrder<T extends Pick<Tile, 'tileType' | 'priority' | 'name'>>(
  tiles: readonly T[],
): T[] {
  const section = (tile: T) => EDITOR_TILE_TYPES.indexOf(tile.tileType);
  return [...tiles].sort((a, b) => section(a) - section(b) || compareTiles(a, b));
}

/** Priority scale (spec section 9): default 3, min 1, max 5. */
export const PRIORITY_DEFAULT = 3;
export const PRIORITY_MIN = 1;
export const PRIORITY_MAX = 5;

/** The placeholder group key meaning "no group". */
export const NO_GROUP = '__keine_gruppe__';

/** Icon upload: PNG, SVG or WebP of at most 512 KB. */
export const ICON_TYPES = ['image/png', 'image/svg+xml', 'image/webp'] as const;
export const ICON_MAX_BYTES = 512 * 1024;

export type IconProblem = 'type' | 'size' | null;
export function iconProblem(file: Pick<File, 'type' | 'size'>): IconProblem {
  if (!(ICON_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > ICON_MAX_BYTES) return 'size';
  return null;
}

/**
 * Whether a target is refused, by the server's own rule (the contract's): an internal target is
 * a path of the portal's route table (`/orders`, `/document?documentType=invoice`), an external
 * one an absolute https address. The form had only checked for a leading slash, so '/bestellungen'
 * passed it and the save of an existing tile failed with the bare 'Es ist etwas mit der Kachel …
 * schief gelaufen.'
 */
export function targetProblem(target: string, isInternal: boolean): boolean {
  const value = target.trim();
  if (!value || value.length > TILE_LIMITS.target) return true;
  return isInternal ? !isInternalTileTarget(value) : !isHttpsTileTarget(value);
}

/** Whether a onePath (empty: none) is refused by the server's rule. */
export const onePathProblem = (onePath: string | null): boolean =>
  onePath !== null && onePath.trim() !== '' && !TILE_ONE_PATH_PATTERN.test(onePath.trim());

/** Whether query parameters (null: none) are beyond the server's limits. */
export const queryParamsProblem = (params: Record<string, string> | null): boolean =>
  params !== null && !areTileQueryParamsWithinLimits(params);
