import type { IdentStartResponse, IdentStatusResponse } from '@portal/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { type IdentStatus, identStatusOf } from '../model/ident-status';

export const identStatusQueryKey = (userId: string) => ['ident-status', userId] as const;

/** The mapped status; a failed load (also "none started", 404) is NOT_EXISTENT. */
export async function fetchIdentStatus(signal?: AbortSignal): Promise<IdentStatus> {
  try {
    const { status } = await apiGet<IdentStatusResponse>(
      '/multiconnect/userlegitimation/status',
      signal,
    );
    return identStatusOf({ ok: true, status });
  } catch {
    return identStatusOf({ ok: false });
  }
}

/** Keyed by the user's load: each successful user load gives a fresh status. */
export const identStatusQueryOptions = (userId: string, userLoadedAt: number) =>
  queryOptions({
    queryKey: [...identStatusQueryKey(userId), userLoadedAt] as const,
    queryFn: ({ signal }) => fetchIdentStatus(signal),
  });

export const useIdentStatus = (userId: string, userLoadedAt: number) =>
  useQuery(identStatusQueryOptions(userId, userLoadedAt));

export const postIdentStart = () =>
  apiPost<IdentStartResponse>('/multiconnect/userlegitimation/', {
    returnUrl: `${window.location.origin}/identification`,
  });

export const useStartIdentification = () => useMutation({ mutationFn: postIdentStart });
