import { dashboard } from '../../../messages/de/dashboard';
import type { TileView } from './types';

export const BUILT_IN_PRIORITY = 3;

/** 'keine Aufträge', '1 Auftrag', 'N Aufträge'. */
export function orderAmountText(amount: number): string {
  if (amount === 0) return dashboard.orders.none;
  if (amount === 1) return dashboard.orders.one;
  return dashboard.orders.many(amount);
}

/** The order tile; none when the order amount is not present (still loading or failed). */
export function orderTile(amount: number | null | undefined): TileView | null {
  if (amount === null || amount === undefined) return null;
  const text = orderAmountText(amount);
  return {
    id: 'built-in:orders',
    name: dashboard.orders.name,
    title: dashboard.orders.name,
    shortDescription: text,
    description: text,
    target: '/orders',
    isInternal: true,
    tileType: 'PRIMARY',
    priority: BUILT_IN_PRIORITY,
    icon: null,
    isDyeable: true,
    onePath: 'orders',
  };
}

/** 'no documents' (not trusted, 0), 'Dokumente verwalten' (trusted, 0), '1 Dokument', 'N Dokumente'. */
export function documentDescription(count: number, isTrusted: boolean): string {
  if (count === 0) return isTrusted ? dashboard.documents.manage : dashboard.documents.none;
  if (count === 1) return dashboard.documents.one;
  return dashboard.documents.many(count);
}

export interface DocumentCount {
  documentType: string;
  countAll: number;
  countUnread: number;
}

/** One functional tile per document type of the metadata, the unread count as badge. */
export function documentTiles(
  metadata: readonly DocumentCount[],
  isTrusted: boolean,
  labelOf: (documentType: string) => string,
): TileView[] {
  return metadata.map((entry) => {
    const text = documentDescription(entry.countAll, isTrusted);
    return {
      id: `built-in:document:${entry.documentType}`,
      name: labelOf(entry.documentType),
      title: labelOf(entry.documentType),
      shortDescription: text,
      description: text,
      target: `/document?documentType=${encodeURIComponent(entry.documentType)}`,
      isInternal: true,
      tileType: 'FUNCTIONAL',
      priority: BUILT_IN_PRIORITY,
      icon: null,
      isDyeable: true,
      notificationCount: entry.countUnread,
      onePath: null,
    };
  });
}
