import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pingQueryOptions } from '../features/health/api/ping';
import { currentUserQueryOptions } from '../features/user/api/current-user';
import { afterNextPaint } from '../lib/after-paint';
import { isHeldBackBySession } from '../lib/oidc';

/**
 * Runs the health check (`GET /api/ping` at start and every 30 s) for the backend-down banner.
 * It starts once the first view has painted: nothing on it waits for the answer, and on a slow
 * line the request would take one of the connections the first view's own requests need.
 */
export function HealthCheck(): null {
  const [started, setStarted] = useState(false);
  useEffect(() => afterNextPaint(() => setStarted(true)), []);
  useQuery({ ...pingQueryOptions(), enabled: started });
  return null;
}

/**
 * Backend down: the health check (run by `HealthCheck`) failed, and no current-user load
 * succeeded since (a successful load clears the flag).
 */
export function useIsBackendDown(): boolean {
  // Both observed without loading (HealthCheck checks, the guard loads the user).
  const ping = useQuery({ ...pingQueryOptions(), enabled: false });
  const currentUser = useQuery({ ...currentUserQueryOptions(), enabled: false });
  // A check the session held back (no token for a stale page) says nothing about the server.
  return (
    ping.isError &&
    !isHeldBackBySession(ping.error) &&
    ping.errorUpdatedAt > currentUser.dataUpdatedAt
  );
}
