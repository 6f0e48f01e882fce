import type { InstitutionUserRole, User } from '@portal/contract';
import { ID_PATTERN } from '@portal/contract/ids';
import type { QueryClient } from '@tanstack/react-query';
import { tilesQueryOptions } from '../features/dashboard/api/tiles';
import { trustedCompanyQueryOptions } from '../features/dashboard/api/trusted-company';
import { documentMetadataQueryOptions } from '../features/documents/api/document-metadata';
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

export interface StartupGuess {
  /** The institution roles the last user load answered for this token's subject, if any. */
  knownRoles: readonly Pick<InstitutionUserRole, 'institutionId' | 'role'>[] | null;
  isImpersonating: boolean;
}

/**
 * Starts what the signed-in layout's first render shows together with the current user's
 * requests, instead of one round trip after them: the likely institution's shell data
 * (institution, co-branding, tiles for the sidebar) and, on the dashboard, its orders and
 * document counts. With the roles the last load answered for the same subject, also every
 * institution of the user (switcher and sidebar) and the relationships behind the
 * impersonation button, chosen by the same rules as after the user has loaded. The server
 * still checks membership; a wrong guess costs a few 404s that nothing shows. Queries that
 * hold data already are left alone.
 */
export function prefetchLikelyInstitutions(
  queryClient: QueryClient,
  url: URL,
  { knownRoles, isImpersonating }: StartupGuess,
) {
  const institutionId = knownRoles
    ? selectInitialInstitution({
        roles: knownRoles,
        queryInstitutionId: url.searchParams.get('institutionId'),
        storedInstitutionId: readStoredInstitutionId(),
      })
    : likelyInstitutionId(url);
  if (!institutionId) return;
  for (const id of knownRoles ? institutionIdsOf(knownRoles) : [institutionId]) {
    void queryClient.ensureQueryData(institutionQueryOptions(id)).catch(ignore);
  }
  void queryClient.ensureQueryData(trustedCompanyQueryOptions(institutionId)).catch(ignore);
  void queryClient.ensureQueryData(tilesQueryOptions(institutionId)).catch(ignore);
  if (url.pathname === '/dashboard' || url.pathname === '/') {
    void queryClient.ensureQueryData(ordersQueryOptions(institutionId)).catch(ignore);
    void queryClient.ensureQueryData(documentMetadataQueryOptions(institutionId)).catch(ignore);
  }
  const role = knownRoles?.find((entry) => entry.institutionId === institutionId)?.role;
  if (!isImpersonating && mayAskForRelationships(role ?? null)) {
    void queryClient.ensureQueryData(relationshipsQueryOptions(institutionId)).catch(ignore);
  }
}

/**
 * Once the user is known, what the signed-in layout asks for on its first render and the
 * guess missed starts at once rather than after that render: every institution of the user
 * (the switcher), and the relationships behind the impersonation button (admins and support
 * of the institution the selection will pick, by the same rule as the selection). The health
 * check is left to the shell: nothing on the first view waits for it.
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
