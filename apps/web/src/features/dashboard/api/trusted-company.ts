import type { TrustedPartner } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** The trusted company serving an institution (co-branding). */
export type TrustedCompanyView = NonNullable<TrustedPartner>;

export const trustedCompanyQueryKey = (institutionId: string) =>
  ['institution', institutionId, 'trusted'] as const;

/** `GET /api/institution/{id}/trusted`; any error counts as "none" (spec section 7). */
export async function fetchTrustedCompany(
  institutionId: string,
  signal?: AbortSignal,
): Promise<TrustedCompanyView | null> {
  try {
    const answer = await apiGet<TrustedPartner>(
      `/institution/${encodeURIComponent(institutionId)}/trusted`,
      signal,
    );
    return answer && typeof answer === 'object' && typeof answer.id === 'string' ? answer : null;
  } catch {
    return null;
  }
}

export const trustedCompanyQueryOptions = (institutionId: string) =>
  queryOptions({
    queryKey: trustedCompanyQueryKey(institutionId),
    queryFn: ({ signal }) => fetchTrustedCompany(institutionId, signal),
    staleTime: 300_000,
  });

export const useTrustedCompany = (institutionId: string | null | undefined) =>
  useQuery({
    ...trustedCompanyQueryOptions(institutionId ?? ''),
    enabled: Boolean(institutionId),
  });
