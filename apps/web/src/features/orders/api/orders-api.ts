import type {
  Appointment,
  AvailableAppointments,
  BankOrderStatus,
  DatahubDocument,
  FinancingRequest,
  FinancingRequestInput,
  Order,
  OrderStatusUpdate,
  Relationship,
  TiOrderStatusRecord,
} from '@portal/contract';
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import {
  CUSTOMER_OVERVIEW_PAGE_SIZE,
  customerBusinessCases,
  customerOverviewPartners,
  pollingInterval,
} from '../model/orders-model';
import { ordersQueryKey } from './list-orders';

const enc = encodeURIComponent;

export const orderQueryKey = (iid: string, orderId: string) => ['order', iid, orderId] as const;

/** One order (`GET /institution/{id}/order/{orderId}`), polled while the polling rule says so. */
export function useOrder(iid: string, orderId: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: orderQueryKey(iid, orderId),
    queryFn: ({ signal }) =>
      apiGet<Order>(`/institution/${enc(iid)}/order/${enc(orderId)}`, signal),
    refetchInterval: (query) => pollingInterval(query.state.data, query.state.status === 'error'),
    refetchIntervalInBackground: false,
  });
}

export const orderStatusQueryKey = (iid: string, orderId: string) =>
  ['order-status', iid, orderId] as const;

export function useOrderStatus(iid: string, orderId: string) {
  return useQuery({
    queryKey: orderStatusQueryKey(iid, orderId),
    queryFn: ({ signal }) =>
      apiGet<TiOrderStatusRecord>(`/institution/${enc(iid)}/order-status/${enc(orderId)}`, signal),
  });
}

/** PUT …/order-status/{orderId}: the five flags and the version they were changed on. */
export const putOrderStatus = (iid: string, orderId: string, update: OrderStatusUpdate) =>
  apiRequest<TiOrderStatusRecord>(`/institution/${enc(iid)}/order-status/${enc(orderId)}`, {
    method: 'PUT',
    body: update,
  });

export const appointmentsQueryOptions = (fromDate: string, toDate: string) =>
  queryOptions({
    queryKey: ['appointments', fromDate, toDate],
    queryFn: ({ signal }) =>
      apiGet<AvailableAppointments>(
        `/appointment/?fromDate=${enc(fromDate)}&toDate=${enc(toDate)}`,
        signal,
      ),
  });

export const bookPrecheck = (iid: string, orderId: string, slot: Appointment) =>
  apiPost<TiOrderStatusRecord>(`/institution/${enc(iid)}/order/${enc(orderId)}/precheck`, slot);

export interface CustomerBankOrder {
  customerId: string;
  customerName: string;
  /** The customer's Kd.-Nr. */
  referenceNumber: string;
  orderId: string;
  status: string;
  createdAt: string;
}

export const customerBankOrdersKey = (iid: string) => ['customer-bank-orders', iid] as const;

export function useCustomerBankOrders(iid: string, enabled: boolean) {
  return useQuery({
    queryKey: customerBankOrdersKey(iid),
    queryFn: ({ signal }) =>
      apiGet<CustomerBankOrder[]>(`/institution/${enc(iid)}/customer-bank-order`, signal),
    enabled,
  });
}

export function useAdvanceBankOrder(contractorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { customerId: string; orderId: string; status: BankOrderStatus }) =>
      apiRequest<Order>(
        `/institution/${enc(contractorId)}/customer/${enc(input.customerId)}/bank-order/${enc(input.orderId)}/status`,
        { method: 'PUT', body: { status: input.status } },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: customerBankOrdersKey(contractorId) }),
  });
}

/** `GET …/relationship`: whom the institution serves (contracts, Kundencenter). */
export const relationshipsQueryOptions = (iid: string) =>
  queryOptions({
    queryKey: ['relationships', iid] as const,
    queryFn: ({ signal }) =>
      apiGet<Relationship[]>(`/institution/${enc(iid)}/relationship`, signal),
  });

export const useRelationships = (iid: string) => useQuery(relationshipsQueryOptions(iid));

/**
 * `GET …/relationship?owner=false`: the institution's own contractors (Verträge). A provider is
 * no one's customer: without the filter it was sent its 600 customers (348 KB) to list none.
 */
export const contractsQueryOptions = (iid: string) =>
  queryOptions({
    queryKey: ['relationships', iid, 'contractors'] as const,
    queryFn: ({ signal }) =>
      apiGet<Relationship[]>(`/institution/${enc(iid)}/relationship?owner=false`, signal),
  });

export const useContracts = (iid: string) => useQuery(contractsQueryOptions(iid));

/** `GET …/datahub/businessCaseId/{id}`: one business case's data (Kundencenter). */
export const datahubQueryOptions = (iid: string, businessCaseId: string) =>
  queryOptions({
    queryKey: ['datahub', iid, businessCaseId] as const,
    queryFn: ({ signal }) =>
      apiGet<DatahubDocument>(
        `/institution/${enc(iid)}/datahub/businessCaseId/${enc(businessCaseId)}`,
        signal,
      ),
  });

export const useDatahub = (iid: string, businessCaseId: string) =>
  useQuery(datahubQueryOptions(iid, businessCaseId));

/**
 * The Kundencenter's data: the relationships, then the datahub document of every business case
 * on its first page (what the page shows, so that its first view can wait for it).
 */
export async function ensureCustomerOverviewData(client: QueryClient, iid: string) {
  const relationships = await client.ensureQueryData(relationshipsQueryOptions(iid));
  const firstPage = customerOverviewPartners(relationships).slice(0, CUSTOMER_OVERVIEW_PAGE_SIZE);
  await Promise.all(
    customerBusinessCases(firstPage).map((businessCase) =>
      client.ensureQueryData(datahubQueryOptions(iid, businessCase.id)).catch(() => undefined),
    ),
  );
}

const financingKey = (iid: string) => ['financing-requests', iid] as const;

export function useFinancingRequests(iid: string) {
  return useQuery({
    queryKey: financingKey(iid),
    queryFn: ({ signal }) =>
      apiGet<FinancingRequest[]>(`/institution/${enc(iid)}/financing-request`, signal),
  });
}

export function useSubmitFinancingRequest(iid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FinancingRequestInput) =>
      apiPost<FinancingRequest>(`/institution/${enc(iid)}/financing-request`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: financingKey(iid) }),
  });
}

export { ordersQueryKey };
