import {
  BANK_ORDER_STATUSES,
  type BankOrderStatus,
  type Order,
  type OrderStatusFlags,
  type Relationship,
  type RelationshipBusinessCase,
  TI_INSTALLATION_STATUS_ORDER,
  type TiInstallationStatus,
} from '@portal/contract';

/** TI installation statuses in their numeric order (10 … 50). */
export const TI_STATUSES = (
  Object.entries(TI_INSTALLATION_STATUS_ORDER) as [TiInstallationStatus, number][]
)
  .sort((a, b) => a[1] - b[1])
  .map(([status]) => status);

/** Index of the active stepper step for an installation status (-1 when unknown). */
export const tiStepIndex = (status: string | null | undefined) =>
  status ? TI_STATUSES.indexOf(status as TiInstallationStatus) : -1;

export const isTiComplete = (status: string | null | undefined) =>
  status === 'INSTALLATION_FINISHED';

export const bankStepIndex = (status: string | null | undefined) =>
  status ? BANK_ORDER_STATUSES.indexOf(status as BankOrderStatus) : -1;

/** A bank order is complete at SET_UP. */
export const isBankComplete = (status: string | null | undefined) => status === 'SET_UP';

/**
 * Order polling (spec section 4): reload every 10 s while the order is a bank-account order,
 * not complete and without error; otherwise stop.
 */
export const ORDER_POLLING_MS = 10_000;
export function pollingInterval(
  order: Pick<Order, 'orderType' | 'status'> | undefined,
  hasError: boolean,
): number | false {
  if (!order || hasError) return false;
  if (order.orderType !== 'BANKACCOUNT') return false;
  if (isBankComplete(order.status)) return false;
  return ORDER_POLLING_MS;
}

/** The latest bank-account order: the one with the newest createdAt. */
export function latestBankOrder<T extends Pick<Order, 'orderType' | 'createdAt'>>(
  orders: readonly T[],
): T | undefined {
  let latest: T | undefined;
  for (const order of orders) {
    if (order.orderType !== 'BANKACCOUNT') continue;
    if (!latest || Date.parse(order.createdAt) > Date.parse(latest.createdAt)) latest = order;
  }
  return latest;
}

/** Each toggle sends all five flags with the changed one replaced. */
export function replaceFlag(
  flags: OrderStatusFlags,
  name: keyof OrderStatusFlags,
  value: boolean,
): OrderStatusFlags {
  return {
    isRegisteredAtEgbr: flags.isRegisteredAtEgbr,
    isEhbaCardRequested: flags.isEhbaCardRequested,
    isEhbaCardOrdered: flags.isEhbaCardOrdered,
    isSmcbCardRequested: flags.isSmcbCardRequested,
    isSmcbCardOrdered: flags.isSmcbCardOrdered,
    [name]: value,
  };
}

/** Bank statuses a contractor may still set for an order (strictly later ones). */
export const laterBankStatuses = (status: string): BankOrderStatus[] =>
  BANK_ORDER_STATUSES.slice(bankStepIndex(status) + 1);

/** The status page of an order. */
export const orderStatusPath = (order: Pick<Order, 'id' | 'orderType'>) =>
  order.orderType === 'BANKACCOUNT'
    ? `/orders/bank/status/${order.id}`
    : `/orders/ti/status/${order.id}`;

/**
 * The institution's relationships with trusted contractors (domain.md, Verträge): the entries
 * with `owner: false`. Where `owner` is true the institution is itself the contractor and the
 * other side its customer, which is no contract partner of its own.
 */
export const contractorRelationships = <T extends Pick<Relationship, 'owner'>>(
  relationships: readonly T[],
): T[] => relationships.filter((relationship) => !relationship.owner);

/** One row of Verträge: a business case, or the relationship alone when it has none yet. */
export interface ContractRow {
  key: string;
  contractorName: string;
  referenceNumber: string;
  /** German label of the business case type; null when the contractor has no business case. */
  businessCaseLabel: string | null;
  /** Since when the business case (or, without one, the relationship) exists. */
  since: string;
}

/** Verträge: every trusted contractor with its business cases, one row each, none left out. */
export function contractRows(
  relationships: readonly Pick<
    Relationship,
    'id' | 'owner' | 'contractorName' | 'referenceNumber' | 'createdAt' | 'businessCases'
  >[],
): ContractRow[] {
  return contractorRelationships(relationships).flatMap((relationship): ContractRow[] => {
    const base = {
      contractorName: relationship.contractorName,
      referenceNumber: relationship.referenceNumber,
    };
    if (relationship.businessCases.length === 0) {
      return [
        { ...base, key: relationship.id, businessCaseLabel: null, since: relationship.createdAt },
      ];
    }
    return relationship.businessCases.map((businessCase) => ({
      ...base,
      key: businessCase.id,
      businessCaseLabel: businessCase.businessCaseTypeLabel,
      since: businessCase.createdAt,
    }));
  });
}

/**
 * Partners per Kundencenter page. A provider of 600 customers had asked for the datahub
 * document of each of their 1 209 business cases at once (one request each, the first view
 * waiting for all): more than the per-user rate limit allows in a minute, so the page and then
 * every other one answered 429.
 */
export const CUSTOMER_OVERVIEW_PAGE_SIZE = 10;

/** Kundencenter: the partners with at least one business case, in the relationships' order. */
export const customerOverviewPartners = <T extends Pick<Relationship, 'businessCases'>>(
  relationships: readonly T[],
): T[] => relationships.filter((relationship) => relationship.businessCases.length > 0);

/**
 * Kundencenter: every business case of the institution's relationships, from either side. A
 * practice sees its cases at its trusted contractors; a trusted institution (the provider) sees
 * its customers' cases, which is what its customer centre is for. (Verträge, by contrast, lists
 * only the trusted contractors: {@link contractRows}.)
 */
export const customerBusinessCases = (
  relationships: readonly Pick<Relationship, 'businessCases'>[],
): RelationshipBusinessCase[] =>
  relationships.flatMap((relationship) => relationship.businessCases);
