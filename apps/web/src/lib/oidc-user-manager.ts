import type { PublicConfig } from '@portal/contract';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import {
  oidcAuthority,
  SIGNIN_CALLBACK_PATH,
  SIGNIN_POPUP_CALLBACK_PATH,
  USER_STORE_PREFIX,
} from './oidc';

/**
 * The oidc-client-ts UserManager (authorization code + PKCE S256, which oidc-client-ts always
 * uses for `response_type: 'code'`). Loaded lazily: a page load with a valid stored token does
 * not need the library at all (see `createSession`).
 */
export function createUserManager(
  config: Pick<PublicConfig, 'authUrl' | 'realm' | 'clientId'>,
  origin: string = window.location.origin,
): UserManager {
  return new UserManager({
    authority: oidcAuthority(config),
    client_id: config.clientId,
    redirect_uri: `${origin}${SIGNIN_CALLBACK_PATH}`,
    // Signing in again with unsaved input on the page (Session.signInAgain): a window of its own.
    popup_redirect_uri: `${origin}${SIGNIN_POPUP_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    loadUserInfo: false,
    monitorSession: false,
    automaticSilentRenew: false,
    // Spec section 9: the login callback state is kept for one hour.
    staleStateAgeInSeconds: 3600,
    // localStorage: other tabs see the user, and notice when it is removed.
    userStore: new WebStorageStateStore({ prefix: USER_STORE_PREFIX, store: window.localStorage }),
  });
}
