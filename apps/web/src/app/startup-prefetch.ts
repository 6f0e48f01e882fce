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
import { institutionSummariesQueryOptions } from '../features/institutions/api/list-institutions';
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

type Roles = readonly Pick<InstitutionUserRole, 'institutionId' | 'role'>[];

/** One query the first view needs, started (or found in the cache) by `ensureQueryData`. */
type Load = (queryClient: QueryClient) => Promise<unknown>;

/**
 * Starts what the signed-in layout's first render shows together with the current user's
 * requests, instead of one round trip after them: the likely institution's shell data
 * (institution, tiles for the sidebar, co-branding) and, on the dashboard, its orders and
 * document counts. With the roles the last load answered for the same subject, also the list
 * of the user's institutions (switcher and sidebar) and the relationships behind the
 * impersonation button, chosen by the same rules as after the user has loaded. The server
 * still checks membership; a wrong guess costs a few 404s that nothing shows. Queries that
 * hold data already are left alone. What the first paint needs goes out first: over HTTP/1.1
 * the browser sends six requests at a time.
 */
export function prefetchLikelyInstitutions(
  queryClient: QueryClient,
  url: URL,
  { knownRoles, isImpersonating }: StartupGuess,
) {
  const institutionId = knownRoles ? selectionOf(knownRoles, url) : likelyInstitutionId(url);
  if (!institutionId) return;
  for (const load of firstPaintLoads(institutionId, url.pathname)) {
    void load(queryClient).catch(ignore);
  }
  if (knownRoles) prefetchInstitutionsOf(queryClient, knownRoles, url, isImpersonating);
}

/** How long the first render waits for the first paint's data before it shows loading states. */
export const FIRST_PAINT_DATA_WAIT_MS = 3_000;

/**
 * Waits (at most `wait` ms) until the data the page's first paint shows for the institution
 * the selection will pick has loaded or failed: the shell's (with the relationships behind the
 * impersonation button, for admins and support) and the page's own (dashboard, Mein Konto,
 * Kundencenter, document lists; see page-loads.ts). Rendered
 * before, the page showed loading states first and then moved under the reader (the
 * institution's name, the tiles, the footer pushed down: a layout shift). Mostly the answers
 * are there already: they left with the user's requests.
 */
export async function waitForFirstPaintData(
  queryClient: QueryClient,
  user: User,
  url: URL,
  {
    isImpersonating,
    withPageData = true,
    wait = FIRST_PAINT_DATA_WAIT_MS,
  }: {
    isImpersonating: boolean;
    /** Whether to wait for the page's own data too (page-loads.ts): on the app's first view. */
    withPageData?: boolean;
    wait?: number;
  },
): Promise<void> {
  const roles = user.institutionUserRoles;
  const institutionId = selectionOf(roles, url);
  if (!institutionId) return;
  const relationships = relationshipsLoad(roles, institutionId, isImpersonating);
  const page = withPageData ? pageLoad(url, institutionId, user) : null;
  const loads = [
    ...firstPaintLoads(institutionId, url.pathname),
    ...(relationships ? [relationships] : []),
    ...(page ? [page] : []),
  ];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, wait);
  });
  await Promise.race([Promise.all(loads.map((load) => load(queryClient).catch(ignore))), timeout]);
  clearTimeout(timer);
}

/**
 * Pages whose first view shows data of their own besides the dashboard: the keys of
 * `PAGE_LOADS` (page-loads.ts), spelt out here so that its code stays out of the first load.
 */
export const PAGES_WITH_DATA: ReadonlySet<string> = new Set([
  '/account',
  '/customer-overview',
  '/document',
]);

/** The page's own first-view data; the code that knows it is not part of the first load's JavaScript. */
const pageLoad = (url: URL, institutionId: string, user: User): Load | null =>
  PAGES_WITH_DATA.has(url.pathname)
    ? async (queryClient) =>
        (await import('./page-loads')).PAGE_LOADS[url.pathname]?.(
          queryClient,
          url,
          institutionId,
          user.id,
        )
    : null;

/**
 * The first paint's queries for an institution, in the order they should leave (over HTTP/1.1
 * six at a time): the shell's (institution, tiles for the sidebar, co-branding) and, on the
 * dashboard, its orders and document counts. `ensureQueryData`: only what the cache lacks.
 */
function firstPaintLoads(institutionId: string, pathname: string): Load[] {
  const loads: Load[] = [
    (queryClient) => queryClient.ensureQueryData(institutionQueryOptions(institutionId)),
    (queryClient) => queryClient.ensureQueryData(tilesQueryOptions(institutionId)),
    (queryClient) => queryClient.ensureQueryData(trustedCompanyQueryOptions(institutionId)),
  ];
  if (pathname === '/dashboard' || pathname === '/') {
    loads.push(
      (queryClient) => queryClient.ensureQueryData(ordersQueryOptions(institutionId)),
      (queryClient) => queryClient.ensureQueryData(documentMetadataQueryOptions(institutionId)),
    );
  }
  return loads;
}

/**
 * Once the user is known, what the signed-in layout asks for on its first render and the
 * guess missed starts at once rather than after that render. The health check is left to the
 * shell: nothing on the first view waits for it.
 */
export function prefetchForUser(
  queryClient: QueryClient,
  user: User,
  url: URL,
  isImpersonating: boolean,
) {
  prefetchInstitutionsOf(queryClient, user.institutionUserRoles, url, isImpersonating);
}

/** The institution the selection will pick from these roles for this URL. */
const selectionOf = (roles: Roles, url: URL) =>
  selectInitialInstitution({
    roles,
    queryInstitutionId: url.searchParams.get('institutionId'),
    storedInstitutionId: readStoredInstitutionId(),
  });

/**
 * The institutions of these roles (the switcher's list, in one request, when there is a
 * choice), the one the selection will pick, and the relationships behind the impersonation
 * button: asked for by admins and support of that institution, by the same rule as the
 * selection, never while impersonating. Not each institution whole: for a support user of 300
 * practices that had been 300 requests on every page load.
 */
function prefetchInstitutionsOf(
  queryClient: QueryClient,
  roles: Roles,
  url: URL,
  isImpersonating: boolean,
) {
  const ids = institutionIdsOf(roles);
  if (ids.length > 1) {
    void queryClient.ensureQueryData(institutionSummariesQueryOptions(ids)).catch(ignore);
  }
  const selected = selectionOf(roles, url);
  if (selected) {
    void queryClient.ensureQueryData(institutionQueryOptions(selected)).catch(ignore);
  }
  const relationships = selected && relationshipsLoad(roles, selected, isImpersonating);
  if (relationships) void relationships(queryClient).catch(ignore);
}

/** The relationships of `institutionId`, when the role there may ask for them (not impersonating). */
function relationshipsLoad(
  roles: Roles,
  institutionId: string,
  isImpersonating: boolean,
): Load | null {
  const role = roles.find((entry) => entry.institutionId === institutionId)?.role ?? null;
  if (isImpersonating || !mayAskForRelationships(role)) return null;
  return (queryClient) => queryClient.ensureQueryData(relationshipsQueryOptions(institutionId));
}

/** ensureQueryData: fetches only what the cache does not hold; an error stays in its query. */
const ignore = () => undefined;
