import { institutionSummaryList, user } from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { problemResponses } from '../shared/responses';
import { ensureBackendUserExists, getCurrentUser, getCurrentUserInstitutions } from './service';
import { endIdentitySession } from './session';

export const userRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/user/current',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user with their institution roles',
        description:
          'A restricted user (token without the realm role `client`, or with `technical`) gets 403.',
        response: { 200: user, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => getCurrentUser(app.principals, request.auth),
  );

  app.get(
    '/user/current/institutions',
    {
      schema: {
        tags: ['user'],
        summary: "The signed-in user's institutions (id, name, trusted), in role order",
        description:
          'All of them in one answer, for the institution switcher; `GET /institution/{id}` ' +
          'answers the whole institution. A restricted user gets 403.',
        response: { 200: institutionSummaryList, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => getCurrentUserInstitutions(app.db, app.principals, request.auth),
  );

  app.post(
    '/user/ensureBackendUserExists',
    {
      schema: {
        tags: ['user'],
        summary: 'Creates the portal user of the token subject if it does not exist yet',
        description:
          'No body. Answers 200 with the user. A user of an external identity provider is created ' +
          'from the token claims (`sub`, `email`, `given_name`, `family_name`); an existing user ' +
          'with the same e-mail and no linked subject is linked when `email_verified` is true, ' +
          'otherwise 409.',
        response: { 200: user, ...problemResponses(400, 401, 409) },
      },
    },
    async (request) => ensureBackendUserExists(app.db, app.principals, request.auth),
  );

  app.post(
    '/user/logout',
    {
      // A restricted user is signed out after 5 seconds: ending their session stays allowed.
      config: { allowRestricted: true },
      schema: {
        tags: ['user'],
        summary: "Ends the server side of the session (the token's `sid`)",
        response: { 204: z.null().describe('Abgemeldet'), ...problemResponses(401) },
      },
    },
    async (request, reply) => {
      await endIdentitySession(app, config, request.auth);
      return reply.code(204).send(null);
    },
  );
};
