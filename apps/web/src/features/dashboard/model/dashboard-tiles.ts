import { applyBankOrder, type BankOrderView, latestBankOrder } from './bank-tiles';
import { type DocumentCount, documentTiles, orderTile } from './built-in-tiles';
import { applyInstitutionQuery } from './links';
import { groupMarketingTiles } from './marketing';
import { splitSections } from './sorting';
import type { TileView } from './types';

export interface DashboardInput {
  institutionId: string;
  isTrusted: boolean;
  tiles: readonly TileView[];
  /** The orders, undefined while not (yet) present: then no order tile and no bank rewrite. */
  orders?: readonly BankOrderView[] | undefined;
  documents?: readonly DocumentCount[] | undefined;
  documentLabel: (documentType: string) => string;
}

export interface DashboardModel {
  primary: TileView[];
  functional: TileView[];
  marketing: TileView[];
  groups: Map<string, TileView[]>;
  isEmpty: boolean;
}

/**
 * The institution's stored tiles as they are shown wherever they appear (dashboard, sidebar):
 * bank tiles rewritten from the latest bank order (spec section 4; as stored while the orders
 * are not present), then the institutionId rules of spec section 9.
 */
export function storedTilesAsShown<T extends TileView>(
  tiles: readonly T[],
  orders: readonly BankOrderView[] | undefined,
  institutionId: string,
): T[] {
  const bankOrder = orders ? latestBankOrder(orders) : null;
  return tiles.map((tile) =>
    applyInstitutionQuery(applyBankOrder(tile, bankOrder, institutionId), institutionId),
  );
}

/** Everything the dashboard shows, computed from the API's answers (pure). */
export function buildDashboard(input: DashboardInput): DashboardModel {
  const stored = storedTilesAsShown(input.tiles, input.orders, input.institutionId);
  const builtIn: TileView[] = [];
  const orders = orderTile(input.orders?.length);
  if (orders) builtIn.push(orders);
  if (input.documents)
    builtIn.push(...documentTiles(input.documents, input.isTrusted, input.documentLabel));
  const sections = splitSections([...stored, ...builtIn]);
  const marketing = groupMarketingTiles(sections.marketing);
  return {
    primary: sections.primary,
    functional: sections.functional,
    marketing: marketing.tiles,
    groups: marketing.groups,
    isEmpty: sections.primary.length + sections.functional.length + marketing.tiles.length === 0,
  };
}
