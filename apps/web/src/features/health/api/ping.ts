import type { Ping } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Health check interval: the backend-down banner reacts within this time. */
export const PING_INTERVAL_MS = 30_000;

export const pingQueryOptions = () =>
  queryOptions({
    queryKey: ['health', 'ping'],
    queryFn: ({ signal }) => apiGet<Ping>('/ping', signal),
    refetchInterval: PING_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
