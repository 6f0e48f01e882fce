import type { Tile } from '@portal/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, DEFAULT_STALE_TIME_MS } from '../../../lib/query-client';
import { tilesQueryOptions } from './tiles';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** tilesQueryOptions with a counting queryFn instead of the request. */
function counting() {
  const calls: string[] = [];
  const options = (institutionId: string) => ({
    ...tilesQueryOptions(institutionId),
    queryFn: async (): Promise<Tile[]> => {
      calls.push(institutionId);
      return [];
    },
  });
  return { calls, options };
}

afterEach(() => vi.useRealTimers());

describe('tilesQueryOptions', () => {
  it('loads the tiles again on every change of institution, also back within 10 s', async () => {
    const queryClient = createQueryClient();
    const { calls, options } = counting();
    // What the dashboard's useTiles does while the institution changes: A, B, back to A.
    const observer = new QueryObserver(queryClient, options(A));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    observer.setOptions(options(B));
    await vi.waitFor(() => expect(calls).toEqual([A, B]));
    observer.setOptions(options(A));
    await vi.waitFor(() => expect(calls).toEqual([A, B, A]));
    unsubscribe();
  });

  it('a component mounting with an answer younger than 10 s (the startup prefetch) takes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const queryClient = createQueryClient();
    const { calls, options } = counting();
    queryClient.setQueryData(tilesQueryOptions(A).queryKey, []);
    const mount = async () => {
      const observer = new QueryObserver(queryClient, options(A));
      const unsubscribe = observer.subscribe(() => {});
      await Promise.resolve();
      unsubscribe();
    };
    vi.setSystemTime(Date.now() + DEFAULT_STALE_TIME_MS - 1_000);
    await mount();
    expect(calls).toEqual([]);
    vi.setSystemTime(Date.now() + 2_000);
    await mount();
    await vi.waitFor(() => expect(calls).toEqual([A]));
  });
});
