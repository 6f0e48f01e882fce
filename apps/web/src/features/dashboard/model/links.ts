import type { TileView } from './types';

/** Business case types whose tiles carry the institutionId query parameter. */
export const INSTITUTION_QUERY_TYPES = [
  'ODITS_KUNDENCENTER_HILFSMITTEL',
  'ODITS_KUNDENCENTER_PFLEGE',
] as const;
/** Onboarding types whose non-internal functional tiles get institutionId appended. */
export const ONBOARDING_TYPES = [
  'DZH_FUER_ONBOARDING_HEIMI',
  'DZH_FUER_ONBOARDING_PFLEGE',
] as const;

/** `url` with the parameters appended (`?` or `&`), keeping a hash at the end. */
export function appendQuery(url: string, params: Record<string, string>): string {
  const entries = Object.entries(params);
  if (entries.length === 0) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const query = new URLSearchParams(entries).toString();
  const separator = base.includes('?')
    ? base.endsWith('?') || base.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${base}${separator}${query}${hash}`;
}

const includes = (list: readonly string[], value: string | null | undefined) =>
  value !== null && value !== undefined && list.includes(value);

/** The institutionId rules of spec section 9 applied to one tile. */
export function applyInstitutionQuery<T extends TileView>(tile: T, institutionId: string): T {
  if (includes(INSTITUTION_QUERY_TYPES, tile.businessCaseType)) {
    return { ...tile, queryParams: { ...(tile.queryParams ?? {}), institutionId } };
  }
  if (
    includes(ONBOARDING_TYPES, tile.businessCaseType) &&
    !tile.isInternal &&
    tile.tileType === 'FUNCTIONAL'
  ) {
    return { ...tile, target: appendQuery(tile.target, { institutionId }) };
  }
  return tile;
}

/** Where a tile leads: its target with its query parameters. */
export const tileHref = (tile: Pick<TileView, 'target' | 'queryParams'>) =>
  appendQuery(tile.target, tile.queryParams ?? {});

/**
 * The current path after the UI base segment, without leading or trailing slashes, decoded as a
 * person reads it: `/portal/egeko-smo/` with base `/portal` → `egeko-smo`,
 * `/marketing-group/Mein%20Geld` → `marketing-group/Mein Geld` (a marketing group's folder tile
 * names its group as it is). A path that does not decode is compared as it is.
 */
export function pathAfterBase(pathname: string, basename = '/'): string {
  const base = basename.replace(/\/+$/, '');
  const rest = base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  const trimmed = rest.replace(/^\/+|\/+$/g, '');
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

/** A tile (and its sidebar entry) is active while the current path equals its onePath. */
export function isTileActive(
  tile: Pick<TileView, 'onePath'>,
  pathname: string,
  basename = '/',
): boolean {
  if (!tile.onePath) return false;
  return tile.onePath.replace(/^\/+|\/+$/g, '') === pathAfterBase(pathname, basename);
}
