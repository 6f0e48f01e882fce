import { type PublicConfig, publicConfig } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { NO_SECURITY } from '../shared/responses';

export function toPublicConfig(config: Config): PublicConfig {
  return {
    authUrl: config.auth.url,
    realm: config.auth.realm,
    clientId: config.auth.clientId,
    serverStatusUrl: config.serverStatusUrl,
    analytics: config.analyticsSites,
    ...(config.analytics.url ? { analyticsUrl: config.analytics.url } : {}),
    analyticsPersonalData: config.analytics.personalData,
    uploadMaxBytes: config.documents.uploadMaxBytes,
    credentialsAtProvider: config.auth.mode === 'external',
  };
}

/** Runtime configuration the app needs before sign-in; no token. */
export const clientsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body = toPublicConfig(config);
  app.get(
    '/clients/public/config',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Runtime configuration of the web app (public)',
        security: NO_SECURITY,
        response: { 200: publicConfig },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return body;
    },
  );
};
