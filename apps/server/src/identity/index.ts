import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import fp from 'fastify-plugin';
import type { JWK } from 'jose';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import { deleteExpiredPayloads } from './adapter';
import { loadCookieKeys, loadSigningKeys } from './keys';
import type { PageContext } from './pages';
import { createProvider } from './provider';
import { revokeSessionBySid, revokeUserSessions } from './revoke';
import { identityRoutes, isHandledOutsideProvider } from './routes';
import { deleteOldSignInFailures } from './sign-in-failures';

export {
  ACCESS_TOKEN_TTL,
  apiResource,
  clientUrls,
  KEYCLOAK_ROUTES,
  REFRESH_TOKEN_IDLE_TTL,
  SESSION_MAX_TTL,
} from './provider';
export { findSid, revokeSessionBySid, revokeUserSessions } from './revoke';
export { acceptTotp, totpStep } from './second-factor';

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
  /** Ends every session of a user (e.g. after a password change); resolves to the count. */
  revokeUserSessions(userId: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present only when the embedded identity provider runs (IDENTITY_PROVIDER=embedded). */
    identity?: EmbeddedIdentity;
  }
}

/** Sweep expired provider rows and old sign-in failures this often. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The embedded, Keycloak-compatible OpenID provider: oidc-provider mounted at the issuer's path
 * (`/auth/realms/portal`) with Keycloak's endpoint paths, one public client (`portal-web`,
 * code + PKCE S256), German sign-in pages with optional TOTP, JWT access tokens with
 * Keycloak-shaped claims, everything persisted in the database.
 *
 * Also exported for the API layer: {@link revokeSessionBySid}`(db, sid)` and
 * {@link revokeUserSessions}`(db, userId)`, and the same bound to the app as `app.identity`.
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

    if (!app.hasDecorator('use')) await app.register(middie);
    const callback = provider.callback();
    // middie hands every request under the issuer to the provider, which answers unknown paths
    // with 404: the login pages and the few endpoints answered by Fastify routes skip it.
    app.use(issuerPath, (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const pathBelowIssuer = (req.url ?? '/').split('?')[0] ?? '/';
      if (isHandledOutsideProvider(pathBelowIssuer, req.method)) return next();
      void callback(req, res);
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
      revokeSession: (sid: string) => revokeSessionBySid(db, sid),
      revokeUserSessions: (userId: string) => revokeUserSessions(db, userId),
    } satisfies EmbeddedIdentity);

    const sweep = () =>
      Promise.all([deleteExpiredPayloads(db), deleteOldSignInFailures(db)]).catch((error) =>
        app.log.warn({ err: error }, 'identity sweep failed'),
      );
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'identity', dependencies: ['db'] },
);
