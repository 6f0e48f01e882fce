import type { PublicConfig } from '@portal/contract';
import type { User, UserManager } from 'oidc-client-ts';
import {
  clearImpersonation,
  ENDED_EARLY_KEY,
  endsWellAfter,
  followRanOut,
  IdentityChangedElsewhereError,
  IMPERSONATION_INSTITUTION_KEY,
  IMPERSONATION_KEYS,
  IMPERSONATION_START_KEY,
  type ImpersonationClaims,
  type ImpersonationEnd,
  ImpersonationEndedError,
  type ImpersonationStart,
  isImpersonationActive,
  lastImpersonationEnd,
  MIN_VALIDITY_BEFORE_IMPERSONATION_SECONDS,
  markRanOut,
  parseImpersonationStart,
  RAN_OUT_AT_KEY,
  RAN_OUT_NOTICE_KEY,
  ranOutJustNow,
  readImpersonation,
  readImpersonationStart,
  type StoredImpersonation,
  storeImpersonation,
  storeImpersonationStart,
} from './impersonation-tokens';
import { parseStoredUser, type StoredUser } from './stored-user';

/** Why an impersonation ends when its tokens are over (no refresh token, or none usable). */
const RUN_OUT = 'impersonation cannot be renewed';
/** The provider refused the renewal well before the impersonation's end (endsWellAfter). */
const ENDED_EARLY = 'impersonation ended before its time';

/** The token endpoint calls of an impersonation, loaded when one starts or is renewed. */
const tokenEndpointCalls = () => import('./token-endpoint');

/** Renew the access token when fewer than this many seconds of validity are left. */
export const MIN_TOKEN_VALIDITY_SECONDS = 20;

/** The Web Lock held while the impersonated token is renewed (in any tab). */
export const IMPERSONATION_REFRESH_LOCK = 'portal-impersonation-refresh';

export const USER_STORE_PREFIX = 'oidc.';

/** The page the identity provider sends the browser back to with the authorization code. */
export const SIGNIN_CALLBACK_PATH = '/signin-callback';

/**
 * The page the provider sends the sign-in window back to when a page with unsaved input signs in
 * again (`signInAgain`): main.tsx hands the answer to the page that opened it, nothing else.
 */
export const SIGNIN_POPUP_CALLBACK_PATH = '/signin-popup-callback';

/** State carried through the sign-in round trip. */
export interface SignInState {
  returnTo: string;
}

export function oidcAuthority(config: Pick<PublicConfig, 'authUrl' | 'realm'>): string {
  return `${config.authUrl.replace(/\/+$/, '')}/realms/${config.realm}`;
}

/** The localStorage key oidc-client-ts keeps the signed-in user under. */
export function userStorageKey(config: Pick<PublicConfig, 'authUrl' | 'realm' | 'clientId'>) {
  return `${USER_STORE_PREFIX}user:${oidcAuthority(config)}:${config.clientId}`;
}

/** The part of oidc-client-ts' UserManager the session uses (tests pass a stub). */
export type SessionUserManager = Pick<
  UserManager,
  | 'getUser'
  | 'signinSilent'
  | 'signinPopup'
  | 'signinRedirect'
  | 'signinCallback'
  | 'removeUser'
  | 'signoutRedirect'
>;

export interface SessionOptions {
  /** localStorage key of the stored user (see `userStorageKey`). */
  storageKey: string;
  /** Where oidc-client-ts keeps the user: localStorage unless given. */
  storage?: Storage;
  /** Ends the session at the API (POST /api/user/logout); failures are ignored. */
  logoutRequest?: () => Promise<unknown>;
  /** Pages that need no sign-in: a sign-out elsewhere does not send them to the sign-in page. */
  isPublicPath?: (pathname: string) => boolean;
  /**
   * Whether the page holds input not saved yet (a LeaveGuard is dirty): then a session that is
   * over keeps the page and waits for `signInAgain` instead of leaving for the sign-in page.
   */
  hasUnsavedInput?: () => boolean;
  /** Cross-tab lock so that only one tab uses a (rotating) refresh token at a time. */
  locks?: Pick<LockManager, 'request'> | null;
  /** The current location as path + query + hash. */
  currentUrl?: () => string;
  /** Seconds since the epoch (tests fix it). */
  now?: () => number;
  /** The provider's token endpoint (token exchange and refresh of impersonated tokens). */
  tokenEndpoint?: string;
  /** The OIDC client id sent with the token exchange. */
  clientId?: string;
  /** Records the end of an impersonation at the API (POST /api/impersonation/end). */
  endImpersonationRequest?: () => Promise<unknown>;
  /** An impersonation started or ended in another tab, or ran out: reload as the right user. */
  onImpersonationChanged?: () => void;
  fetch?: typeof fetch;
}

