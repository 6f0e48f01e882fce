import { ACCOUNT_ROLES } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { Config } from '../config';
import { loadSigningKeys } from '../identity/keys';
import { messages } from '../messages';
import { decideActingAs, findUserIdBySubject } from './access';
import { isApiReference } from './docs';
import { forbidden, unauthorized } from './errors';
import {
  hasImpersonationEnded,
  type Impersonation,
  impersonationSessionOf,
  recordSeenImpersonation,
  type SeenFrom,
} from './impersonation-audit';
import { isApiPath } from './security';
import { deepFreeze } from './serialization';

/** The verified caller, taken from the access token. */
export interface AuthContext {
  /** Subject (`sub`): the user's id at the identity provider. */
  sub: string;
  email: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  emailVerified: boolean | undefined;
  /** `realm_access.roles` */
  realmRoles: string[];
  /** `resource_access[clientId].roles` */
  clientRoles: string[];
  /** Union of realm and client roles. */
  roles: string[];
  /** Session id at the identity provider. */
  sid?: string;
  /** Set on an impersonation token: the support user acting as `sub`. */
  impersonator?: { id: string; username: string };
  /** The raw verified claims. */
  claims: JWTPayload;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every route that is not public (see `config.public`). */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** A public route needs no token. Every other /api route does (secure by default). */
    public?: boolean;
    /**
     * A restricted user (technical account) may call this route. Every other /api route that
     * needs a token answers them 403.
     */
    allowRestricted?: boolean;
  }
}

/**
 * A restricted user's token lacks the role `client` or carries `technical`. Both are read from
 * the realm and this client's resource roles (spec §6: "Role checks use realm and resource roles
 * from the identity token"), as the app reads them: one token, one verdict on both sides.
 */
export function isRestrictedUser(auth: AuthContext): boolean {
  return !auth.roles.includes(ACCOUNT_ROLES.client) || auth.roles.includes(ACCOUNT_ROLES.technical);
}

/** Only asymmetric algorithms: `none` and HMAC (e.g. HS256 keyed with the public key) are refused. */
export const ACCEPTED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384'];
/** Allowed clock skew between the identity provider and this server, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Re-read the local signing keys at most this often when a token names an unknown key. */
const LOCAL_KEY_RELOAD_MS = 30_000;

export type TokenVerifier = (token: string, seenFrom?: SeenFrom) => Promise<AuthContext>;

/** A verifier that also remembers the tokens it verified, until they expire. */
export interface RememberingTokenVerifier extends TokenVerifier {
  /**
   * The context of a token this verifier already verified and that has not expired, without
   * any promise; undefined for every other token (which then needs `verify`).
   */
  recall(token: string): AuthContext | undefined;
}

const stringArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const optionalString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** Reads Keycloak-shaped claims into the request's auth context. */
export function toAuthContext(payload: JWTPayload, clientId: string): AuthContext {
  const realmRoles = stringArray((payload.realm_access as { roles?: unknown } | undefined)?.roles);
  const resourceAccess = payload.resource_access as
    | Record<string, { roles?: unknown } | undefined>
    | undefined;
  const clientRoles = stringArray(resourceAccess?.[clientId]?.roles);
  const impersonatorClaim = payload.impersonator as
    | { id?: unknown; username?: unknown }
    | undefined;
  const impersonator =
    impersonatorClaim && typeof impersonatorClaim.id === 'string'
      ? {
          id: impersonatorClaim.id,
          username:
            typeof impersonatorClaim.username === 'string' ? impersonatorClaim.username : '',
        }
      : undefined;
  const sid = optionalString(payload.sid);
  return {
    sub: payload.sub as string,
    email: optionalString(payload.email),
    givenName: optionalString(payload.given_name),
    familyName: optionalString(payload.family_name),
    emailVerified: typeof payload.email_verified === 'boolean' ? payload.email_verified : undefined,
    realmRoles,
    clientRoles,
    roles: [...new Set([...realmRoles, ...clientRoles])],
    ...(sid ? { sid } : {}),
    ...(impersonator ? { impersonator } : {}),
    claims: payload,
  };
}

