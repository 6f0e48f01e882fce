import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';

// Placeholder: replaced by its owner.
export const modules: FastifyPluginAsync<{ config: Config }> = async (app) => {
  app.get('/ping', async () => ({ status: 'ok' as const }));
};
