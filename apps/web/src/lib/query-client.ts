import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { DEFAULT_STALE_TIME_MS } from './stale-time';

/** Answers that say "not now": a proxy without its server (502, 504), the server busy or its database away (503). */
const PASSING_STATUSES = new Set([502, 503, 504]);

/** At most this many further tries of a load, each after {@link retryDelay}. */
const MAX_RETRIES = 2;

/** A wait the server asks for longer than this is not waited for here: the page says so now. */
const LONGEST_WAIT_MS = 5_000;

/**
 * Whether a failed load is tried again: a passing failure only, the connection lost on the way
 * (fetch's TypeError) or one of {@link PASSING_STATUSES}. Every other answer is an answer (a 4xx,
 * a 500 that the same request would meet again), and a session that ended or changed
 * elsewhere is not a hiccup either: the page says so at once.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isApiError(error)) {
    return (
      PASSING_STATUSES.has(error.status) && (error.retryAfterSeconds ?? 0) * 1000 <= LONGEST_WAIT_MS
    );
  }
  return error instanceof TypeError;
}

/** The server's `Retry-After` when it gave one, else 1 s, then 2 s. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== undefined) {
    return Math.min(error.retryAfterSeconds * 1000, LONGEST_WAIT_MS);
  }
  return 1000 * 2 ** failureCount;
}

export { DEFAULT_STALE_TIME_MS };

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
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
