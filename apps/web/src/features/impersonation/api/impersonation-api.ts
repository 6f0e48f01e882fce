import type { ContractorSearchResult, CustomerUser, SupportAccess } from '@portal/contract';
import { apiGet, apiPost } from '../../../lib/api-client';

const enc = encodeURIComponent;

/** Customers of the current (contractor) institution matching `search`. */
export const searchContractorCustomers = (institutionId: string, search: string, limit = 20) =>
  apiGet<ContractorSearchResult[]>(
    `/institution/${enc(institutionId)}/contractor?search=${enc(search)}&limit=${limit}`,
  );

/** Users of one customer institution matching `search`. */
export const searchCustomerUsers = (institutionId: string, customerId: string, search: string) =>
  apiGet<CustomerUser[]>(
    `/institution/${enc(institutionId)}/contractor/${enc(customerId)}/user?search=${enc(search)}`,
  );

/** Support-Zugriffe of an institution (admins). */
export const getSupportAccess = (institutionId: string, signal?: AbortSignal) =>
  apiGet<SupportAccess[]>(`/institution/${enc(institutionId)}/support-access`, signal);

/** Records the end of the current impersonation (sent with the impersonated token). */
export const postEndImpersonation = () => apiPost('/impersonation/end');
