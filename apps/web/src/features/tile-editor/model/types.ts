import type { BusinessCaseType, Tile, TileGroup, TileType } from '@portal/contract';

/** The tile definition as the editor reads and writes it (the contract's Tile). */
export type EditorTileType = TileType;
export const EDITOR_TILE_TYPES: readonly EditorTileType[] = ['PRIMARY', 'FUNCTIONAL', 'MARKETING'];
export type EditorTileGroup = TileGroup;
export type EditorBusinessCaseType = BusinessCaseType;
export type EditorTile = Tile;

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

/** What a target must look like: an absolute https URL (external) or a path (internal). */
export function targetProblem(target: string, isInternal: boolean): boolean {
  const value = target.trim();
  if (!value) return true;
  if (isInternal) return !value.startsWith('/') || value.startsWith('//');
  try {
    return new URL(value).protocol !== 'https:';
  } catch {
    return true;
  }
}
