import './app/styles';
import type { PublicConfig } from '@portal/contract';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter, isPublicPath } from './app/router';
import { StartupError } from './app/startup-error';
import { postEndImpersonation } from './features/impersonation/api/impersonation-api';
import { forgetInstitutionRoles } from './features/institutions/model/known-roles';
import { postLogout } from './features/user/api/logout';
import { setAccessTokenProvider } from './lib/api-client';
import {
  dropEarlyAnswers,
  forgetEarlyRequests,
  recordStart,
  saveStart,
} from './lib/early-requests';
import { clearImpersonation } from './lib/impersonation-tokens';
import {
  createSession,
  oidcAuthority,
  SIGNIN_POPUP_CALLBACK_PATH,
  type SignInState,
  userStorageKey,
} from './lib/oidc';
import { fetchPublicConfig } from './lib/public-config';
import { createQueryClient } from './lib/query-client';
import { readSignInHint } from './lib/sign-in-hint';
import { retryFailedStylesheets, watchFailedStylesheets } from './lib/stylesheet-retry';
import { hasUnsavedInput } from './lib/unsaved-input';

/** Resolves once the router has run the first route's loaders (or failed them). */
function routerInitialized(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** public/browser-check.js sends Internet Explorer away; never start the app meanwhile. */
const isInternetExplorer = () => /MSIE |Trident\//.test(window.navigator.userAgent);

async function bootstrap() {
  if (isInternetExplorer()) return;
  const root = createRoot(document.getElementById('root')!);
  // The page as index.html's early-requests script sees it (before the router redirects).
  const page = `${window.location.pathname}${window.location.search}`;
  let config: PublicConfig;
  try {
    // Runtime configuration first (no token): it says where the identity provider is.
    config = await fetchPublicConfig();
  } catch {
    root.render(<StartupError />);
    return;
  }
  // oidc-client-ts loads on first need (sign-in, renewal, logout), never with a first view.
  const loadUserManager = () =>
    import('./lib/oidc-user-manager').then((module) => module.createUserManager(config));
  if (window.location.pathname === SIGNIN_POPUP_CALLBACK_PATH) {
    // The window a page opened to sign in again (Session.signInAgain): hand the answer to that
    // page, which closes this window; opened any other way, go to the portal.
    try {
      await (await loadUserManager()).signinPopupCallback();
    } catch {
      window.location.replace('/');
    }
    return;
  }
  // "Zur Anmeldung" after setting a password names the person (?login_hint=): whoever else is
  // signed in in this browser is signed out here, and the sign-in asks for the password.
  const hint = readSignInHint(window.location, window.localStorage.getItem(userStorageKey(config)));
  if (hint.kind === 'same') window.history.replaceState(null, '', hint.cleanUrl);
  if (hint.kind === 'other') {
    window.localStorage.removeItem(userStorageKey(config));
    clearImpersonation(window.localStorage);
    forgetInstitutionRoles();
    forgetEarlyRequests();
    try {
      await (await loadUserManager()).signinRedirect({
        state: { returnTo: '/' } satisfies SignInState,
        login_hint: hint.email,
        prompt: 'login',
      });
    } catch {
      root.render(<StartupError />);
    }
    return;
  }
  const session = createSession(loadUserManager, {
    storageKey: userStorageKey(config),
    // Signing out ends the session at the API and forgets the remembered institution roles.
    logoutRequest: () => {
      forgetInstitutionRoles();
      forgetEarlyRequests();
      return postLogout();
    },
    isPublicPath,
    hasUnsavedInput,
    tokenEndpoint: `${oidcAuthority(config)}/protocol/openid-connect/token`,
    clientId: config.clientId,
    endImpersonationRequest: postEndImpersonation,
    // Impersonation started, ended or ran out (here or in another tab): reload as that user.
    onImpersonationChanged: () => window.location.assign('/dashboard'),
  });
  setAccessTokenProvider(
    () => session.getValidAccessToken(),
    (rejected) => session.renewAccessToken(rejected),
  );
  session.watchOtherTabs();
  const queryClient = createQueryClient();
  // The first view's requests are written down for the next load of the page, which sends them
  // before the app has loaded (lib/early-requests.ts).
  recordStart();
  const router = createAppRouter({ session, queryClient });
  // A lazy page's stylesheet that failed offline is loaded again (online, or the next page).
  watchFailedStylesheets();
  router.subscribe(() => retryFailedStylesheets());
  // The first render waits for the first route's loaders (the signed-in user, the likely
  // institution's data): index.html shows "Wird geladen …" meanwhile, as the loader page would.
  // Rendering that page first cost a full render of the providers (a ~120 ms task on a phone)
  // just when the answers arrived, and a second one of the whole shell after it.
  await routerInitialized(router);
  // Kept for the page the load started on and the one the router settled on (`/` shows the
  // dashboard; sign-in returns to the page asked for), never for a public page (the sign-in's
  // return address carries a one-time code).
  const settled = `${window.location.pathname}${window.location.search}`;
  const pages = [...new Set([page, settled])].filter((each) => !isPublicPath(each.split('?')[0]!));
  saveStart(pages, userStorageKey(config));
  dropEarlyAnswers();
  // As a transition, React renders in slices and lets the browser in between (no long task).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders services={{ session, queryClient, config }}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

void bootstrap();
