import { eq } from 'drizzle-orm';
import { createLocalJWKSet, type JWK, jwtVerify, SignJWT } from 'jose';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/client';
import { impersonationAudit } from '../db/schema';
import { decideActingAs } from '../plugins/access';
import { type Impersonation, recordImpersonationEvent } from '../plugins/impersonation-audit';
import { findUserById, roleClaims, standardClaims } from './accounts';

/** RFC 8693 token exchange, used for support impersonation. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
export const IMPERSONATOR_SCOPE = 'impersonator';
/**
 * What the impersonation's refresh token (and the access tokens it yields) may cover. No
 * `openid`: a refresh answers no ID token for the customer's user.
 */
const REFRESH_SCOPE = 'profile email';

export const TOKEN_EXCHANGE_PARAMS = [
  'subject_token',
  'subject_token_type',
  'requested_subject',
  'requested_token_type',
  'scope',
  'claim_token',
  'claim_token_format',
  'audience',
] as const;

export interface ExchangeRequest {
  subjectToken?: string;
  requestedSubject?: string;
  scope?: string;
  claimToken?: string;
}

export interface ExchangeContext {
  db: Db;
  issuer: string;
  clientId: string;
  audience: string;
  /** Resource indicator of the API (the refresh token's resource). */
  resourceIndicator: string;
  /** Private signing keys of the provider. */
  jwks: { keys: JWK[] };
  /** How long an impersonation lasts at most, refreshes included (IMPERSONATION_TTL_SECONDS). */
  ttlSeconds: number;
  /** Lifetime of each access token within it (capped by the impersonation's end). */
  accessTokenTtlSeconds: number;
}

