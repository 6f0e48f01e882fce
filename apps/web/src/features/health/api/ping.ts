import type { Ping } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Health check interval: the backend-down banner reacts within this time. */
export const PING_INTERVAL_MS = 30_000;
/**
 * A health check unanswered this long has failed: a server that stalls without answering (or a
 * connection that went nowhere) shows the banner, instead of a check that waits for ever and
 * keeps the next ones from starting.
 */
export const PING_TIMEOUT_MS = 10_000;

/** `/ping`, given up after {@link PING_TIMEOUT_MS} (or when TanStack cancels it). */
export async function ping(signal?: AbortSignal): Promise<Ping> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PING_TIMEOUT_MS);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    return await apiGet<Ping>('/ping', controller.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

export const pingQueryOptions = () =>
  queryOptions({
    queryKey: ['health', 'ping'],
    queryFn: ({ signal }) => ping(signal),
    refetchInterval: PING_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    // Offline the check fails (the banner shows) rather than waiting for the connection.
    networkMode: 'always',
  });