export interface Session {
  /**
   * An access token valid for at least 20 s, renewed through the refresh token when needed;
   * null when nobody is signed in. A failed renewal signs out and starts a new sign-in.
   * While impersonated tokens are stored it is always the impersonated one: when that cannot be
   * renewed, the impersonation ends (back to the own user) and this rejects with
   * ImpersonationEndedError, never answering the own token instead.
   */
  getValidAccessToken(): Promise<string | null>;
  /**
   * The API refused `rejected` (401): renews once (unless another tab already did) and answers
   * the new token. A failed renewal signs out, starts a new sign-in and rejects; a failed
   * renewal of the impersonated token ends the impersonation and rejects.
   */
  renewAccessToken(rejected: string): Promise<string>;
  /**
   * Renews the access token now, whatever its validity (e.g. after the account's roles
   * changed), and answers the new token; null when nobody is signed in.
   */
  renewNow(): Promise<string | null>;
  /** Redirects to the sign-in page; afterwards the app returns to `returnTo`. */
  signIn(returnTo?: string): Promise<void>;
  /** Completes the sign-in on /signin-callback and answers the URL to continue with. */
  completeSignIn(url?: string): Promise<string>;
  /** Abmelden: ends the API session, then the provider session (no confirmation page). */
  logout(): Promise<void>;
  /**
   * Signs this tab out when another tab removes the stored user, and follows an impersonation
   * started or ended in another tab; either way this page sends no request until it has
   * reloaded. Returns the unsubscribe.
   */
  watchOtherTabs(): () => void;
  /**
   * Whether this page belongs to a sign-in that is no longer the stored one (an impersonation
   * ended or started, or the own session ended in another tab) and so sends nothing until it
   * has reloaded; `subscribeStale` tells when that happens (for useSyncExternalStore).
   */
  isStale(): boolean;
  subscribeStale(listener: () => void): () => void;
  /**
   * The session is over (or ended in another tab) while the page held unsaved input: the page
   * stayed, sends nothing, and offers `signInAgain`. Changes are told through `subscribeStale`.
   */
  isWaitingForSignIn(): boolean;
  /**
   * Signs in again in a window of its own (call it from a click), keeping this page and its
   * input. The same person carries on; anybody else makes the page stale (it must reload).
   */
  signInAgain(): Promise<void>;
  /** Whether impersonated tokens are stored and carry an impersonator other than the subject. */
  isImpersonating(): boolean;
  /**
   * Token exchange (RFC 8693) for `requestedSubject`: ensures the own token is valid for 5 s
   * or more, stores the impersonated tokens under their own keys. Answers false (no-op) while an
   * impersonation is active. Throws ImpersonationRefusedError / ImpersonationFailedError.
   */
  impersonate(requestedSubject: string, claims: ImpersonationClaims): Promise<boolean>;
  /** Eigener User: records the end at the API, drops the impersonated tokens (no new sign-in). */
  endImpersonation(): Promise<void>;
  /**
   * The impersonation ran out while the page held unsaved input (here, or in another tab while
   * this one held it): the page stayed (no reload), sends nothing, and offers
   * `resumeImpersonation`. Told through `subscribeStale`.
   */
  isImpersonationResumable(): boolean;
  /**
   * How the impersonation that ran out last (here or in another tab) ended: its time was over,
   * or the provider refused its renewal well before (access withdrawn).
   */
  lastImpersonationEnd(): ImpersonationEnd;
  /**
   * Starts the impersonation that ran out again (the same user, the same institutions) and lets
   * the page carry on with its input. Throws ImpersonationRefusedError / ImpersonationFailedError
   * (the page stays resumable); another impersonation started meanwhile elsewhere makes the page
   * stale (it must reload).
   */
  resumeImpersonation(): Promise<void>;
}