/** Refusal in Keycloak's shape: HTTP 403, `access_denied`. */
export class ExchangeRefused extends Error {
  constructor(readonly description: string) {
    super(description);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Decodes the claim token: JSON (plain or base64url) with `owner` and `contractor` id lists. */
export function parseClaimToken(raw: string | undefined): {
  owner: string[];
  contractor: string[];
} {
  if (!raw) return { owner: [], contractor: [] };
  const attempts = [raw];
  try {
    attempts.push(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    // not base64url
  }
  for (const text of attempts) {
    try {
      const value = JSON.parse(text) as { owner?: unknown; contractor?: unknown };
      const list = (v: unknown) =>
        Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && UUID.test(x)) : [];
      return { owner: list(value.owner), contractor: list(value.contractor) };
    } catch {
      // try the next form
    }
  }
  throw new ExchangeRefused('invalid claim_token');
}

/** Decides whether an exchange is allowed; throws {@link ExchangeRefused} otherwise. */
export async function decideExchange(
  context: ExchangeContext,
  request: ExchangeRequest,
): Promise<Impersonation> {
  const { db } = context;
  if (!request.subjectToken) throw new ExchangeRefused('subject_token missing');
  const scopes = (request.scope ?? '').split(/\s+/).filter(Boolean);
  if (!scopes.includes(IMPERSONATOR_SCOPE)) throw new ExchangeRefused('scope impersonator missing');
  const publicKeys = context.jwks.keys.map(({ d, p, q, dp, dq, qi, ...pub }) => pub);
  let payload: Record<string, unknown>;
  try {
    // Only the provider's access tokens (RFC 9068: `typ: at+jwt`, audience the API). ID tokens
    // are signed with the same keys and travel in logout URLs (id_token_hint); they have no
    // `typ` and the client as audience, so they are refused here.
    ({ payload } = await jwtVerify(request.subjectToken, createLocalJWKSet({ keys: publicKeys }), {
      issuer: context.issuer,
      audience: context.audience,
      typ: 'at+jwt',
      requiredClaims: ['sub', 'exp'],
    }));
  } catch {
    throw new ExchangeRefused('invalid subject_token');
  }
  if (payload.impersonator) throw new ExchangeRefused('subject_token is an impersonation');
  const callerId = typeof payload.sub === 'string' ? payload.sub : '';
  const caller = await findUserById(db, callerId);
  if (!caller) throw new ExchangeRefused('unknown subject');
  const targetId = request.requestedSubject ?? '';
  if (!UUID.test(targetId) || targetId === caller.id) {
    throw new ExchangeRefused('invalid requested_subject');
  }
  const target = await findUserById(db, targetId);
  if (!target) throw new ExchangeRefused('unknown requested_subject');

  const claim = parseClaimToken(request.claimToken);
  const decision = await decideActingAs(db, caller.id, target.id, claim);
  if (!decision.allowed) throw new ExchangeRefused(decision.reason);
  return {
    impersonatorId: caller.id,
    impersonatorUsername: caller.email.toLowerCase(),
    userId: target.id,
    contractorIds: decision.contractorIds,
    customerIds: decision.customerIds,
  };
}

/** The claims that make an access token an impersonation: `impersonator` and its session. */
function impersonationClaims(impersonation: Impersonation, sessionId: string) {
  return {
    impersonator: {
      id: impersonation.impersonatorId,
      username: impersonation.impersonatorUsername,
    },
    impersonation: {
      contractor: impersonation.contractorIds,
      customer: impersonation.customerIds,
      session: sessionId,
    },
  };
}

/** Signs the first impersonated access token: `sub` the requested user, with `impersonator`. */
export async function issueImpersonationToken(
  context: ExchangeContext,
  impersonation: Impersonation,
  sessionId: string,
  sessionEnd: number,
): Promise<{ token: string; expiresIn: number; expiresAt: number }> {
  const user = await findUserById(context.db, impersonation.userId);
  if (!user) throw new ExchangeRefused('unknown requested_subject');
  const key = context.jwks.keys[0];
  if (!key) throw new Error('no signing key');
  const now = Math.floor(Date.now() / 1000);
  const exp = Math.min(now + context.accessTokenTtlSeconds, sessionEnd);
  const token = await new SignJWT({
    ...standardClaims(user),
    ...roleClaims(user, context.clientId),
    typ: 'Bearer',
    azp: context.clientId,
    scope: `openid profile email ${IMPERSONATOR_SCOPE}`,
    ...impersonationClaims(impersonation, sessionId),
  })
    .setProtectedHeader({
      alg: key.alg ?? 'RS256',
      typ: 'JWT',
      ...(key.kid ? { kid: key.kid } : {}),
    })
    .setIssuer(context.issuer)
    .setAudience(context.audience)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID())
    .sign(key);
  return { token, expiresIn: Math.max(0, exp - now), expiresAt: exp };
}

/** The grant handler registered on the provider's token endpoint. */
export function tokenExchangeHandler(context: ExchangeContext) {
  return async (ctx: KoaContextWithOIDC) => {
    const params = (ctx.oidc.params ?? {}) as Record<string, string | undefined>;
    try {
      const impersonation = await decideExchange(context, {
        subjectToken: params.subject_token,
        requestedSubject: params.requested_subject,
        scope: params.scope,
        claimToken: params.claim_token,
      });
      const now = Math.floor(Date.now() / 1000);
      const sessionEnd = now + context.ttlSeconds;
      // The impersonation is a grant of the customer's user, held by oidc-provider like any
      // other: its refresh token goes through the standard refresh_token grant, and ending the
      // impersonation revokes the grant. The grant's id names the impersonation in the audit.
      const { Grant, RefreshToken } = ctx.oidc.provider;
      const client = ctx.oidc.client;
      if (!client) throw new ExchangeRefused('unknown client');
      const grant = new Grant({ accountId: impersonation.userId, clientId: client.clientId });
      grant.addOIDCScope(REFRESH_SCOPE);
      grant.addResourceScope(context.resourceIndicator, REFRESH_SCOPE);
      // Lives as long as the impersonation (the provider's Grant TTL for this grant type).
      const sessionId = await grant.save();
      const issued = await issueImpersonationToken(context, impersonation, sessionId, sessionEnd);
      const refreshToken = await new RefreshToken({
        accountId: impersonation.userId,
        client,
        grantId: sessionId,
        gty: TOKEN_EXCHANGE_GRANT,
        scope: REFRESH_SCOPE,
        resource: context.resourceIndicator,
        iiat: now,
        expiresWithSession: false,
      }).save();
      await recordImpersonationEvent(context.db, {
        event: 'start',
        sessionId,
        impersonation,
        address: ctx.ip,
        userAgent: ctx.get('user-agent'),
        expiresAt: sessionEnd,
      });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
        access_token: issued.token,
        issued_token_type: ACCESS_TOKEN_TYPE,
        token_type: 'Bearer',
        expires_in: issued.expiresIn,
        refresh_token: refreshToken,
        refresh_expires_in: sessionEnd - now,
        scope: IMPERSONATOR_SCOPE,
      };
    } catch (error) {
      const description = error instanceof ExchangeRefused ? error.description : 'refused';
      ctx.status = 403;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: 'access_denied', error_description: description };
    }
  };
}

