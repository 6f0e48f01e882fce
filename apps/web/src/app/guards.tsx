import type { LoaderFunctionArgs } from 'react-router';
import { Navigate, Outlet, redirect } from 'react-router';
import { currentUserQueryOptions, isRestrictedUserError } from '../features/user/api/current-user';
import { isAdmin } from '../features/user/model/user';
import { tokenHasRoles } from '../lib/jwt';
import { useAppContext } from './app-context';
import { PageLoader } from './root-layout';
import type { AppServices } from './services';

/** What the root guard found: the app may open, the user is restricted, or loading failed. */
export type GuardResult = { status: 'ready' } | { status: 'restricted' } | { status: 'error' };

/** Resolves never: used while the browser leaves for the sign-in page. */
const leavingPage = () => new Promise<never>(() => {});

/** The account role every route of the portal requires (`handle.roles`). */
export const CLIENT_ROLES = ['client'] as const;

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
    try {
      await queryClient.ensureQueryData(currentUserQueryOptions());
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

/** Institution page: admins of the current institution only; others go to /dashboard. */
export function RequireInstitutionAdmin() {
  const { user, currentInstitutionId } = useAppContext();
  if (!isAdmin(user, currentInstitutionId)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** Tile editor: admin of a trusted current institution; others go to /dashboard. */
export function RequireTileEditor() {
  const { user, currentInstitutionId, currentInstitution, isLoadingCurrentInstitution } =
    useAppContext();
  if (!isAdmin(user, currentInstitutionId)) return <Navigate to="/dashboard" replace />;
  if (!currentInstitution) {
    return isLoadingCurrentInstitution ? <PageLoader /> : <Navigate to="/dashboard" replace />;
  }
  if (!currentInstitution.trusted) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
