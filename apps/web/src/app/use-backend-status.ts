import { useQuery } from '@tanstack/react-query';
import { pingQueryOptions } from '../features/health/api/ping';
import { currentUserQueryOptions } from '../features/user/api/current-user';

/**
 * Backend down: the health check (at start and every 30 s) failed, and no current-user load
 * succeeded since (a successful load clears the flag).
 */
export function useIsBackendDown(): boolean {
  const ping = useQuery(pingQueryOptions());
  // Observes the current user without loading it (the guard loads it).
  const currentUser = useQuery({ ...currentUserQueryOptions(), enabled: false });
  return ping.isError && ping.errorUpdatedAt > currentUser.dataUpdatedAt;
}