/** Whether a token (refresh or access) descends from an impersonation's token exchange. */
export function isImpersonationGrant(token: { gty?: string } | undefined): boolean {
  return !!token?.gty?.split(' ').includes(TOKEN_EXCHANGE_GRANT);
}

/** Seconds until the impersonation a refresh token belongs to ends (its `iiat` + the TTL). */
export function impersonationRemaining(token: { iiat?: number }, ttlSeconds: number): number {
  const now = Math.floor(Date.now() / 1000);
  return Math.max(1, (token.iiat ?? now) + ttlSeconds - now);
}

/**
 * The claims of an access token renewed through an impersonation's refresh token (called from
 * the provider's `extraTokenClaims`): the same `impersonator` and `impersonation` as the first
 * token, read from the audit entry of the start. Writes the refresh to the audit log. Refused
 * (`invalid_grant`) when the start is unknown, the impersonation was ended, or the support user
 * may no longer act as that user (decideActingAs, within the start's institutions).
 */
export async function refreshedImpersonationClaims(
  db: Db,
  ctx: KoaContextWithOIDC,
  sessionId: string | undefined,
): Promise<Record<string, unknown>> {
  const rows = sessionId
    ? await db.select().from(impersonationAudit).where(eq(impersonationAudit.sessionId, sessionId))
    : [];
  const start = rows.find((row) => row.event === 'start');
  if (!start || !sessionId || rows.some((row) => row.event === 'end')) {
    throw new errors.InvalidGrant('impersonation ended');
  }
  // Decided again, within what the start allowed: a support user removed from the contractor
  // (or no longer its admin or support), a customer's user no longer in the customer
  // institution, or a relationship that ended stops the impersonation at its next renewal
  // (at most one access token's 300 s later), not when its 30 minutes are over.
  const decision = await decideActingAs(db, start.impersonatorId, start.userId, {
    owner: start.contractorIds,
    contractor: start.customerIds,
  });
  if (!decision.allowed) throw new errors.InvalidGrant('impersonation no longer allowed');
  const impersonation: Impersonation = {
    impersonatorId: start.impersonatorId,
    impersonatorUsername: await usernameOf(db, start.impersonatorId),
    userId: start.userId,
    contractorIds: decision.contractorIds,
    customerIds: decision.customerIds,
  };
  await recordImpersonationEvent(db, {
    event: 'refresh',
    sessionId,
    impersonation,
    address: ctx.ip,
    userAgent: ctx.get('user-agent'),
    expiresAt: start.expiresAt ? Math.floor(start.expiresAt.getTime() / 1000) : undefined,
  });
  return impersonationClaims(impersonation, sessionId);
}

async function usernameOf(db: Db, userId: string): Promise<string> {
  return (await findUserById(db, userId))?.email.toLowerCase() ?? '';
}
