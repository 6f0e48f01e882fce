import {
  contractorSearchList,
  contractorSearchQuery,
  customerUserList,
  customerUserParams,
  customerUserQuery,
  idParams,
  supportAccessList,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_ONLY } from '../../plugins/access';
import { forbidden } from '../../plugins/errors';
import {
  findImpersonationStart,
  impersonationSessionOf,
  recordImpersonationEvent,
} from '../../plugins/impersonation-audit';
import { problemResponses } from '../shared/responses';
import { listSupportAccess, searchCustomers, searchCustomerUsers } from './repository';

const IMPERSONATING_ROLES = ['INSTITUTION_ADMIN', 'SUPPORT_USER'] as const;

export const impersonationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/institution/:id/contractor',
    {
      config: { institution: { roles: IMPERSONATING_ROLES } },
      schema: {
        tags: ['impersonation'],
        summary: "Search the institution's customers (impersonation modal)",
        description:
          'Customers of institution `id` (it is the contractor) by name, Kd.-Nr., postal code ' +
          'or city. INSTITUTION_ADMIN and SUPPORT_USER only.',
        params: idParams,
        querystring: contractorSearchQuery,
        response: { 200: contractorSearchList, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      searchCustomers(app.db, request.scope, request.query.search, request.query.limit),
  );

  app.get(
    '/institution/:id/contractor/:contractorId/user',
    {
      config: { institution: { roles: IMPERSONATING_ROLES } },
      schema: {
        tags: ['impersonation'],
        summary: 'Search the users of one customer (impersonation modal)',
        description:
          '`contractorId` is a customer of institution `id`; otherwise 404. By name or e-mail.',
        params: customerUserParams,
        querystring: customerUserQuery,
        response: { 200: customerUserList, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      searchCustomerUsers(app.db, request.scope, request.params.contractorId, request.query.search),
  );

  app.get(
    '/institution/:id/support-access',
    {
      config: { institution: { roles: ADMIN_ONLY } },
      schema: {
        tags: ['impersonation'],
        summary: 'Support accesses to the institution (Support-Zugriffe)',
        description:
          'Who impersonated a user of institution `id`, from which contractor, when, how long.',
        params: idParams,
        response: { 200: supportAccessList, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listSupportAccess(app.db, request.scope),
  );

  app.post(
    '/impersonation/end',
    {
      schema: {
        tags: ['impersonation'],
        summary: 'Records the end of the current impersonation in the audit log',
        response: { 204: z.null(), ...problemResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const impersonator = request.auth.impersonator;
      if (!impersonator) throw forbidden('Es ist keine Nachahmung aktiv.');
      const sessionId = impersonationSessionOf(request.auth.claims) ?? 'unknown';
      // No further refresh: the impersonation's grant is revoked at the embedded provider.
      await app.identity?.endImpersonation(sessionId, request.auth.sub);
      // Who acted as whom, in the portal's ids, as the start recorded it (an external provider's
      // token names both by its own subjects and carries no institutions).
      const start = await findImpersonationStart(app.db, sessionId);
      const claims = request.auth.claims.impersonation as
        | { contractor?: string[]; customer?: string[] }
        | undefined;
      await recordImpersonationEvent(app.db, {
        event: 'end',
        sessionId,
        impersonation: start
          ? {
              impersonatorId: start.impersonatorId,
              impersonatorUsername: impersonator.username,
              userId: start.userId,
              contractorIds: start.contractorIds,
              customerIds: start.customerIds,
            }
          : {
              impersonatorId: impersonator.id,
              impersonatorUsername: impersonator.username,
              userId: request.auth.sub,
              contractorIds: claims?.contractor ?? [],
              customerIds: claims?.customer ?? [],
            },
        address: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.code(204).send(null);
    },
  );
};
