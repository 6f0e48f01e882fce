import { decodeJwtClaims } from './jwt';

/** localStorage keys of the impersonated tokens, next to the own user's (spec section 9). */
export const IMPERSONATION_KEYS = {
  accessToken: 'portal.impersonation.access_token',
  refreshToken: 'portal.impersonation.refresh_token',
  expiresAt: 'portal.impersonation.expires_at',
} as const;

/** The own token must stay valid at least this many seconds before a token exchange. */
export const MIN_VALIDITY_BEFORE_IMPERSONATION_SECONDS = 5;

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
export const JWT_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:jwt';
export const IMPERSONATOR_SCOPE = 'impersonator';

/** The provider refused the exchange (403 / `access_denied`, or any 4xx). */
export class ImpersonationRefusedError extends Error {
  constructor(message = 'impersonation refused') {
    super(message);
    this.name = 'ImpersonationRefusedError';
  }
}

/** The provider answered without a token, or could not be reached. */
export class ImpersonationFailedError extends Error {
  constructor(message = 'impersonation failed') {
    super(message);
    this.name = 'ImpersonationFailedError';
  }
}

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
}

export function readImpersonation(storage: Storage): StoredImpersonation | null {
  const accessToken = storage.getItem(IMPERSONATION_KEYS.accessToken);
  if (!accessToken) return null;
  const expiresAt = Number(storage.getItem(IMPERSONATION_KEYS.expiresAt));
  return {
    accessToken,
    refreshToken: storage.getItem(IMPERSONATION_KEYS.refreshToken),
    expiresAt: Number.isFinite(expiresAt) && expiresAt > 0 ? expiresAt : undefined,
  };
}

export function storeImpersonation(storage: Storage, tokens: StoredImpersonation): void {
  if (tokens.refreshToken) storage.setItem(IMPERSONATION_KEYS.refreshToken, tokens.refreshToken);
  else storage.removeItem(IMPERSONATION_KEYS.refreshToken);
  if (tokens.expiresAt !== undefined)
    storage.setItem(IMPERSONATION_KEYS.expiresAt, String(tokens.expiresAt));
  else storage.removeItem(IMPERSONATION_KEYS.expiresAt);
  // Last: other tabs react to this key.
  storage.setItem(IMPERSONATION_KEYS.accessToken, tokens.accessToken);
}

export function clearImpersonation(storage: Storage): void {
  storage.removeItem(IMPERSONATION_KEYS.accessToken);
  storage.removeItem(IMPERSONATION_KEYS.refreshToken);
  storage.removeItem(IMPERSONATION_KEYS.expiresAt);
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

/** The claim token: the owner and contractor lists as base64url-encoded JSON. */
export function encodeClaimToken(claims: ImpersonationClaims): string {
  const json = JSON.stringify({ owner: claims.owner, contractor: claims.contractor });
  const bytes = new TextEncoder().encode(json);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The form of the RFC 8693 token exchange (spec section 7). */
export function tokenExchangeForm(input: {
  clientId: string;
  subjectToken: string;
  requestedSubject: string;
  claims: ImpersonationClaims;
}): URLSearchParams {
  return new URLSearchParams({
    grant_type: TOKEN_EXCHANGE_GRANT,
    client_id: input.clientId,
    subject_token: input.subjectToken,
    subject_token_type: ACCESS_TOKEN_TYPE,
    requested_subject: input.requestedSubject,
    requested_token_type: ACCESS_TOKEN_TYPE,
    scope: IMPERSONATOR_SCOPE,
    claim_token: encodeClaimToken(input.claims),
    claim_token_format: JWT_TOKEN_TYPE,
  });
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
}

/** POSTs a form to the token endpoint; refusals (4xx) and missing tokens throw typed errors. */
export async function postTokenForm(
  fetchImpl: typeof fetch,
  tokenEndpoint: string,
  form: URLSearchParams,
  now: number,
): Promise<StoredImpersonation> {
  let response: Response;
  try {
    response = await fetchImpl(tokenEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    });
  } catch {
    throw new ImpersonationFailedError('token endpoint unreachable');
  }
  if (response.status >= 400 && response.status < 500) throw new ImpersonationRefusedError();
  if (!response.ok)
    throw new ImpersonationFailedError(`token endpoint answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as TokenAnswer | null;
  if (!body || typeof body.access_token !== 'string' || !body.access_token) {
    throw new ImpersonationFailedError('no access token in the answer');
  }
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: typeof body.expires_in === 'number' ? Math.floor(now) + body.expires_in : undefined,
  };
}
