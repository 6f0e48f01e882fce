import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { AuthContext } from '../../plugins/auth';

/**
 * Ends the identity provider's session named by the token's `sid` (embedded mode): the session,
 * its grants and refresh tokens are revoked, so the app cannot refresh any more. Issued access
 * tokens stay valid until they expire. With an external provider (Keycloak) the app ends the
 * session itself through the provider's logout endpoint.
 */
export async function endIdentitySession(
  app: FastifyInstance,
  config: Config,
  auth: AuthContext,
): Promise<void> {
  if (config.auth.mode !== 'embedded' || !auth.sid || !app.identity) return;
  await app.identity.revokeSession(auth.sid);
}
