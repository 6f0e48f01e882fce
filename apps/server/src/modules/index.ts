import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { accountRoutes } from './account/routes';
import { clientsRoutes } from './clients/routes';
import { documentRoutes } from './documents/routes';
import { impersonationRoutes } from './impersonation/routes';
import { institutionRoutes } from './institution/routes';
import { institutionUsersRoutes } from './institution-users/routes';
import { ordersRoutes } from './orders/routes';
import { pingRoutes } from './ping/routes';
import { relationshipRoutes } from './relationship/routes';
import { tileRoutes } from './tiles/routes';
import { userRoutes } from './user/routes';

/** Every API module; app.ts registers this under the /api prefix. */
export const modules: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  // Actions without a body (ensureBackendUserExists, logout, invitations) are often sent with
  // `Content-Type: application/json` and nothing after it: treat that as no body rather than
  // 400. Non-empty bodies go through Fastify's own parser (prototype-poisoning checks included).
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    defaultJsonParser(request, text, done);
  });

  await app.register(pingRoutes);
  await app.register(clientsRoutes, { config });
  await app.register(userRoutes, { config });
  await app.register(institutionRoutes);
  await app.register(relationshipRoutes);
  await app.register(tileRoutes);
  await app.register(accountRoutes, { config });
  await app.register(institutionUsersRoutes, { config });
  await app.register(ordersRoutes, { config });
  await app.register(documentRoutes, { config });
  await app.register(impersonationRoutes);
};
