import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, DEFAULT_STALE_TIME_MS, retryDelay, shouldRetry } from './query-client';

/** Mounts an observer (what a component's useQuery does) and says whether it fetched. */
async function mountFetches(queryClient: ReturnType<typeof createQueryClient>) {
  const queryFn = vi.fn(async () => 'neu');
  const observer = new QueryObserver(queryClient, { queryKey: ['tiles', 'x'], queryFn });
  const unsubscribe = observer.subscribe(() => {});
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
  unsubscribe();
  return queryFn.mock.calls.length > 0;
}

describe('createQueryClient', () => {
  it('does not fetch again what was loaded less than 10 s ago, and does after', async () => {
    expect(DEFAULT_STALE_TIME_MS).toBe(10_000);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const queryClient = createQueryClient();
      queryClient.setQueryData(['tiles', 'x'], 'vorab');
      vi.setSystemTime(Date.now() + DEFAULT_STALE_TIME_MS - 1_000);
      expect(await mountFetches(queryClient)).toBe(false);
      vi.setSystemTime(Date.now() + 2_000);
      expect(await mountFetches(queryClient)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries a load again only after a passing failure: the connection lost, 502, 503 or 504; twice at most', () => {
    const problem = (status: number) => new ApiError(status, { title: 'x', status } as never);
    for (const passing of [
      new TypeError('Failed to fetch'),
      problem(502),
      problem(503),
      problem(504),
    ]) {
      expect(shouldRetry(0, passing)).toBe(true);
      expect(shouldRetry(1, passing)).toBe(true);
      expect(shouldRetry(2, passing)).toBe(false);
    }
    // An answer, not a hiccup: the same request would meet it again.
    for (const answer of [problem(400), problem(403), problem(404), problem(409), problem(500)]) {
      expect(shouldRetry(0, answer)).toBe(false);
    }
    // A session that ended or changed in another tab is said at once.
    expect(shouldRetry(0, new Error('session over'))).toBe(false);
    // A server that asks for a longer wait than 5 s: the page says so now.
    expect(shouldRetry(0, new ApiError(503, null, null, 5))).toBe(true);
    expect(shouldRetry(0, new ApiError(503, null, null, 30))).toBe(false);
  });

  it("waits as long as the server's Retry-After asks, else 1 s, then 2 s", () => {
    expect(retryDelay(0, new ApiError(503, null, null, 3))).toBe(3_000);
    expect(retryDelay(0, new ApiError(503, null, null, 0))).toBe(0);
    expect(retryDelay(0, new TypeError('Failed to fetch'))).toBe(1_000);
    expect(retryDelay(1, new ApiError(502, null))).toBe(2_000);
  });

  it('a change made offline fails at once (the page says so), and is not sent later', async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    try {
      const mutationFn = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      const observer = new MutationObserver(queryClient, { mutationFn });
      await expect(observer.mutate()).rejects.toThrow('Failed to fetch');
      expect(mutationFn).toHaveBeenCalledTimes(1);
      onlineManager.setOnline(true);
      await queryClient.resumePausedMutations();
      expect(mutationFn).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
