/**
 * The tile as the dashboard model reads it (spec section 3, Tile). Structural, so tiles of the
 * API (`@portal/contract`) and the tiles the app builds itself (order, documents, marketing
 * folders) share every rule.
 */
export type TileType = 'PRIMARY' | 'FUNCTIONAL' | 'MARKETING';

export interface TileGroupView {
  name: string;
  description?: string | null;
  shortDescription?: string | null;
  icon?: string | null;
}

export interface TileView {
  id: string;
  version?: number;
  name: string;
  title?: string | null;
  shortDescription?: string | null;
  description?: string | null;
  target: string;
  isInternal: boolean;
  tileType: TileType;
  /** URL of the icon (served by the API) or null. */
  icon?: string | null;
  /**
   * An outline icon drawn inline in the theme colour, as SVG path data in a 24×24 box: the tiles
   * the app builds itself (document types), which need no request. Wins over `icon`.
   */
  iconPath?: string | null;
  isDyeable?: boolean;
  priority: number;
  businessCaseType?: string | null;
  queryParams?: Record<string, string> | null;
  notificationCount?: number | null;
  onePath?: string | null;
  tileGroup?: TileGroupView | null;
}
