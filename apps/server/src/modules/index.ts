import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { clientsRoutes } from './clients/routes';
import { institutionRoutes } from './institution/routes';
import { pingRoutes } from './ping/routes';
import { userRoutes } from './user/routes';

/** Every API module; app.ts registers this under the /api prefix. */
export const modules: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  await app.register(pingRoutes);
  await app.register(clientsRoutes, { config });
  await app.register(userRoutes, { config });
  await app.register(institutionRoutes);
};
