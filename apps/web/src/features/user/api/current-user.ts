import type { User } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client';

export const currentUserQueryKey = ['user', 'current'] as const;

/**
 * Makes sure the API knows the signed-in identity, then loads the current user with its
 * institution roles. A restricted (technical) user is answered with 403.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  await apiPost('/user/ensureBackendUserExists', undefined, { signal });
  return apiGet<User>('/user/current', signal);
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const isRestrictedUserError = (error: unknown) =>
  error instanceof ApiError && error.status === 403;
