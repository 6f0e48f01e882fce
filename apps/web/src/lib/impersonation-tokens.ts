import { decodeJwtClaims } from './jwt';
import { parseStoredUser } from './stored-user';

/** localStorage keys of the impersonated tokens, next to the own user's (spec section 9). */
export const IMPERSONATION_KEYS = {
  accessToken: 'portal.impersonation.access_token',
  refreshToken: 'portal.impersonation.refresh_token',
  expiresAt: 'portal.impersonation.expires_at',
  /** When the impersonation itself ends (the exchange's `refresh_expires_in`), not its token. */
  endsAt: 'portal.impersonation.ends_at',
} as const;

/**
 * localStorage key of the institution selected last while impersonating: the customer's
 * institution must not replace the support user's own last choice (`lastInstitutionId`), or
 * ending the impersonation would land in the support user's first institution instead of the
 * one it started from. Removed with the impersonated tokens.
 */
export const IMPERSONATION_INSTITUTION_KEY = 'portal.impersonation.institution_id';

/** The own token must stay valid at least this many seconds before a token exchange. */
export const MIN_VALIDITY_BEFORE_IMPERSONATION_SECONDS = 5;

/**
 * The impersonation ended while a request was waiting for its token (it could not be renewed,
 * or another tab ended it): the request is not sent, the page reloads as the own user.
 */
export class ImpersonationEndedError extends Error {
  constructor(message = 'impersonation ended') {
    super(message);
    this.name = 'ImpersonationEndedError';
  }
}

/**
 * Another tab changed whom this browser acts as (it started an impersonation, or signed out)
 * while this page stayed (it has unsaved input and its reload was cancelled): the page still
 * shows the person it was loaded for, so it sends no request as anybody else until it reloads.
 */
export class IdentityChangedElsewhereError extends Error {
  constructor() {
    super('identity changed in another tab');
    this.name = 'IdentityChangedElsewhereError';
  }
}

/** Institutions the exchange is asked for: the own (owner) ones and the customer ones. */
export interface ImpersonationClaims {
  owner: string[];
  contractor: string[];
}

export interface StoredImpersonation {
  accessToken: string;
  refreshToken: string | null;
  /** Seconds since the epoch; undefined when unknown. */
  expiresAt: number | undefined;
  /**
   * When the impersonation ends, in seconds since the epoch (`refresh_expires_in` of the
   * exchange, or of a renewal that sends it, as Keycloak does); undefined when unknown.
   */
  endsAt?: number | undefined;
}

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
};

export function readImpersonation(storage: Storage): StoredImpersonation | null {
  const accessToken = storage.getItem(IMPERSONATION_KEYS.accessToken);
  if (!accessToken) return null;
  return {
    accessToken,
    refreshToken: storage.getItem(IMPERSONATION_KEYS.refreshToken),
    expiresAt: positive(storage.getItem(IMPERSONATION_KEYS.expiresAt)),
    endsAt: positive(storage.getItem(IMPERSONATION_KEYS.endsAt)),
  };
}

export function storeImpersonation(storage: Storage, tokens: StoredImpersonation): void {
  if (tokens.refreshToken) storage.setItem(IMPERSONATION_KEYS.refreshToken, tokens.refreshToken);
  else storage.removeItem(IMPERSONATION_KEYS.refreshToken);
  if (tokens.expiresAt !== undefined)
    storage.setItem(IMPERSONATION_KEYS.expiresAt, String(tokens.expiresAt));
  else storage.removeItem(IMPERSONATION_KEYS.expiresAt);
  if (tokens.endsAt !== undefined)
    storage.setItem(IMPERSONATION_KEYS.endsAt, String(tokens.endsAt));
  else storage.removeItem(IMPERSONATION_KEYS.endsAt);
  // Last: other tabs react to this key.
  storage.setItem(IMPERSONATION_KEYS.accessToken, tokens.accessToken);
}

/** When an impersonation last ran out (ms since the epoch, beside the tokens). */
export const RAN_OUT_AT_KEY = 'portal.impersonation.ran_out_at';
/**
 * Beside {@link RAN_OUT_AT_KEY}: the provider refused the renewal well before the
 * impersonation's end (`ends_at`), so it did not run out but was ended (access withdrawn: the
 * support user may no longer act as that user, or it was ended elsewhere). Absent otherwise.
 */
export const ENDED_EARLY_KEY = 'portal.impersonation.ended_early';
/**
 * Per tab (sessionStorage): the page reloaded after the impersonation ran out says so, once;
 * its value says how it ended ({@link ImpersonationEnd}).
 */
export const RAN_OUT_NOTICE_KEY = 'portal.impersonation.ran_out';
/** A tab reloading this soon after another tab found the impersonation run out says so too. */
const RAN_OUT_FOLLOW_MS = 5_000;
/**
 * A renewal refused earlier than this before the impersonation's end counts as ended early.
 * The last renewals come in the access token's last 20 s, and the clocks of browser and
 * provider may differ a little: closer to the end, a refusal is the end's.
 */
export const ENDED_EARLY_MARGIN_SECONDS = 60;

/** How an impersonation that could not be renewed ended: its time was over, or before that. */
export type ImpersonationEnd = 'ran-out' | 'ended-early';

