import { documentMetadataList, id } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemResponses } from '../shared/responses';
import { documentMetadata } from './repository';

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents/metadata',
    {
      config: { institution: { query: 'institution' } },
      schema: {
        tags: ['documents'],
        summary: 'Document counts per type for the calling user',
        description:
          '`countAll` and `countUnread` (not yet downloaded by the caller) for every document ' +
          'type of the institution. Members only (else 404).',
        querystring: z.object({ institution: id }),
        response: { 200: documentMetadataList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => documentMetadata(app.db, request.scope),
  );
};
