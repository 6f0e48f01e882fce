import type { InstitutionRole, Relationship } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Only admins and support users of an institution ask for its relationships (the button). */
export const mayAskForRelationships = (role: InstitutionRole | null) =>
  role === 'INSTITUTION_ADMIN' || role === 'SUPPORT_USER';

/**
 * `GET /api/institution/{id}/relationship?owner=true&limit=1`: whether the institution serves
 * anyone (the navbar button needs no more). Without the filter a provider of 600 customers was
 * sent all of them with their business cases, 348 KB, on every page load.
 */
export const relationshipsQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: ['impersonation', 'relationships', institutionId] as const,
    queryFn: ({ signal }) =>
      apiGet<Relationship[]>(
        `/institution/${encodeURIComponent(institutionId)}/relationship?owner=true&limit=1`,
        signal,
      ),
    staleTime: 300_000,
  });
