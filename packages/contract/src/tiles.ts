import { z } from 'zod';
import { id, oneLine } from './common';

/**
 * Dashboard tiles, tile groups, business case types and the trusted partner (spec sections 3,
 * 4 and "calls"; domain.md, Tiles). Every path below sits under `/api`.
 */

export const TILE_TYPES = ['PRIMARY', 'FUNCTIONAL', 'MARKETING'] as const;
export const tileType = z.enum(TILE_TYPES);
export type TileType = z.infer<typeof tileType>;

/** Priority 1 (sehr hoch) … 5 (sehr gering); the editor's default is 3. */
export const TILE_PRIORITY_MIN = 1;
export const TILE_PRIORITY_MAX = 5;
export const TILE_PRIORITY_DEFAULT = 3;

/** Field length limits the server enforces (and the editor can show). */
export const TILE_LIMITS = {
  name: 60,
  title: 100,
  shortDescription: 160,
  description: 500,
  target: 2000,
  onePath: 100,
  queryParamKey: 50,
  queryParamValue: 200,
  queryParams: 10,
} as const;

/** Icon upload: media types (checked by content on the server) and the size limit. */
export const TILE_ICON_MEDIA_TYPES = ['image/png', 'image/svg+xml', 'image/webp'] as const;
export const TILE_ICON_MAX_BYTES = 512 * 1024;

/** Names of the multipart parts of POST/PUT `…/dashboard-tile`: the JSON part and the file. */
export const TILE_MULTIPART_JSON_PART = 'tile';
export const TILE_MULTIPART_ICON_PART = 'icon';

/**
 * Internal paths a tile may target (the web route table, signed-in part); `:param` stands for
 * one path segment. An internal target is one of these paths, optionally with a query string.
 */
export const INTERNAL_TILE_TARGET_PATHS = [
  '/',
  '/dashboard',
  '/account',
  '/identification',
  '/institution',
  '/orders',
  '/orders/ti/status/:orderId',
  '/orders/bank/status/:orderId',
  '/document',
  '/contracts',
  '/customer-overview',
  '/credit-offer-widget',
  '/bankaccount-offer',
  '/marketing-group/:group',
  '/egeko-smo',
  '/egeko-hoz',
  '/connect',
  '/dashboard-tile-editor',
  '/impressum',
  '/nutzungsbedingungen',
  '/datenschutz',
  '/faq',
  '/list-helper',
] as const;

