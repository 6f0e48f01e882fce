import type { Tile } from '@portal/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet } from '../../../lib/api-client';
import { DEFAULT_STALE_TIME_MS } from '../../../lib/stale-time';

export const tilesQueryKey = (institutionId: string) => ['tiles', institutionId] as const;

export const fetchTiles = (institutionId: string, signal?: AbortSignal) =>
  apiGet<Tile[]>(`/institution/${encodeURIComponent(institutionId)}/tiles`, signal);

/**
 * The institution's dashboard tiles (`GET /api/institution/{id}/tiles`). Keyed by institution:
 * switching institutions starts from an empty cache entry, so no tile of the previous
 * institution is ever shown under the new one.
 *
 * Always stale: a component mounting with an answer younger than DEFAULT_STALE_TIME_MS takes
 * it, as with every other query (the startup prefetch's answer is not asked for a second time
 * by the first render); an older one is loaded again.
 */
export const tilesQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: tilesQueryKey(institutionId),
    queryFn: ({ signal }) => fetchTiles(institutionId, signal),
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt >= DEFAULT_STALE_TIME_MS,
  });

/**
 * The tiles of the current institution. Spec section 2: "Tiles are cleared and reloaded when
 * the institution changes": when the institution changes under a mounted component, the tiles
 * of the one left are dropped from the cache. Coming back to it (A → B → A, also within
 * seconds) starts from nothing, shows the loading state and loads its tiles again, instead of
 * showing the tiles cached from before while they reload. The shell holds one of these for as
 * long as someone is signed in, so every switch clears, whichever page is open.
 */
export function useTiles(institutionId: string | null | undefined) {
  const queryClient = useQueryClient();
  const shown = useRef(institutionId);
  useEffect(() => {
    const left = shown.current;
    shown.current = institutionId;
    if (left && left !== institutionId) {
      queryClient.removeQueries({ queryKey: tilesQueryKey(left), exact: true });
    }
  }, [institutionId, queryClient]);
  return useQuery({ ...tilesQueryOptions(institutionId ?? ''), enabled: Boolean(institutionId) });
}
