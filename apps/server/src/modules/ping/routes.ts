import { ping } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NO_SECURITY } from '../shared/responses';

/** Health check: any failure means the backend is down. */
export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ping',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Health check',
        security: NO_SECURITY,
        response: { 200: ping },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
