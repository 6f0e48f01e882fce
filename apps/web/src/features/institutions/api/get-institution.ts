import type { Institution } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { INSTITUTION_VALIDITY_MS } from '../model/validity';

export const institutionQueryKey = (institutionId: string) =>
  ['institution', institutionId] as const;

export const fetchInstitution = (institutionId: string, signal?: AbortSignal) =>
  apiGet<Institution>(`/institution/${encodeURIComponent(institutionId)}`, signal);

export const institutionQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: institutionQueryKey(institutionId),
    queryFn: ({ signal }) => fetchInstitution(institutionId, signal),
    staleTime: INSTITUTION_VALIDITY_MS,
  });
