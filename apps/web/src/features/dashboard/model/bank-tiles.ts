import { bankOrderLink } from '@portal/contract/bank-links';
import { dashboard } from '../../../messages/de/dashboard';
import type { TileView } from './types';

export const BANK_TILE_TYPES = [
  'BANKACCOUNT',
  'BANKACCOUNT_SWITCHING_SERVICE',
  'BANKACCOUNT_MCC',
] as const;

export interface BankOrderView {
  id: string;
  orderType: string;
  status: string;
  createdAt: string;
  onboardingURL?: string | null;
  bankingPortal?: string | null;
}

/** The latest bank-account order: the one with the newest createdAt. */
export function latestBankOrder<T extends BankOrderView>(orders: readonly T[]): T | null {
  let latest: T | null = null;
  for (const order of orders) {
    if (order.orderType !== 'BANKACCOUNT') continue;
    if (!latest || Date.parse(order.createdAt) > Date.parse(latest.createdAt)) latest = order;
  }
  return latest;
}

export const isBankTile = (tile: Pick<TileView, 'businessCaseType'>) =>
  (BANK_TILE_TYPES as readonly (string | null | undefined)[]).includes(tile.businessCaseType);

/**
 * A bank tile rewritten from the latest bank order (spec section 4): LEGITIMISED → external
 * onboardingURL + institutionId; SET_UP → 'Mein Online-Banking', external bankingPortal +
 * institutionId; other statuses → internal /orders/bank/status/{id}; the switching-service tile
 * always → the onboarding URL. "Plus institutionId" is `bankOrderLink` (the stored URL ends
 * where the id belongs), the rule the bank order status page uses too. Without a bank order the
 * stored tile stays as it is.
 */
export function applyBankOrder<T extends TileView>(
  tile: T,
  order: BankOrderView | null,
  institutionId: string,
): T {
  if (!isBankTile(tile) || !order) return tile;
  if (tile.businessCaseType === 'BANKACCOUNT_SWITCHING_SERVICE') {
    return order.onboardingURL ? { ...tile, target: order.onboardingURL, isInternal: false } : tile;
  }
  if (order.status === 'LEGITIMISED' && order.onboardingURL) {
    return {
      ...tile,
      target: bankOrderLink(order.onboardingURL, institutionId),
      isInternal: false,
    };
  }
  if (order.status === 'SET_UP' && order.bankingPortal) {
    // Only the account tile is renamed; the card-payment (MCC) tile keeps its name.
    const renamed =
      tile.businessCaseType === 'BANKACCOUNT'
        ? { name: dashboard.bank.onlineBanking, title: dashboard.bank.onlineBanking }
        : {};
    return {
      ...tile,
      ...renamed,
      target: bankOrderLink(order.bankingPortal, institutionId),
      isInternal: false,
    };
  }
  return {
    ...tile,
    target: `/orders/bank/status/${encodeURIComponent(order.id)}`,
    isInternal: true,
  };
}
