import type { User } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client';

export const currentUserQueryKey = ['user', 'current'] as const;

/**
 * Makes sure the API knows the signed-in identity and loads the current user with its
 * institution roles. A restricted (technical) user is answered with 403.
 *
 * Both requests go out at once, so the first view waits for one round trip, not two. For a user
 * the API does not know yet (first sign-in at an external identity provider) `GET current`
 * answers 404 while `ensureBackendUserExists` creates them: then its answer counts. A refusal of
 * `ensureBackendUserExists` fails the load, as before.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  const [ensured, current] = await Promise.allSettled([
    apiPost<User>('/user/ensureBackendUserExists', undefined, { signal, repeatable: true }),
    apiGet<User>('/user/current', signal),
  ]);
  if (ensured.status === 'rejected') throw ensured.reason;
  if (current.status === 'fulfilled') return current.value;
  if (current.reason instanceof ApiError && current.reason.status === 404) return ensured.value;
  throw current.reason;
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const isRestrictedUserError = (error: unknown) =>
  error instanceof ApiError && error.status === 403;
