import type { Tile } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const tilesQueryKey = (institutionId: string) => ['tiles', institutionId] as const;

export const fetchTiles = (institutionId: string, signal?: AbortSignal) =>
  apiGet<Tile[]>(`/institution/${encodeURIComponent(institutionId)}/tiles`, signal);

/**
 * The institution's dashboard tiles (`GET /api/institution/{id}/tiles`). Keyed by institution:
 * switching institutions starts from an empty cache entry, so no tile of the previous
 * institution is ever shown under the new one.
 */
export const tilesQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: tilesQueryKey(institutionId),
    queryFn: ({ signal }) => fetchTiles(institutionId, signal),
    retry: false,
  });

export const useTiles = (institutionId: string | null | undefined) =>
  useQuery({ ...tilesQueryOptions(institutionId ?? ''), enabled: Boolean(institutionId) });
