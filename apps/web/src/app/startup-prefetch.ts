import type { User } from '@portal/contract';
import { ID_PATTERN } from '@portal/contract/ids';
import type { QueryClient } from '@tanstack/react-query';
import { tilesQueryOptions } from '../features/dashboard/api/tiles';
import { trustedCompanyQueryOptions } from '../features/dashboard/api/trusted-company';
import { documentMetadataQueryOptions } from '../features/documents/api/document-metadata';
import { pingQueryOptions } from '../features/health/api/ping';
import {
  mayAskForRelationships,
  relationshipsQueryOptions,
} from '../features/impersonation/api/relationships';
import { institutionQueryOptions } from '../features/institutions/api/get-institution';
import {
  institutionIdsOf,
  readStoredInstitutionId,
  selectInitialInstitution,
} from '../features/institutions/model/selection';
import { ordersQueryOptions } from '../features/orders/api/list-orders';

/**
 * The institution a page load will most likely show: the `institutionId` parameter, else the
 * one selected last. Only a guess (the user's roles are not known yet); the selection decides.
 */
export function likelyInstitutionId(url: URL): string | null {
  const id = url.searchParams.get('institutionId') ?? readStoredInstitutionId();
  return id && ID_PATTERN.test(id) ? id : null;
}

/**
 * Starts the likely institution's requests together with the current user's, instead of one
 * round trip after it: the shell's (institution, co-branding, tiles for the sidebar) and, on
 * the dashboard, its orders and document counts. The server still checks membership; a wrong
 * guess costs a few 404s that nothing shows. Queries that hold data already are left alone.
 */
export function prefetchLikelyInstitution(queryClient: QueryClient, url: URL) {
  const institutionId = likelyInstitutionId(url);
  if (!institutionId) return;
  void queryClient.ensureQueryData(institutionQueryOptions(institutionId)).catch(ignore);
  void queryClient.ensureQueryData(trustedCompanyQueryOptions(institutionId)).catch(ignore);
  void queryClient.ensureQueryData(tilesQueryOptions(institutionId)).catch(ignore);
  if (url.pathname === '/dashboard' || url.pathname === '/') {
    void queryClient.ensureQueryData(ordersQueryOptions(institutionId)).catch(ignore);
    void queryClient.ensureQueryData(documentMetadataQueryOptions(institutionId)).catch(ignore);
  }
}

/**
 * Once the user is known, the rest of what the signed-in layout asks for on its first render
 * starts at once rather than after that render: every institution of the user (the switcher),
 * the health check, and the relationships behind the impersonation button (admins and support
 * of the institution the selection will pick, by the same rule as the selection).
 */
export function prefetchForUser(
  queryClient: QueryClient,
  user: User,
  url: URL,
  isImpersonating: boolean,
) {
  for (const institutionId of institutionIdsOf(user.institutionUserRoles)) {
    void queryClient.ensureQueryData(institutionQueryOptions(institutionId)).catch(ignore);
  }
  void queryClient.ensureQueryData(pingQueryOptions()).catch(ignore);
  const selected = selectInitialInstitution({
    roles: user.institutionUserRoles,
    queryInstitutionId: url.searchParams.get('institutionId'),
    storedInstitutionId: readStoredInstitutionId(),
  });
  const role = user.institutionUserRoles.find((entry) => entry.institutionId === selected)?.role;
  if (selected && !isImpersonating && mayAskForRelationships(role ?? null)) {
    void queryClient.ensureQueryData(relationshipsQueryOptions(selected)).catch(ignore);
  }
}

/** ensureQueryData: fetches only what the cache does not hold; an error stays in its query. */
const ignore = () => undefined;
