import { ping } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceUnavailable } from '../../plugins/errors';
import { NO_SECURITY } from '../shared/responses';

/** How long the readiness check waits for the database before it answers 503. */
const READY_TIMEOUT_MS = 2_000;

/**
 * Health check: any failure means the backend is down (the app's banner). `GET /api/ready` is
 * the operator's readiness check for a load balancer: it asks the database too, so a process
 * whose database is away is taken out of rotation (503 with Retry-After) instead of receiving
 * requests that all answer 503. Not in the spec's call table; the app does not use it.
 */
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

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Readiness check for a load balancer: the database answers (else 503)',
        security: NO_SECURITY,
        response: { 200: z.object({ status: z.literal('ready') }) },
      },
    },
    async () => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.db.execute(sql`select 1`), timeout]);
      } catch {
        throw serviceUnavailable();
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ready' as const };
    },
  );
};
