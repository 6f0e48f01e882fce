import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { EditorBusinessCaseType, EditorTile, EditorTileGroup } from '../model/types';

const base = (institutionId: string) => `/institution/${encodeURIComponent(institutionId)}`;

export const businessCaseTypesQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: ['tile-editor', institutionId, 'business-case-types'] as const,
    queryFn: ({ signal }) =>
      apiGet<EditorBusinessCaseType[]>(`${base(institutionId)}/business-case-type`, signal),
  });

export const tileGroupsQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: ['tile-editor', institutionId, 'groups'] as const,
    queryFn: ({ signal }) =>
      apiGet<EditorTileGroup[]>(`${base(institutionId)}/dashboard-tile/group`, signal),
  });

export const editorTilesQueryKey = (institutionId: string, businessCaseTypeId: string) =>
  ['tile-editor', institutionId, 'tiles', businessCaseTypeId] as const;

export const editorTilesQueryOptions = (institutionId: string, businessCaseTypeId: string) =>
  queryOptions({
    queryKey: editorTilesQueryKey(institutionId, businessCaseTypeId),
    queryFn: ({ signal }) =>
      apiGet<EditorTile[]>(
        `${base(institutionId)}/dashboard-tile?businessCaseTypeId=${encodeURIComponent(businessCaseTypeId)}`,
        signal,
      ),
    staleTime: 0,
    // Loading tiles clears the pending operations (spec section 4): a load the person did not
    // ask for must not happen. TanStack reloads stale queries when the connection returns, so a
    // Wi-Fi blip wiped every unsaved change without a word once the list had changed on the
    // server (by a colleague, or by this editor's own earlier save).
    refetchOnReconnect: false,
  });

export const useBusinessCaseTypes = (institutionId: string) =>
  useQuery(businessCaseTypesQueryOptions(institutionId));
export const useTileGroups = (institutionId: string) =>
  useQuery(tileGroupsQueryOptions(institutionId));
export const useEditorTiles = (institutionId: string, businessCaseTypeId: string | null) =>
  useQuery({
    ...editorTilesQueryOptions(institutionId, businessCaseTypeId ?? ''),
    enabled: Boolean(businessCaseTypeId),
  });
