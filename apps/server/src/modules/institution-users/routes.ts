import {
  idParams,
  institution,
  institutionMember,
  institutionUpdate,
  institutionUserParams,
  invitation,
  userRoleUpdate,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { forgetCached } from '../../db/notified-cache';
import { ADMIN_ONLY } from '../../plugins/access';
import { INSTITUTION_CHANNEL } from '../institution/routes';
import { problemResponses } from '../shared/responses';
import {
  changeUserRole,
  inviteUser,
  type MailContext,
  removeUser,
  resendInvitation,
  saveInstitution,
} from './service';

const tags = ['institution'];
const adminOnly = 'Only for admins of the institution (403 for members, 404 for everyone else).';

/** Institution data and user administration (admins of the institution). */
export const institutionUsersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const db = app.db;
  // A support user acting as an admin invites in no one's name: the mail would name the admin.
  const mailFor = (request: FastifyRequest): MailContext => ({
    app,
    config,
    namesInviter: !request.auth.impersonator,
  });

  app.put(
    '/institution/:id',
    {
      config: { institution: { roles: ADMIN_ONLY } },
      schema: {
        tags,
        summary: 'Saves name, postal code, city and street',
        description:
          `${adminOnly} With \`version\` (the institution's, as loaded), a save over a change ` +
          'made meanwhile is refused with 409 and changes nothing; without it, the save ' +
          'overwrites what is stored.',
        params: idParams,
        body: institutionUpdate,
        response: { 200: institution, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const saved = await saveInstitution(db, request.scope, request.body);
      // The next GET from this process answers the new data, not only once the NOTIFY arrives.
      forgetCached(app, INSTITUTION_CHANNEL, request.scope.institutionId);
      return saved;
    },
  );

  app.post(
    '/institution/:id/user',
    {
      config: { institution: { roles: ADMIN_ONLY } },
      schema: {
        tags,
        summary: 'Invites a user (invitation mail), or adds an existing account (notice mail)',
        description: `${adminOnly} 409 when the address already belongs to a member.`,
        params: idParams,
        body: invitation,
        response: { 201: institutionMember, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const member = await inviteUser(db, mailFor(request), request.scope, request.body);
      // This process forgets the person's roles and the member list now, not only when the
      // NOTIFY arrives.
      app.principals.invalidate(member.id);
      forgetCached(app, INSTITUTION_CHANNEL, request.scope.institutionId);
      return reply.code(201).send(member);
    },
  );

  app.delete(
    '/institution/:id/user/:userId',
    {
      config: { institution: { roles: ADMIN_ONLY } },
      schema: {
        tags,
        summary: 'Removes a user from the institution',
        description: `${adminOnly} The last admin cannot be removed (409).`,
        params: institutionUserParams,
        response: {
          204: z.null().describe('Entfernt'),
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await removeUser(db, request.scope, request.params.userId);
      // Access ends with this answer in this process (other processes: with the NOTIFY).
      app.principals.invalidate(request.params.userId);
      forgetCached(app, INSTITUTION_CHANNEL, request.scope.institutionId);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/institution/:id/user/:userId',
    {
      config: { institution: { roles: ADMIN_ONLY } },
      schema: {
        tags,
        summary: "Changes a user's role in the institution",
        description: `${adminOnly} The last admin cannot be demoted (409).`,
        params: institutionUserParams,
        body: userRoleUpdate,
        response: { 200: institutionMember, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const member = await changeUserRole(
        db,
        request.scope,
        request.params.userId,
        request.body.role,
      );
      app.principals.invalidate(request.params.userId);
      forgetCached(app, INSTITUTION_CHANNEL, request.scope.institutionId);
      return member;
    },
  );

  app.post(
    '/institution/:id/user/:userId/email/invitation',
    {
      config: { institution: {} },
      schema: {
        tags,
        summary: 'Sends the invitation mail again (the earlier link stops working)',
        description:
          'Admins for any member, members for themselves (403 otherwise); 409 when the account ' +
          'is already activated.',
        params: institutionUserParams,
        response: {
          204: z.null().describe('Versendet'),
          ...problemResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await resendInvitation(db, mailFor(request), request.scope, request.params.userId);
      // The member's invitationValidUntil changed: the next GET from this process has the new
      // link's, not only once the NOTIFY arrives.
      forgetCached(app, INSTITUTION_CHANNEL, request.scope.institutionId);
      return reply.code(204).send(null);
    },
  );
};
