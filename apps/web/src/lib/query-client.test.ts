import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, DEFAULT_STALE_TIME_MS } from './query-client';

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

  it('retries server failures twice but no client error', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      count: number,
      error: unknown,
    ) => boolean;
    const clientError = new ApiError(404, { title: 'Nicht gefunden' } as never);
    expect(retry(0, clientError)).toBe(false);
    expect(retry(0, new Error('offline'))).toBe(true);
    expect(retry(1, new Error('offline'))).toBe(true);
    expect(retry(2, new Error('offline'))).toBe(false);
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
