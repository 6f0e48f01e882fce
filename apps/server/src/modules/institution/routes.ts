import { idParams, institution } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../shared/responses';
import { getInstitution } from './service';

export const institutionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/institution/:id',
    {
      config: { institution: {} },
      schema: {
        tags: ['institution'],
        summary: 'One institution with its members and support contacts',
        description:
          'Only for members of the institution; for everyone else the institution does not exist (404).',
        params: idParams,
        response: { 200: institution, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => getInstitution(app.db, request.scope),
  );
};
