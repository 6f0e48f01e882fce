import { z } from 'zod';
import { id } from './common';

export const ORDER_TYPES = ['TIORDER', 'BANKACCOUNT'] as const;
export const orderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof orderType>;

export const ORDER_SOURCES = ['QUNDO', 'LIONWARE'] as const;
export const orderSource = z.enum(ORDER_SOURCES);
export type OrderSource = z.infer<typeof orderSource>;

/** Bank order statuses in the only order they may take (spec section 3, domain.md). */
export const BANK_ORDER_STATUSES = [
  'CREATED',
  'INTERNAL_CHECK',
  'LEGITIMISED',
  'USER_DATA_COMPLETED',
  'SET_UP',
] as const;
export const bankOrderStatus = z.enum(BANK_ORDER_STATUSES);
export type BankOrderStatus = z.infer<typeof bankOrderStatus>;

/** TI installation statuses with their numeric order (spec section 4). */
export const TI_INSTALLATION_STATUS_ORDER = {
  HARDWARE_ORDERED: 10,
  SMCB_ORDERED: 20,
  PRE_CHECK_BOOKED: 30,
  INSTALLATION_BOOKED: 40,
  INSTALLATION_FINISHED: 50,
} as const;
export const tiInstallationStatus = z.enum([
  'HARDWARE_ORDERED',
  'SMCB_ORDERED',
  'PRE_CHECK_BOOKED',
  'INSTALLATION_BOOKED',
  'INSTALLATION_FINISHED',
]);
export type TiInstallationStatus = z.infer<typeof tiInstallationStatus>;

/**
 * An order as `GET /institution/{id}/order` lists it. `status` is a bank order status for
 * BANKACCOUNT orders and an installation status for TIORDER orders. `onboardingURL` and
 * `bankingPortal` are set on bank orders (the dashboard's bank tiles link there).
 */
export const order = z.object({
  id,
  orderType,
  orderSource,
  status: z.string(),
  createdAt: z.string(),
  onboardingURL: z.string().nullable(),
  bankingPortal: z.string().nullable(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);
