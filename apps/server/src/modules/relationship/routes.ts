import { idParams, relationshipList, relationshipQuery } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../shared/responses';
import { listRelationships } from './repository';

export const relationshipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/institution/:id/relationship',
    {
      config: { institution: {} },
      schema: {
        tags: ['institution'],
        summary: "The institution's relationships with trusted contractors or customers",
        description:
          'Seen from institution `id`: `contractorId` is the other institution, `owner` is true ' +
          'where `id` is the trusted contractor. `owner=true` (or `false`) lists only those, ' +
          '`limit` at most that many (oldest first). Members only (else 404).',
        params: idParams,
        querystring: relationshipQuery,
        response: { 200: relationshipList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => listRelationships(app.db, request.scope, request.query),
  );
};
