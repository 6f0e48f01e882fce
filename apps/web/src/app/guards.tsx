import type { ReactNode } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { Navigate, redirect, useMatches } from 'react-router';
import {
  recallInstitutionRoles,
  rememberInstitutionRoles,
} from '../features/institutions/model/known-roles';
import { currentUserQueryOptions, isRestrictedUserError } from '../features/user/api/current-user';
import { tokenHasRoles, tokenSubject } from '../lib/jwt';
import { useAppContext } from './app-context';
import { CLIENT_ROLES, requiredPermission } from './model/route-handle';
import { PageLoader } from './page-loader';
import type { AppServices } from './services';
import {
  prefetchForUser,
  prefetchLikelyInstitutions,
  waitForFirstPaintData,
} from './startup-prefetch';

export { CLIENT_ROLES };

/** What the root guard found: the app may open, the user is restricted, or loading failed. */
export type GuardResult = { status: 'ready' } | { status: 'restricted' } | { status: 'error' };

/** Resolves never: used while the browser leaves for the sign-in page. */
const leavingPage = () => new Promise<never>(() => {});

/**
 * The root guard, as the loader of the signed-in layout. Not signed in: sign-in, back to the
 * requested URL afterwards. Signed in: loads the current user once (ensureBackendUserExists,
 * then GET /api/user/current) and waits for it; 403 or a token without the route's roles means
 * restricted, other failures deny with an error state.
 */
export function createRootGuardLoader({
  session,
  queryClient,
}: Pick<AppServices, 'session' | 'queryClient'>) {
  // The app's first view waits for the page's own data as well; later runs of this loader (a
  // changed search, say a document type tab) do not hold the previous page for it.
  let isFirstView = true;
  return async ({ request }: LoaderFunctionArgs): Promise<GuardResult> => {
    const url = new URL(request.url);
    const requested = `${url.pathname}${url.search}${url.hash}`;
    let token: string | null = null;
    try {
      token = await session.getValidAccessToken();
    } catch {
      // A failed renewal has started a new sign-in already.
      return leavingPage();
    }
    if (!token) {
      await session.signIn(requested);
      return leavingPage();
    }
    if (tokenHasRoles(token, CLIENT_ROLES) === false) return { status: 'restricted' };
    const subject = tokenSubject(token);
    const isImpersonating = session.isImpersonating();
    // The user's requests first (this loader waits for them), then the guessed ones.
    const userLoad = queryClient.ensureQueryData(currentUserQueryOptions());
    prefetchLikelyInstitutions(queryClient, url, {
      knownRoles: recallInstitutionRoles(subject),
      isImpersonating,
    });
    try {
      const user = await userLoad;
      prefetchForUser(queryClient, user, url, isImpersonating);
      if (subject) rememberInstitutionRoles(subject, user.institutionUserRoles);
      // The page opens with its data, not with loading states that then move it.
      await waitForFirstPaintData(queryClient, user, url, {
        isImpersonating,
        withPageData: isFirstView,
      });
      isFirstView = false;
      return { status: 'ready' };
    } catch (error) {
      return isRestrictedUserError(error) ? { status: 'restricted' } : { status: 'error' };
    }
  };
}

/** The sign-in callback: completes the code flow and continues at the requested URL. */
export function createSigninCallbackLoader({ session }: Pick<AppServices, 'session'>) {
  return async ({ request }: LoaderFunctionArgs) => {
    try {
      return redirect(await session.completeSignIn(request.url));
    } catch (error) {
      // A reload of an already used callback URL: the user is signed in, carry on.
      if (await session.getValidAccessToken().catch(() => null)) return redirect('/');
      throw error;
    }
  };
}

/**
 * The one guard for signed-in routes: the innermost `handle.guard` of the matched routes names
 * the permission (see `permissions()`) the user needs in the current institution. Without it:
 * /dashboard. While the current institution still loads, the guard waits instead of deciding.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const guard = requiredPermission(useMatches());
  const { permissions, isLoadingCurrentInstitution } = useAppContext();
  if (!guard || permissions[guard]) return children;
  if (isLoadingCurrentInstitution) return <PageLoader />;
  return <Navigate to="/dashboard" replace />;
}
