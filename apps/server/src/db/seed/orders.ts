import type { Db } from '../client';
import { orders, tiOrderStatus } from '../schema';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS, DEMO_ORDERS } from './demo-ids';

/**
 * Demo onboarding and online-banking addresses of the bank partner. Each ends where the
 * institution id belongs: the app links to the address plus the id (`bankOrderLink`,
 * `@portal/contract/bank-links`, spec section 4). The id goes into the path, not into a query
 * parameter: the switching-service tile links to the onboarding address alone ("always links
 * externally to the onboarding URL"), and there it is the bank's start page, where a trailing
 * `?institution=` would have sent an empty institution.
 */
export const DEMO_ONBOARDING_URL = 'https://onboarding.bank.example/konto-eroeffnen/';
export const DEMO_BANKING_PORTAL = 'https://banking.bank.example/login/';

/**
 * Orders of the demo practices (shared/demo-data.md): Praxis Sonnenschein has a TI order at
 * SMCB_ORDERED and a bank order at LEGITIMISED; Zahnarztpraxis Dr. Müller a bank order at SET_UP.
 */
export async function seedOrders(db: Db): Promise<void> {
  await db
    .insert(orders)
    .values([
      {
        id: DEMO_ORDERS.sonnenscheinTi,
        institutionId: DEMO_INSTITUTIONS.praxisSonnenschein,
        businessCaseId: DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER,
        orderType: 'TIORDER',
        orderSource: 'QUNDO',
        status: 'SMCB_ORDERED',
        createdAt: new Date('2025-10-06T09:30:00.000Z'),
      },
      {
        id: DEMO_ORDERS.sonnenscheinBank,
        institutionId: DEMO_INSTITUTIONS.praxisSonnenschein,
        businessCaseId: DEMO_BUSINESS_CASES.nordSonnenschein.BANKACCOUNT,
        orderType: 'BANKACCOUNT',
        orderSource: 'LIONWARE',
        status: 'LEGITIMISED',
        onboardingUrl: DEMO_ONBOARDING_URL,
        bankingPortal: DEMO_BANKING_PORTAL,
        createdAt: new Date('2025-11-03T10:15:00.000Z'),
      },
      {
        id: DEMO_ORDERS.muellerBank,
        institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
        businessCaseId: DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT,
        orderType: 'BANKACCOUNT',
        orderSource: 'LIONWARE',
        status: 'SET_UP',
        onboardingUrl: DEMO_ONBOARDING_URL,
        bankingPortal: DEMO_BANKING_PORTAL,
        createdAt: new Date('2025-09-15T08:00:00.000Z'),
      },
      {
        id: DEMO_ORDERS.muellerBankOlder,
        institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
        businessCaseId: DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT,
        orderType: 'BANKACCOUNT',
        orderSource: 'LIONWARE',
        status: 'INTERNAL_CHECK',
        onboardingUrl: DEMO_ONBOARDING_URL,
        bankingPortal: DEMO_BANKING_PORTAL,
        createdAt: new Date('2025-06-02T07:30:00.000Z'),
      },
      {
        id: DEMO_ORDERS.muellerTi,
        institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
        orderType: 'TIORDER',
        orderSource: 'QUNDO',
        status: 'HARDWARE_ORDERED',
        createdAt: new Date('2025-11-10T13:45:00.000Z'),
      },
    ])
    .onConflictDoNothing();
  await db
    .insert(tiOrderStatus)
    .values([
      { orderId: DEMO_ORDERS.muellerTi },
      {
        orderId: DEMO_ORDERS.sonnenscheinTi,
        isRegisteredAtEgbr: true,
        isEhbaCardRequested: true,
        isEhbaCardOrdered: true,
        isSmcbCardRequested: true,
        isSmcbCardOrdered: true,
      },
    ])
    .onConflictDoNothing();
}
