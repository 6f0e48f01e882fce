// The token endpoint calls of an impersonation: the RFC 8693 exchange that starts one and the
// renewal of its tokens. Loaded when needed (lib/oidc.ts imports it dynamically, and at once on a
// page that is impersonating), so that nobody else's first view carries it.
import type { ImpersonationClaims, StoredImpersonation } from './impersonation-tokens';

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
  /** How long the impersonation itself lasts (the embedded provider's exchange, Keycloak). */
  refresh_expires_in?: unknown;
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
    endsAt:
      typeof body.refresh_expires_in === 'number' && body.refresh_expires_in > 0
        ? Math.floor(now) + body.refresh_expires_in
        : undefined,
  };
}
