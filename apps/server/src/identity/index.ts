import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { sweepEvery } from '../plugins/sweep';
import { deleteExpiredPayloads } from './adapter';
import { loadCookieKeys, loadSigningKeys } from './keys';
import type { PageContext } from './pages';
import { createProvider, KEYCLOAK_ROUTES } from './provider';
import { revokeImpersonationGrant, revokeSessionBySid, revokeUserSessions } from './revoke';
import { identityRoutes, isHandledOutsideProvider } from './routes';
import { deleteOldSignInAttempts } from './sign-in-throttle';

export {
  ACCESS_TOKEN_TTL,
  apiResource,
  clientUrls,
  KEYCLOAK_ROUTES,
  REFRESH_TOKEN_IDLE_TTL,
  SESSION_MAX_TTL,
} from './provider';
export { findSid, revokeSessionBySid, revokeUserSessions } from './revoke';
export { checkTotp, totpStep } from './second-factor';

/** What the embedded identity provider offers the rest of the server (`app.identity`). */
export interface EmbeddedIdentity {
  /** The oidc-provider instance, mounted at the issuer's path. */
  provider: Provider;
  /** The public signing keys, as published at `.../protocol/openid-connect/certs`. */
  publicJwks: { keys: JWK[] };
  /**
   * Ends the session named by an access token's `sid` claim and revokes its grants and refresh
   * tokens (what `POST /api/user/logout` needs). Issued access tokens stay valid until they
   * expire (300 s). Resolves to whether anything was found.
   */
  revokeSession(sid: string): Promise<boolean>;
  /**
   * Ends every session of a user (after a password reset), or all but the one holding
   * `exceptSid` (after a password change); resolves to the count.
   */
  revokeUserSessions(userId: string, options?: { exceptSid?: string }): Promise<number>;
  /**
   * Ends an impersonation at the provider: its grant (id = the token's `impersonation.session`)
   * and refresh tokens are revoked, so it cannot be renewed. Only a grant of `userId` counts.
   */
  endImpersonation(sessionId: string, userId: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when the embedded identity provider runs (IDENTITY_PROVIDER=embedded). */
    identity?: EmbeddedIdentity;
  }
}

const PROVIDER_PATHS = new Set<string>([
  ...Object.values(KEYCLOAK_ROUTES),
  '/.well-known/openid-configuration',
  `${KEYCLOAK_ROUTES.end_session}/confirm`,
  `${KEYCLOAK_ROUTES.end_session}/success`,
]);
const RESUME_PATH = new RegExp(`^${KEYCLOAK_ROUTES.authorization}/[^/]+$`);

/** Paths below the issuer that oidc-provider answers (its routes with Keycloak's names). */
export function isProviderPath(pathBelowIssuer: string): boolean {
  const normalized = pathBelowIssuer.length > 1 ? pathBelowIssuer.replace(/\/+$/, '') : '/';
  return PROVIDER_PATHS.has(normalized) || RESUME_PATH.test(normalized);
}

/** Sweep expired provider rows and old sign-in failures this often. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The embedded, Keycloak-compatible OpenID provider: oidc-provider mounted at the issuer's path
 * (`/auth/realms/portal`) with Keycloak's endpoint paths, one public client (`portal-web`,
 * code + PKCE S256), German sign-in pages with optional TOTP, JWT access tokens with
 * Keycloak-shaped claims, everything persisted in the database.
 *
 * Also exported for the API layer: {@link revokeSessionBySid}`(provider, db, sid)` and
 * {@link revokeUserSessions}`(provider, db, userId)`, and the same bound to the app as `app.identity`.
 */
export const identityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const db = app.db;
    const [keys, cookieKeys] = await Promise.all([loadSigningKeys(db), loadCookieKeys(db)]);
    const issuerPath = new URL(config.auth.issuer).pathname.replace(/\/+$/, '');
    const authPath = new URL(config.auth.url).pathname.replace(/\/+$/, '');
    const pages: PageContext = {
      resourcesPath: `${authPath}/resources`,
      publicUrl: config.publicUrl,
    };
    const provider = createProvider({
      config,
      db,
      jwks: keys.privateJwks,
      cookieKeys,
      pages,
      log: app.log,
    });

    const trustsProxy = config.trustProxy !== false;
    const callback = provider.callback();
    // One hook for every request below the issuer; every other request pays one string
    // comparison (no middleware engine).
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.raw.url ?? '/';
      if (!url.startsWith(issuerPath)) return done();
      // No referrer from any answer of the provider (Keycloak's default too): their addresses
      // carry tokens and personal data (the sign-out's id_token_hint with name and e-mail, a mail
      // link's key, login_hint), and the page they lead to (the app, after the sign-out) would
      // hold them in document.referrer, which an analytics tracker sends on.
      reply.raw.setHeader('Referrer-Policy', 'no-referrer');
      // The provider (a Koa app with `proxy` on) believes exactly what Fastify believes under
      // TRUST_PROXY: the forwarded headers it reads are replaced by Fastify's verdict on client
      // address, protocol and host, or removed when no proxy is trusted.
      const headers = request.raw.headers;
      for (const name of Object.keys(headers)) {
        if (name.startsWith('x-forwarded-') || name === 'forwarded') delete headers[name];
      }
      if (trustsProxy) {
        headers['x-forwarded-for'] = request.ip;
        headers['x-forwarded-proto'] = request.protocol;
        headers['x-forwarded-host'] = request.host;
      }
      // The provider's own endpoints are handed to it before routing; the login pages and the
      // few endpoints answered by Fastify routes are not, and neither is any unknown path, which
      // Fastify's not-found handler answers with problem+json like every other 404.
      const below = url.slice(issuerPath.length);
      if (below !== '' && below[0] !== '/' && below[0] !== '?') return done();
      const pathBelowIssuer = below.split('?')[0] || '/';
      if (isHandledOutsideProvider(pathBelowIssuer, request.raw.method)) return done();
      if (!isProviderPath(pathBelowIssuer)) return done();
      reply.hijack();
      // Mounted at the issuer's path, as Koa expects: the URL below it, the full one kept.
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = url;
      raw.url = below[0] === '/' ? below : `/${below}`;
      void callback(raw, reply.raw as ServerResponse);
    });

    await app.register(identityRoutes, {
      config,
      provider,
      pages,
      issuerPath,
      publicJwks: keys.publicJwks,
    });

    app.decorate('identity', {
      provider,
      publicJwks: keys.publicJwks,
      revokeSession: (sid: string) => revokeSessionBySid(provider, db, sid),
      revokeUserSessions: (userId: string, options?: { exceptSid?: string }) =>
        revokeUserSessions(provider, db, userId, options),
      endImpersonation: (sessionId: string, userId: string) =>
        revokeImpersonationGrant(provider, sessionId, userId),
    } satisfies EmbeddedIdentity);

    sweepEvery(app, 'identity sweep', SWEEP_INTERVAL_MS, () =>
      Promise.all([deleteExpiredPayloads(db), deleteOldSignInAttempts(db)]),
    );
  },
  { name: 'identity', dependencies: ['db'] },
);
