import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { DEFAULT_STALE_TIME_MS } from './stale-time';

/** Client errors (4xx) are answers, not hiccups: they are not retried. */
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export { DEFAULT_STALE_TIME_MS };

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        staleTime: DEFAULT_STALE_TIME_MS,
      },
      // A change is sent now or fails now: offline, TanStack's default pauses it (the button
      // spins, the dialog cannot be closed) and sends it whenever the connection returns, even
      // long after its page was left and its input given up. Failing, the page says so and keeps
      // the input.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