/** A refusal at `now` (seconds) ended the impersonation early: well before its known end. */
export function endsWellAfter(endsAt: number | undefined, now: number): boolean {
  return endsAt !== undefined && now < endsAt - ENDED_EARLY_MARGIN_SECONDS;
}

/** The impersonation ran out (before its tokens are removed, so that other tabs can tell). */
export function markRanOut(storage: Storage, end: ImpersonationEnd, now = Date.now()): void {
  if (end === 'ended-early') storage.setItem(ENDED_EARLY_KEY, '1');
  else storage.removeItem(ENDED_EARLY_KEY);
  storage.setItem(RAN_OUT_AT_KEY, String(now));
  sessionStorage.setItem(RAN_OUT_NOTICE_KEY, end);
}

/** How the impersonation that ran out last ended (here or in another tab). */
export function lastImpersonationEnd(storage: Storage): ImpersonationEnd {
  return storage.getItem(ENDED_EARLY_KEY) === null ? 'ran-out' : 'ended-early';
}

/** Another tab ended the impersonation: this tab says so after its reload if it ran out. */
export function followRanOut(storage: Storage, now = Date.now()): void {
  if (ranOutJustNow(storage, now))
    sessionStorage.setItem(RAN_OUT_NOTICE_KEY, lastImpersonationEnd(storage));
}

/** An impersonation ran out a moment ago (here or in another tab), not ended by Eigener User. */
export function ranOutJustNow(storage: Storage, now = Date.now()): boolean {
  return now - Number(storage.getItem(RAN_OUT_AT_KEY)) < RAN_OUT_FOLLOW_MS;
}

/**
 * localStorage key of whom the impersonation acts as and for which institutions (the exchange's
 * requested subject and claims): a page whose impersonation ran out while it held unsaved input
 * starts the same one again (Session.resumeImpersonation). Removed with the impersonated tokens.
 */
export const IMPERSONATION_START_KEY = 'portal.impersonation.start';

/** What a token exchange was asked for: the same again resumes the impersonation. */
export interface ImpersonationStart {
  subject: string;
  claims: ImpersonationClaims;
}

export function storeImpersonationStart(storage: Storage, start: ImpersonationStart): void {
  storage.setItem(IMPERSONATION_START_KEY, JSON.stringify(start));
}

export function readImpersonationStart(storage: Storage): ImpersonationStart | null {
  return parseImpersonationStart(storage.getItem(IMPERSONATION_START_KEY));
}

/** The stored value of {@link IMPERSONATION_START_KEY} (a storage event's too), else null. */
export function parseImpersonationStart(stored: string | null): ImpersonationStart | null {
  try {
    const value = JSON.parse(stored ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return null;
    const { subject, claims } = value as Partial<ImpersonationStart>;
    const isList = (list: unknown): list is string[] =>
      Array.isArray(list) && list.every((item) => typeof item === 'string');
    if (typeof subject !== 'string' || !isList(claims?.owner) || !isList(claims?.contractor)) {
      return null;
    }
    return { subject, claims: { owner: claims.owner, contractor: claims.contractor } };
  } catch {
    return null;
  }
}

export function clearImpersonation(storage: Storage): void {
  storage.removeItem(IMPERSONATION_START_KEY);
  storage.removeItem(IMPERSONATION_KEYS.refreshToken);
  storage.removeItem(IMPERSONATION_KEYS.expiresAt);
  storage.removeItem(IMPERSONATION_KEYS.endsAt);
  storage.removeItem(IMPERSONATION_INSTITUTION_KEY);
  // Last, as in storeImpersonation: other tabs react to this key, and by then have heard what
  // the impersonation acted as (the start and the institution removed before it).
  storage.removeItem(IMPERSONATION_KEYS.accessToken);
}

/**
 * Spec section 4: the session is impersonated when the token has an impersonator whose id
 * differs from the subject and impersonation tokens are stored.
 */
export function isImpersonationActive(storage: Storage): boolean {
  const stored = readImpersonation(storage);
  if (!stored) return false;
  const claims = decodeJwtClaims(stored.accessToken);
  const impersonator = claims?.impersonator as { id?: unknown } | undefined;
  return (
    typeof impersonator?.id === 'string' &&
    impersonator.id.length > 0 &&
    impersonator.id !== claims?.sub
  );
}

/**
 * Who actually acts while impersonating (the support user): the name of the own sign-in kept
 * beside the impersonated tokens (`ownStorageKey`, oidc-client-ts' stored user), else the
 * impersonated token's `impersonator.username`; null when not impersonating.
 */
export function impersonatorName(storage: Storage, ownStorageKey: string): string | null {
  const stored = readImpersonation(storage);
  if (!stored) return null;
  const profile = parseStoredUser(storage.getItem(ownStorageKey))?.profile;
  if (typeof profile?.name === 'string' && profile.name.trim()) return profile.name.trim();
  const impersonator = decodeJwtClaims(stored.accessToken)?.impersonator as
    | { username?: unknown }
    | undefined;
  if (typeof impersonator?.username === 'string' && impersonator.username) {
    return impersonator.username;
  }
  return typeof profile?.email === 'string' && profile.email ? profile.email : null;
}
