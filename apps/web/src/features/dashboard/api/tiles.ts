import type { Tile } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
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
 * Always stale: every change of institution loads its tiles again, also for one shown seconds
 * before (spec: tiles are reloaded when the institution changes). A component mounting with an
 * answer younger than DEFAULT_STALE_TIME_MS takes it, though, as with every other query: the
 * startup prefetch's answer is not asked for a second time by the first render.
 */
export const tilesQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: tilesQueryKey(institutionId),
    queryFn: ({ signal }) => fetchTiles(institutionId, signal),
    retry: false,
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt >= DEFAULT_STALE_TIME_MS,
  });

export const useTiles = (institutionId: string | null | undefined) =>
  useQuery({ ...tilesQueryOptions(institutionId ?? ''), enabled: Boolean(institutionId) });
