import type { InstitutionRole, Relationship } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Only admins and support users of an institution ask for its relationships (the button). */
export const mayAskForRelationships = (role: InstitutionRole | null) =>
  role === 'INSTITUTION_ADMIN' || role === 'SUPPORT_USER';

/** `GET /api/institution/{id}/relationship`: whom the institution serves (the navbar button). */
export const relationshipsQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: ['impersonation', 'relationships', institutionId] as const,
    queryFn: ({ signal }) =>
      apiGet<Relationship[]>(
        `/institution/${encodeURIComponent(institutionId)}/relationship`,
        signal,
      ),
    staleTime: 300_000,
    retry: false,
  });
