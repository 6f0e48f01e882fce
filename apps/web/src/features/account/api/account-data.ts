import type { AccountData, AccountDataUpdate } from '@portal/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const accountDataQueryKey = (userId: string) => ['accountdata', userId] as const;

export const fetchAccountData = (userId: string, signal?: AbortSignal) =>
  apiGet<AccountData>(`/accountdata/${encodeURIComponent(userId)}`, signal);

export const accountDataQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: accountDataQueryKey(userId),
    queryFn: ({ signal }) => fetchAccountData(userId, signal),
  });

/** Loading the account data; a failure is silent (spec section 8). */
export const useAccountData = (userId: string) => useQuery(accountDataQueryOptions(userId));

export const putAccountData = (update: AccountDataUpdate) =>
  apiRequest<AccountData>('/accountdata/', { method: 'PUT', body: update });

export function useUpdateAccountData(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putAccountData,
    onSuccess: (data) => queryClient.setQueryData(accountDataQueryKey(userId), data),
  });
}