/** Whether `target` is an internal path of the route table (query string allowed). */
export function isInternalTileTarget(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  const segments = path === '/' ? [''] : path.replace(/\/$/, '').split('/').slice(1);
  return INTERNAL_TILE_TARGET_PATHS.some((pattern) => {
    const parts = pattern === '/' ? [''] : pattern.split('/').slice(1);
    if (parts.length !== segments.length) return false;
    return parts.every((part, index) => {
      const segment = segments[index] ?? '';
      return part.startsWith(':') ? /^[^/?#\s]+$/.test(segment) : part === segment;
    });
  });
}

/** Whether `target` is an absolute https URL. */
export function isHttpsTileTarget(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * What a tile's onePath may hold (after trimming): letters, digits, hyphens, underscores and
 * slashes, starting with a letter or digit (a portal page such as `egeko-smo`). The server
 * refuses anything else; the editor's form says so before.
 */
export const TILE_ONE_PATH_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_/-]*$/;

/**
 * Whether a tile's query parameters are within the limits the server keeps: at most
 * TILE_LIMITS.queryParams of them, names not blank and up to TILE_LIMITS.queryParamKey
 * characters, values up to TILE_LIMITS.queryParamValue.
 */
export function areTileQueryParamsWithinLimits(params: Record<string, string>): boolean {
  const entries = Object.entries(params);
  return (
    entries.length <= TILE_LIMITS.queryParams &&
    entries.every(
      ([key, value]) =>
        key.trim() !== '' &&
        key.length <= TILE_LIMITS.queryParamKey &&
        value.length <= TILE_LIMITS.queryParamValue,
    )
  );
}

export const tileGroup = z.object({
  id,
  /** Unique name; the marketing-group page is `/marketing-group/{name}`. */
  name: z.string(),
  description: z.string().nullable(),
  shortDescription: z.string().nullable(),
  /** URL of the icon served by the API (contains the content hash), or null. */
  icon: z.string().nullable(),
});
export type TileGroup = z.infer<typeof tileGroup>;
export const tileGroupList = z.array(tileGroup);

export const businessCaseType = z.object({
  id,
  /** Technical name, e.g. BANKACCOUNT, ODITS_KUNDENCENTER_PFLEGE. */
  name: z.string(),
  /** German label. */
  label: z.string(),
});
export type BusinessCaseType = z.infer<typeof businessCaseType>;
export const businessCaseTypeList = z.array(businessCaseType);

export const tileQueryParams = z.record(z.string(), z.string());

/** A stored tile as every tile endpoint answers it (spec section 3, Tile). */
export const tile = z.object({
  id,
  /** Optimistic-locking version; PUT and DELETE name it, an older one is answered 409. */
  version: z.number().int(),
  name: z.string(),
  title: z.string().nullable(),
  shortDescription: z.string().nullable(),
  description: z.string().nullable(),
  /** Internal path (isInternal) or absolute https URL. */
  target: z.string(),
  isInternal: z.boolean(),
  tileType,
  /** URL of the icon served by the API (`/api/tile-icon/{sha256}`, immutable), or null. */
  icon: z.string().nullable(),
  isDyeable: z.boolean(),
  priority: z.number().int().min(TILE_PRIORITY_MIN).max(TILE_PRIORITY_MAX),
  /** Technical name of the tile's business case type (e.g. BANKACCOUNT). */
  businessCaseType: z.string(),
  businessCaseTypeId: id,
  queryParams: tileQueryParams.nullable(),
  notificationCount: z.number().int().nullable(),
  onePath: z.string().nullable(),
  tileGroup: tileGroup.nullable(),
  /** The trusted institution owning the definition. */
  institutionId: id,
});
export type Tile = z.infer<typeof tile>;
export const tileList = z.array(tile);

/**
 * The JSON part (`tile`) of POST `…/dashboard-tile` (with a required `icon` file part) and of
 * PUT `…/dashboard-tile/{tileId}` (with `version`, and an `icon` part only for a new icon).
 * Unknown keys (e.g. a whole Tile sent back) are ignored; `fakeId` must not be sent.
 */
export const tileInput = z.object({
  name: oneLine(z.string().trim().min(1).max(TILE_LIMITS.name)),
  title: oneLine(z.string().trim().max(TILE_LIMITS.title)).nullish(),
  shortDescription: z.string().trim().max(TILE_LIMITS.shortDescription).nullish(),
  description: z.string().trim().max(TILE_LIMITS.description).nullish(),
  target: oneLine(z.string().trim().min(1).max(TILE_LIMITS.target)),
  isInternal: z.boolean(),
  tileType,
  isDyeable: z.boolean().default(false),
  priority: z.number().int().min(TILE_PRIORITY_MIN).max(TILE_PRIORITY_MAX),
  businessCaseTypeId: id,
  queryParams: tileQueryParams.nullish(),
  onePath: oneLine(z.string().trim().max(TILE_LIMITS.onePath)).nullish(),
  /** Id of an existing tile group, or null/absent for no group. */
  tileGroupId: id.nullish(),
  /**
   * Alternatively the group object of a Tile sent back whole: used only when `tileGroupId` is
   * absent (null means no group).
   */
  tileGroup: z.looseObject({ id }).nullish(),
});
export type TileInput = z.input<typeof tileInput>;

export const tileUpdateInput = tileInput.extend({ version: z.number().int().min(0) });
export type TileUpdateInput = z.input<typeof tileUpdateInput>;

/** The 409 answer of PUT/DELETE: the server's current tile. */
export const tileConflict = tile;
export type TileConflict = Tile;

/** The trusted company serving an institution (co-branding), or null when there is none. */
export const trustedPartner = z
  .object({
    id,
    displayName: z.string(),
    /** URL of the logo served by the API, or null. */
    logo: z.string().nullable(),
  })
  .nullable();
export type TrustedPartner = z.infer<typeof trustedPartner>;

/** Query of GET `…/dashboard-tile`. */
export const dashboardTileQuery = z.object({ businessCaseTypeId: id });

/** API paths (under `/api`); `{id}` is the institution id. */
export const TILE_PATHS = {
  tiles: (institutionId: string) => `/institution/${institutionId}/tiles`,
  trusted: (institutionId: string) => `/institution/${institutionId}/trusted`,
  businessCaseTypes: (institutionId: string) => `/institution/${institutionId}/business-case-type`,
  dashboardTiles: (institutionId: string, businessCaseTypeId: string) =>
    `/institution/${institutionId}/dashboard-tile?businessCaseTypeId=${encodeURIComponent(businessCaseTypeId)}`,
  groups: (institutionId: string) => `/institution/${institutionId}/dashboard-tile/group`,
  create: (institutionId: string) => `/institution/${institutionId}/dashboard-tile`,
  update: (institutionId: string, tileId: string) =>
    `/institution/${institutionId}/dashboard-tile/${tileId}`,
  remove: (institutionId: string, tileId: string, version: number) =>
    `/institution/${institutionId}/dashboard-tile/${tileId}/${version}`,
  icon: (sha256: string) => `/tile-icon/${sha256}`,
} as const;
