import type { Order } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const ordersQueryKey = (institutionId: string) => ['orders', institutionId] as const;

export const fetchOrders = (institutionId: string, signal?: AbortSignal) =>
  apiGet<Order[]>(`/institution/${encodeURIComponent(institutionId)}/order`, signal);

/** The institution's orders (`GET /api/institution/{id}/order`). */
export const ordersQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: ordersQueryKey(institutionId),
    queryFn: ({ signal }) => fetchOrders(institutionId, signal),
  });

export const useOrders = (institutionId: string | undefined) =>
  useQuery({ ...ordersQueryOptions(institutionId ?? ''), enabled: Boolean(institutionId) });