/** The key source: the embedded provider's keys from the database, or the IdP's JWKS URL. */
function createKeySource(app: FastifyInstance, config: Config): JWTVerifyGetKey {
  if (config.auth.mode === 'external') {
    return createRemoteJWKSet(new URL(`${config.auth.issuer}/protocol/openid-connect/certs`));
  }
  // Loaded lazily: the identity plugin (or this first call) generates the keys on first start.
  let cached: { getKey: JWTVerifyGetKey; loadedAt: number } | undefined;
  let loading: Promise<{ getKey: JWTVerifyGetKey; loadedAt: number }> | undefined;
  const load = () => {
    loading ??= loadSigningKeys(app.db)
      .then(({ publicJwks }) => {
        cached = { getKey: createLocalJWKSet(publicJwks), loadedAt: Date.now() };
        return cached;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return async (header, token) => {
    const current = cached ?? (await load());
    try {
      return await current.getKey(header, token);
    } catch (error) {
      // Keys may have been rotated by another process: re-read them, but not on every request.
      if (
        error instanceof joseErrors.JWKSNoMatchingKey &&
        Date.now() - current.loadedAt > LOCAL_KEY_RELOAD_MS
      ) {
        return (await load()).getKey(header, token);
      }
      throw error;
    }
  };
}

/** At most this many verified tokens are remembered; then the memory starts over. */
const VERIFIED_TOKENS_MAX = 5_000;
/**
 * A remembered token is found by its last this many characters (its signature's end) and then
 * compared whole: a lookup by the whole token hashed every character of it (a Keycloak token
 * has one to two thousand) on every request, about 5 % of a remembered caller's request.
 */
const LOOKUP_CHARACTERS = 32;

/**
 * Builds the access-token verifier for this configuration. A token is immutable, so one whose
 * signature and claims were checked is remembered (by its whole text, signature included) until
 * it expires: the same caller's next requests skip the RSA check, about a quarter of an
 * authenticated request's time. A forged or altered token never matches a remembered one: the
 * lookup by the token's end only finds the candidate, which must equal the token character for
 * character, and only a token that passed every check is remembered.
 */
export function createTokenVerifier(
  app: FastifyInstance,
  config: Config,
): RememberingTokenVerifier {
  const verifySignature = createSignatureVerifier(app, config);
  const verified = new Map<string, { token: string; context: AuthContext }>();
  const lookupKey = (token: string) => token.slice(-LOOKUP_CHARACTERS);
  const recall = (token: string): AuthContext | undefined => {
    const key = lookupKey(token);
    const remembered = verified.get(key);
    if (!remembered || remembered.token !== token) return undefined;
    if (isUnexpired(remembered.context)) return remembered.context;
    verified.delete(key);
    return undefined;
  };
  // A new token is checked once, however many of its requests arrive before the check ends (an
  // app sends several at once after a renewal); they all wait for the same check.
  const checking = new Map<string, Promise<AuthContext>>();
  const verify = (token: string, seenFrom?: SeenFrom): Promise<AuthContext> => {
    const remembered = recall(token);
    if (remembered) return Promise.resolve(remembered);
    const running = checking.get(token);
    if (running) return running;
    const check = verifyNew(token, seenFrom).finally(() => checking.delete(token));
    checking.set(token, check);
    return check;
  };
  const verifyNew = async (token: string, seenFrom?: SeenFrom): Promise<AuthContext> => {
    const context = await verifySignature(token);
    if (config.auth.mode === 'external' && context.impersonator) {
      const impersonation = await assertMayActAs(app, context.impersonator, context.sub);
      const sessionId = impersonationSessionOf(context.claims);
      if (!sessionId) throw new ActingAsRefusedError('impersonation without a session');
      // Eigener User ended it in the portal; Keycloak's session goes on and would renew it.
      if (await hasImpersonationEnded(app.db, sessionId)) {
        throw new ActingAsRefusedError('impersonation ended');
      }
      await recordSeenImpersonation(app.db, {
        sessionId,
        impersonation,
        ...seenFrom,
        expiresAt: typeof context.claims.exp === 'number' ? context.claims.exp : undefined,
      });
    }
    // Shared by every request with this token: frozen, so none can change it for the others.
    deepFreeze(context);
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.clear();
    verified.set(lookupKey(token), { token, context });
    return context;
  };
  return Object.assign(verify, { recall });
}

/** An impersonated token whose impersonator may not act as its subject by the portal's rule. */
export class ActingAsRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ActingAsRefusedError';
  }
}

/**
 * An external provider (Keycloak's token exchange) decides by its own permissions whom a
 * support user may act as; the portal's rule is checked once more when the API first sees such
 * a token (the embedded provider checks it in its token exchange): a contractor's support user
 * or administrator, as a user of one of its customers, never as a trusted institution's admin.
 * The decision holds for the token's lifetime, as an embedded exchange's does.
 */
async function assertMayActAs(
  app: FastifyInstance,
  impersonator: { id: string; username: string },
  sub: string,
): Promise<Impersonation> {
  const [callerId, targetId] = await Promise.all([
    findUserIdBySubject(app.db, impersonator.id),
    findUserIdBySubject(app.db, sub),
  ]);
  if (!callerId || !targetId || callerId === targetId) {
    throw new ActingAsRefusedError('unknown impersonator or subject');
  }
  const decision = await decideActingAs(app.db, callerId, targetId);
  if (!decision.allowed) throw new ActingAsRefusedError(decision.reason);
  return {
    impersonatorId: callerId,
    impersonatorUsername: impersonator.username,
    userId: targetId,
    contractorIds: decision.contractorIds,
    customerIds: decision.customerIds,
  };
}

/** Whether a verified token's context may still be trusted (its `exp`, with the clock skew). */
function isUnexpired(context: AuthContext): boolean {
  const exp = typeof context.claims.exp === 'number' ? context.claims.exp : 0;
  return exp + CLOCK_TOLERANCE_SECONDS > Date.now() / 1000;
}

/** Verifies signature, issuer, expiry and client of an access token (no memory). */
function createSignatureVerifier(app: FastifyInstance, config: Config): TokenVerifier {
  const getKey = createKeySource(app, config);
  return async (token) => {
    const { payload } = await jwtVerify(token, getKey, {
      issuer: config.auth.issuer,
      algorithms: ACCEPTED_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
      // Keycloak signs its access tokens with `typ: JWT`, oidc-provider with `at+jwt`: no typ check.
    });
    const audiences =
      typeof payload.aud === 'string'
        ? [payload.aud]
        : Array.isArray(payload.aud)
          ? payload.aud
          : [];
    const isForThisClient =
      payload.azp === config.auth.clientId ||
      (config.auth.audience !== undefined && audiences.includes(config.auth.audience));
    if (!isForThisClient) {
      throw new joseErrors.JWTClaimValidationFailed(
        'token was issued for another client',
        payload,
        'azp',
        'check_failed',
      );
    }
    return toAuthContext(payload, config.auth.clientId);
  };
}

/**
 * Decided by the matched route's pattern, never by the raw URL, so that encoded or otherwise
 * disguised paths cannot slip past: a route under /api is protected unless it says otherwise.
 */
function needsToken(request: FastifyRequest, route: RouteOptions): boolean {
  const pattern = route.url;
  if (request.is404 || pattern === undefined || !isApiPath(pattern)) return false;
  if (route.config?.public === true) return false;
  // The API reference (@fastify/swagger-ui registers its own routes) is public documentation.
  return !isApiReference(pattern);
}

/** `request.routeOptions` (Fastify builds a new object on every read of it). */
type RouteOptions = FastifyRequest['routeOptions'];

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;

/**
 * Every /api route needs a valid bearer access token unless its route config says
 * `public: true`. Unknown /api paths fall through to the 404 handler.
 */
export const authPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const verify = createTokenVerifier(app, config);
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorate('verifyAccessToken', verify);

    /** Sets the caller on the request; a restricted user's error when the route refuses them. */
    const admit = (request: FastifyRequest, route: RouteOptions, auth: AuthContext) => {
      request.auth = auth;
      // A request made while impersonating is logged (its 'request completed' line too, which
      // the app's log controller writes through request.log) with who acted (the provider's id
      // of the support user), as whom, and the impersonation (the `session_id` of its
      // Support-Zugriffe entries): what support staff did as a customer can be told afterwards.
      const impersonator = auth.impersonator;
      if (impersonator) {
        const session = impersonationSessionOf(auth.claims);
        request.log = request.log.child({
          impersonatorId: impersonator.id,
          sub: auth.sub,
          ...(session ? { impersonation: session } : {}),
        });
      }
      return isRestrictedUser(auth) && route.config?.allowRestricted !== true
        ? forbidden(messages.restrictedUser)
        : undefined;
    };

    // A callback hook: a remembered caller is admitted synchronously.
    app.addHook('onRequest', (request, _reply, done) => {
      const route = request.routeOptions;
      if (!needsToken(request, route)) return done();
      const header = request.headers.authorization;
      if (!header) return done(unauthorized(messages.signInRequired));
      // A token verified before (it passed every check below then) is admitted at once.
      const scheme = header.slice(0, 7);
      if (scheme === 'Bearer ' || scheme.toLowerCase() === 'bearer ') {
        const known = verify.recall(header.slice(7));
        if (known) return done(admit(request, route, known));
      }
      const match = BEARER.exec(header.trim());
      const token = match?.[1];
      if (!token) {
        return done(
          unauthorized(messages.tokenInvalid, {
            'www-authenticate': 'Bearer realm="portal", error="invalid_request"',
          }),
        );
      }
      verify(token, { address: request.ip, userAgent: request.headers['user-agent'] }).then(
        (auth) => done(admit(request, route, auth)),
        (error: unknown) => {
          if (error instanceof ActingAsRefusedError) {
            request.log.warn({ reason: error.message }, 'impersonated token refused');
            return done(forbidden(messages.actingAsRefused));
          }
          request.log.debug({ err: error }, 'access token refused');
          const expired = error instanceof joseErrors.JWTExpired;
          done(
            unauthorized(expired ? messages.tokenExpired : messages.tokenInvalid, {
              'www-authenticate': `Bearer realm="portal", error="invalid_token", error_description="${
                expired ? 'token expired' : 'token invalid'
              }"`,
            }),
          );
        },
      );
    });

    // Answers to a signed-in caller are personal: no cache (browser or shared) keeps them.
    app.addHook('onSend', (request, reply, _payload, done) => {
      if (request.auth && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
      done();
    });
  },
  { name: 'auth', dependencies: ['errors', 'db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies an access token as the API does (for other plugins, e.g. token exchange). */
    verifyAccessToken: TokenVerifier;
  }
}
