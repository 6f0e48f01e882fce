import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Client errors (4xx) are answers, not hiccups: they are not retried. */
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Data younger than this is not fetched again when another component mounts with it: the
 * startup prefetch (app/startup-prefetch.ts) and the first render of the page must not load
 * the same answers twice. Changes made in the app invalidate their queries explicitly.
 */
export const DEFAULT_STALE_TIME_MS = 10_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: DEFAULT_STALE_TIME_MS,
      },
      mutations: { retry: false },
    },
  });
}