/** An impersonation that ran out, as the page may start it again: whom, for which institutions. */
type ResumableImpersonation = ImpersonationStart & { institutionId: string | null };

/** Two starts of one impersonation: the same user, the same institutions. */
const isSameImpersonation = (a: ImpersonationStart | null, b: ImpersonationStart) =>
  a !== null &&
  a.subject === b.subject &&
  JSON.stringify([a.claims.owner, a.claims.contractor]) ===
    JSON.stringify([b.claims.owner, b.claims.contractor]);

/** Seconds of validity left of a token expiring at `expiresAt` (seconds since the epoch). */
export const secondsLeft = (expiresAt: number | undefined, now: number) =>
  expiresAt === undefined ? Number.POSITIVE_INFINITY : expiresAt - now;

/** Whether a token with `secondsLeft` may be used without renewing it first. */
export const isValidLongEnough = (remaining: number) => remaining >= MIN_TOKEN_VALIDITY_SECONDS;

const hasEnoughValidity = (user: User) =>
  !user.expired && isValidLongEnough(user.expires_in ?? Number.POSITIVE_INFINITY);

const defaultCurrentUrl = () =>
  `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Only same-origin paths are accepted as return targets (no open redirect). */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return '/';
  if (value.startsWith(SIGNIN_CALLBACK_PATH)) return '/';
  return value;
}

/** Nothing to renew with: no stored sign-in, or the renewal gave none. */
class SessionOverError extends Error {
  constructor(options?: ErrorOptions) {
    super('Failed to refresh token', options);
    this.name = 'SessionOverError';
  }
}

/**
 * Whether a failed renewal means the session is over (spec §8: "token refresh failing with 400
 * clears the token"): the provider refused it with an OAuth error (oidc-client-ts's
 * ErrorResponse: invalid_grant once the session has ended, a revoked or reused token), or there
 * was nothing to renew with. Anything else (no connection, a time-out, a server error without an
 * OAuth answer) is not the end of the session.
 */
export function isSessionOver(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'ErrorResponse' || error.name === 'SessionOverError')
  );
}

/**
 * Whether a request failed because the session handed out no token and so never sent it (the
 * page is stale, or waits for a new sign-in): not an answer of the server, nor its absence.
 */
export function isHeldBackBySession(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'SessionOverError' ||
      error.name === 'IdentityChangedElsewhereError' ||
      error.name === 'ImpersonationEndedError')
  );
}

/**
 * The sign-in session. `loadUserManager` creates oidc-client-ts' UserManager on first use:
 * while the stored access token is valid for 20 s or more, the library is not needed, which
 * keeps it out of the first load of the dashboard.
 */
export function createSession(
  loadUserManager: () => Promise<SessionUserManager>,
  options: SessionOptions,
): Session {
  const storage = options.storage ?? window.localStorage;
  const currentUrl = options.currentUrl ?? defaultCurrentUrl;
  const now = options.now ?? (() => Date.now() / 1000);
  const locks =
    options.locks === undefined
      ? typeof navigator !== 'undefined' && 'locks' in navigator
        ? navigator.locks
        : null
      : options.locks;
  let managerPromise: Promise<SessionUserManager> | null = null;
  let refreshing: Promise<string> | null = null;
  let redirecting = false;
  // A page that is impersonating loads the renewal at once, not when its token runs short.
  if (readImpersonation(storage)) void tokenEndpointCalls().catch(() => undefined);

  const manager = () => {
    managerPromise ??= loadUserManager().catch((error: unknown) => {
      managerPromise = null;
      throw error;
    });
    return managerPromise;
  };

  function readStoredUser(): StoredUser | null {
    return parseStoredUser(storage.getItem(options.storageKey));
  }

  async function signIn(returnTo: string = currentUrl()) {
    if (redirecting) return;
    redirecting = true;
    const state: SignInState = { returnTo: safeReturnTo(returnTo) };
    try {
      await (await manager()).signinRedirect({ state });
    } catch (error) {
      redirecting = false;
      throw error;
    }
  }

  /**
   * Who this page was signed in as when its session ended with unsaved input on it: only the
   * same person may carry on after `signInAgain`. Null while the page is not waiting.
   */
  let waitingForSignInAs: string | null = null;

  /** `subject`: whom the page was signed in as (the stored user's, unless already removed). */
  async function signOutAndSignIn(subject: unknown = readStoredUser()?.profile?.sub) {
    clearImpersonation(storage);
    try {
      await (await manager()).removeUser();
    } catch {
      storage.removeItem(options.storageKey);
    }
    if (options.hasUnsavedInput?.()) {
      // Leaving for the sign-in page would lose the input (or ask in the browser's own words).
      waitingForSignInAs = typeof subject === 'string' ? subject : '';
      notifyStale();
      return;
    }
    await signIn();
  }

  async function renew(rejected?: string): Promise<string> {
    const userManager = await manager();
    // Another tab may have renewed while this one waited for the lock: use its token then.
    const stored = await userManager.getUser();
    if (!stored) throw new SessionOverError();
    if (hasEnoughValidity(stored) && stored.access_token !== rejected) return stored.access_token;
    const renewed = await userManager.signinSilent();
    if (!renewed) throw new SessionOverError();
    return renewed.access_token;
  }

  function refresh(rejected?: string): Promise<string> {
    refreshing ??= (async () => {
      try {
        return locks
          ? await locks.request('portal-token-refresh', () => renew(rejected))
          : await renew(rejected);
      } catch (error) {
        // Only a session that is over signs out (in every tab, through the shared storage): a
        // network failure or a provider that did not answer properly fails this request alone,
        // and the next one tries again. Signing out there had thrown away every tab's unsaved
        // input for a moment without a connection.
        if (isSessionOver(error)) {
          await signOutAndSignIn().catch(() => undefined);
          // Held back like every later request of this page (isHeldBackBySession): the first
          // one to meet the ended session is no failure of the server either. Its load had
          // shown 'Keine Verbindung zum Server' and the institution's load error beside the
          // notice of the ended session, after a night with the tab open.
          throw error instanceof SessionOverError ? error : new SessionOverError({ cause: error });
        }
        throw error instanceof Error ? error : new Error('Failed to refresh token');
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  let refreshingImpersonation: Promise<string> | null = null;
  const fetchImpl = (...args: Parameters<typeof fetch>) => (options.fetch ?? fetch)(...args);
  /**
   * This page belongs to an impersonation that has ended (it could not be renewed, or another
   * tab ended it) and is reloading as the own user: until then it sends no request at all, so
   * nothing meant for the customer goes out with the support user's own token.
   */
  let impersonationEnded = false;
  /**
   * Another tab started an impersonation, or signed out (and so may sign in as somebody else),
   * while this page was loaded for the own user: until it has reloaded it sends no request, so
   * nothing the page shows as the own user's goes out with the customer's or another's token.
   */
  let identityChangedElsewhere = false;
  const staleListeners = new Set<() => void>();
  const notifyStale = () => {
    for (const listener of staleListeners) listener();
  };
  const becomeStale = (reason: 'impersonation ended' | 'identity changed elsewhere') => {
    if (reason === 'impersonation ended') impersonationEnded = true;
    else identityChangedElsewhere = true;
    notifyStale();
  };
  const refuseWhenStale = () => {
    if (waitingForSignInAs !== null) throw new SessionOverError();
    if (identityChangedElsewhere) throw new IdentityChangedElsewhereError();
    if (impersonationEnded) throw new ImpersonationEndedError();
  };
  /** Impersonated tokens this page has used: a 401 on one of them never renews the own token. */
  const impersonatedTokens = new Set<string>();
  const handOut = (token: string) => {
    impersonatedTokens.add(token);
    return token;
  };

  /** The impersonation this page may start again (it ran out while the page held input). */
  let resumable: ResumableImpersonation | null = null;
  /**
   * What the impersonation that another tab is ending acted as: its start and institution, taken
   * from their removal (clearImpersonation removes them before the access token, the key this
   * tab reacts to). Each is reset when another tab stores a new one.
   */
  const endingElsewhere: { start: ImpersonationStart | null; institutionId: string | null } = {
    start: null,
    institutionId: null,
  };
  /** The page holds input and the impersonation ran out a moment ago (in this tab or another). */
  const keepsInputAfterRunOut = () =>
    (options.hasUnsavedInput?.() ?? false) && ranOutJustNow(storage);

  /**
   * An impersonation that cannot be renewed ends: back to the own user (reload). `ranOut` when
   * its time is over (no refresh token left, or the provider refused the renewal): the reloaded
   * page says so, and how (`end`: a refusal well before its end ended it early); not when
   * another tab ended it (Eigener User). A provider that could not be asked ends nothing (see
   * refreshImpersonation).
   */
  function endRunOutImpersonation(ranOut: boolean, end: ImpersonationEnd = 'ran-out') {
    // With unsaved input the page stays and may start the same impersonation again: a reload
    // would lose the input (the browser's own question at best), and staying without a way on
    // left input that no Speichern could save.
    if (ranOut) {
      const start = options.hasUnsavedInput?.() ? readImpersonationStart(storage) : null;
      resumable = start && {
        ...start,
        institutionId: storage.getItem(IMPERSONATION_INSTITUTION_KEY),
      };
    }
    becomeStale('impersonation ended');
    if (ranOut) markRanOut(storage, end);
    clearImpersonation(storage);
    // Found ended after another tab found it run out (both renewed at once): that tab's removal
    // tells this page what to resume (watchOtherTabs), if it has not already.
    if (!resumable && !keepsInputAfterRunOut()) options.onImpersonationChanged?.();
  }

  async function exchange(requestedSubject: string, claims: ImpersonationClaims) {
    const { ImpersonationFailedError, postTokenForm, tokenExchangeForm } =
      await tokenEndpointCalls();
    if (!options.tokenEndpoint || !options.clientId) {
      throw new ImpersonationFailedError('token endpoint not configured');
    }
    const subjectToken = await ownAccessToken(MIN_VALIDITY_BEFORE_IMPERSONATION_SECONDS);
    if (!subjectToken) throw new ImpersonationFailedError('not signed in');
    const form = tokenExchangeForm({
      clientId: options.clientId,
      subjectToken,
      requestedSubject,
      claims,
    });
    return postTokenForm(fetchImpl, options.tokenEndpoint, form, now());
  }

  /** Holds the lock: the stored impersonated token when still usable, else a renewed one. */
  async function renewImpersonation(rejected?: string): Promise<string> {
    // Another tab may have renewed (or ended) the impersonation while this one waited.
    const stored = readImpersonation(storage);
    if (!stored) throw new ImpersonationEndedError();
    if (
      stored.accessToken !== rejected &&
      isValidLongEnough(secondsLeft(stored.expiresAt, now()))
    ) {
      return stored.accessToken;
    }
    if (!stored.refreshToken || !options.tokenEndpoint || !options.clientId) {
      throw new ImpersonationEndedError(RUN_OUT);
    }
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: stored.refreshToken,
      client_id: options.clientId,
    });
    const { postTokenForm } = await tokenEndpointCalls();
    let renewed: StoredImpersonation;
    try {
      renewed = await postTokenForm(fetchImpl, options.tokenEndpoint, form, now());
    } catch (error) {
      // Refused (by name: its class lives in the lazily loaded token-endpoint module): the
      // impersonation is over; before its time when its end is still well ahead. Ended by
      // Eigener User meanwhile (whose revocation the provider refused it for): not run out.
      if (error instanceof Error && error.name === 'ImpersonationRefusedError') {
        if (readImpersonation(storage)?.refreshToken !== stored.refreshToken) {
          throw new ImpersonationEndedError();
        }
        throw new ImpersonationEndedError(
          endsWellAfter(stored.endsAt, now()) ? ENDED_EARLY : RUN_OUT,
        );
      }
      throw error;
    }
    // Eigener User (another tab, or this one) meanwhile: the ended impersonation stays ended.
    if (readImpersonation(storage)?.refreshToken !== stored.refreshToken) {
      throw new ImpersonationEndedError();
    }
    storeImpersonation(storage, {
      ...renewed,
      refreshToken: renewed.refreshToken ?? stored.refreshToken,
      endsAt: renewed.endsAt ?? stored.endsAt,
    });
    return renewed.accessToken;
  }

  /**
   * Renews the impersonated token through its refresh token, like the own one: single-flight,
   * and serialised across tabs (refresh tokens rotate; reusing one revokes the impersonation).
   * A renewal the provider refuses (or nothing to renew with) ends the impersonation and
   * rejects: the caller's request is not sent. One that could not reach the provider rejects
   * and keeps the impersonation.
   */
  function refreshImpersonation(rejected?: string): Promise<string> {
    refreshingImpersonation ??= (async () => {
      try {
        return handOut(
          locks
            ? await locks.request(IMPERSONATION_REFRESH_LOCK, () => renewImpersonation(rejected))
            : await renewImpersonation(rejected),
        );
      } catch (error) {
        // Ran out: no refresh token left, or the provider refused (renewImpersonation); early
        // when refused well before its end.
        const endedEarly =
          error instanceof ImpersonationEndedError && error.message === ENDED_EARLY;
        const ranOut =
          endedEarly || (error instanceof ImpersonationEndedError && error.message === RUN_OUT);
        // The provider could not be asked (no connection, a server error): no end of the
        // impersonation, as no end of the own session (refresh): this request fails, the next
        // one renews. Ending it had sent the support user back to their own user, away from
        // the customer's page and its input, for a moment without a connection.
        if (!ranOut && !(error instanceof ImpersonationEndedError)) {
          throw error instanceof Error ? error : new Error('Failed to refresh token');
        }
        endRunOutImpersonation(ranOut, endedEarly ? 'ended-early' : 'ran-out');
        throw error;
      } finally {
        refreshingImpersonation = null;
      }
    })();
    return refreshingImpersonation;
  }

  /** The own access token, valid for at least `minimum` seconds. */
  async function ownAccessToken(minimum: number): Promise<string | null> {
    const stored = readStoredUser();
    if (!stored || typeof stored.access_token !== 'string' || !stored.access_token) return null;
    const expiresAt = typeof stored.expires_at === 'number' ? stored.expires_at : undefined;
    if (secondsLeft(expiresAt, now()) >= minimum) return stored.access_token;
    return refresh();
  }

  return {
    isImpersonating() {
      return isImpersonationActive(storage);
    },

    async impersonate(requestedSubject, claims) {
      if (readImpersonation(storage)) return false;
      const tokens = await exchange(requestedSubject, claims);
      // A second impersonation started meanwhile (another tab): keep that one.
      if (readImpersonation(storage)) return false;
      storeImpersonationStart(storage, { subject: requestedSubject, claims });
      storeImpersonation(storage, tokens);
      return true;
    },

    isImpersonationResumable: () => resumable !== null,

    lastImpersonationEnd: () => lastImpersonationEnd(storage),

    async resumeImpersonation() {
      const start = resumable;
      if (!start || readImpersonation(storage)) {
        // Another tab started an impersonation meanwhile: this page may be anybody's now.
        if (start) {
          resumable = null;
          becomeStale('identity changed elsewhere');
        }
        return;
      }
      const tokens = await exchange(start.subject, start.claims);
      if (resumable !== start) return;
      if (readImpersonation(storage)) {
        resumable = null;
        becomeStale('identity changed elsewhere');
        return;
      }
      storeImpersonationStart(storage, { subject: start.subject, claims: start.claims });
      if (start.institutionId) storage.setItem(IMPERSONATION_INSTITUTION_KEY, start.institutionId);
      storeImpersonation(storage, tokens);
      resumable = null;
      impersonationEnded = false;
      storage.removeItem(RAN_OUT_AT_KEY);
      storage.removeItem(ENDED_EARLY_KEY);
      sessionStorage.removeItem(RAN_OUT_NOTICE_KEY);
      notifyStale();
    },

    async endImpersonation() {
      const stored = readImpersonation(storage);
      if (!stored) return;
      try {
        // Sent while the impersonated tokens are still stored: the API sees the impersonation.
        await options.endImpersonationRequest?.();
      } catch {
        // The tokens are dropped anyway.
      }
      clearImpersonation(storage);
    },

    async getValidAccessToken() {
      refuseWhenStale();
      // While impersonated tokens are stored, no request goes out with the own token.
      const impersonation = readImpersonation(storage);
      if (impersonation) {
        return isValidLongEnough(secondsLeft(impersonation.expiresAt, now()))
          ? handOut(impersonation.accessToken)
          : refreshImpersonation();
      }
      const stored = readStoredUser();
      if (!stored || typeof stored.access_token !== 'string' || !stored.access_token) return null;
      const expiresAt = typeof stored.expires_at === 'number' ? stored.expires_at : undefined;
      if (isValidLongEnough(secondsLeft(expiresAt, now()))) return stored.access_token;
      return refresh();
    },

    async renewAccessToken(rejected) {
      refuseWhenStale();
      if (readImpersonation(storage)) return refreshImpersonation(rejected);
      // The refused token was the customer's, and the impersonation is gone (ended in another
      // tab, this page not yet reloaded): the request is not sent again as the support user.
      if (impersonatedTokens.has(rejected)) {
        endRunOutImpersonation(false);
        throw new ImpersonationEndedError();
      }
      return refresh(rejected);
    },

    async renewNow() {
      if (!readStoredUser()) return null;
      const run = async () => (await (await manager()).signinSilent())?.access_token ?? null;
      return locks ? locks.request('portal-token-refresh', run) : run();
    },

    signIn,

    async completeSignIn(url?: string) {
      const user = await (await manager()).signinCallback(url);
      const state = user?.state as Partial<SignInState> | undefined;
      return safeReturnTo(state?.returnTo);
    },

    async logout() {
      clearImpersonation(storage);
      try {
        await options.logoutRequest?.();
      } catch {
        // The provider session ends below anyway.
      }
      const userManager = await manager();
      const user = await userManager.getUser().catch(() => null);
      // Removes the stored user (other tabs follow) and ends the provider session.
      await userManager.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
    },

    isStale: () => impersonationEnded || identityChangedElsewhere,

    isWaitingForSignIn: () => waitingForSignInAs !== null,

    async signInAgain() {
      const expected = waitingForSignInAs;
      if (expected === null) return;
      const user = await (await manager()).signinPopup();
      if (waitingForSignInAs !== expected) return;
      waitingForSignInAs = null;
      if (!expected || user.profile.sub !== expected) {
        // Somebody else signed in: the page shows the first person's data and input.
        becomeStale('identity changed elsewhere');
        return;
      }
      // The same person again: a sign-out elsewhere no longer stands between the page and them.
      identityChangedElsewhere = false;
      notifyStale();
    },

    subscribeStale(listener) {
      staleListeners.add(listener);
      return () => staleListeners.delete(listener);
    },

    watchOtherTabs() {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== null && event.storageArea !== storage) return;
        if (event.key === IMPERSONATION_START_KEY) {
          endingElsewhere.start =
            event.newValue === null ? parseImpersonationStart(event.oldValue) : null;
        }
        if (event.key === IMPERSONATION_INSTITUTION_KEY) {
          endingElsewhere.institutionId = event.newValue === null ? event.oldValue : null;
        }
        // An impersonation started or ended in another tab: this tab follows it.
        if (
          event.key === IMPERSONATION_KEYS.accessToken &&
          (event.oldValue === null) !== (event.newValue === null)
        ) {
          // Ended: this page showed the customer and sends nothing more until it has reloaded.
          if (event.newValue === null) {
            followRanOut(storage);
            // Ran out there while this page holds input: it stays, as where it ran out, and may
            // start the same impersonation again.
            if (!resumable && endingElsewhere.start && keepsInputAfterRunOut()) {
              resumable = {
                ...endingElsewhere.start,
                institutionId: endingElsewhere.institutionId,
              };
            }
            becomeStale('impersonation ended');
            if (!resumable) options.onImpersonationChanged?.();
            return;
          }
          // The impersonation this page waits to resume, started again in another tab: this
          // page carries on with it, its input kept.
          if (resumable && isSameImpersonation(readImpersonationStart(storage), resumable)) {
            resumable = null;
            impersonationEnded = false;
            sessionStorage.removeItem(RAN_OUT_NOTICE_KEY);
            notifyStale();
            return;
          }
          resumable = null;
          becomeStale('identity changed elsewhere');
          options.onImpersonationChanged?.();
          return;
        }
        const isRemoval =
          event.key === null || (event.key === options.storageKey && event.newValue === null);
        if (!isRemoval || readStoredUser()) return;
        if (options.isPublicPath?.(window.location.pathname)) return;
        becomeStale('identity changed elsewhere');
        void signOutAndSignIn(parseStoredUser(event.oldValue)?.profile?.sub).catch(() => undefined);
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
}
