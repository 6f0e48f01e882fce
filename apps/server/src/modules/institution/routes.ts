import { type Institution, idParams, institution } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listenForInvalidation, NotifiedCache } from '../../db/notified-cache';
import { frozenAnswer } from '../../plugins/serialization';
import { problemResponses } from '../shared/responses';
import { getInstitution } from './service';

/** Triggers (migration 0012) notify it with the id of an institution whose answer changed. */
export const INSTITUTION_CHANNEL = 'portal_institution';

export const institutionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answer is the same for every member (access is checked before): kept in memory until
  // anything in it changes, in any process. Frozen, it is serialized once while it is kept.
  const answers = new NotifiedCache<Institution>();
  await listenForInvalidation(app, INSTITUTION_CHANNEL, answers);
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
    // Not async: a kept answer is sent as it is, without a promise for Fastify to adopt.
    (request) =>
      answers.current(request.scope.institutionId, async () =>
        frozenAnswer(await getInstitution(app.db, request.scope)),
      ),
  );
};
