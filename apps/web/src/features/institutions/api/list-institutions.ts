import type { InstitutionSummary } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { INSTITUTION_VALIDITY_MS } from '../model/validity';

/**
 * `GET /api/user/current/institutions`: every institution of the user (id, name, trusted) in
 * one answer, for the switcher and the sidebar. Keyed by the role list's ids, so a change of the
 * roles asks again.
 */
export const institutionSummariesQueryOptions = (institutionIds: readonly string[]) =>
  queryOptions({
    queryKey: ['institutions', 'summaries', institutionIds.join(',')] as const,
    queryFn: ({ signal }) => apiGet<InstitutionSummary[]>('/user/current/institutions', signal),
    staleTime: INSTITUTION_VALIDITY_MS,
  });
