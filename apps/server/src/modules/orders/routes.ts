import {
  appointment,
  appointmentQuery,
  availableAppointments,
  bankOrderStatusParams,
  bankOrderStatusUpdate,
  calendarDate,
  datahubDocument,
  datahubParams,
  financingRequest,
  financingRequestInput,
  financingRequestList,
  idParams,
  order,
  orderList,
  orderParams,
  orderStatusUpdate,
  tiOrderStatusRecord,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { ADMIN_ONLY } from '../../plugins/access';
import { problemResponses } from '../shared/responses';
import { analyticsRoutes } from './analytics';
import { parseWorkingHours } from './model';
import {
  advanceBankOrder,
  getDatahub,
  getOrder,
  getTiStatus,
  listCustomerBankOrders,
  listFinancingRequests,
  listOrders,
  updateTiFlags,
} from './repository';
import {
  bookOfferedPrecheck,
  availableAppointments as freeSlots,
  submitFinancingRequest,
} from './service';

const customerBankOrders = z.array(
  z.object({
    customerId: z.string(),
    customerName: z.string(),
    /** The customer's Kd.-Nr. at this contractor. */
    referenceNumber: z.string(),
    orderId: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
);

export const ordersRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const hours = parseWorkingHours(config.appointmentHours);
  await app.register(analyticsRoutes, { config });

  app.get(
    '/institution/:id/order',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: "The institution's orders, newest first",
        params: idParams,
        response: { 200: orderList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => listOrders(app.db, request.scope),
  );

  app.get(
    '/institution/:id/order/:orderId',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: 'One order of the institution',
        params: orderParams,
        response: { 200: order, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => getOrder(app.db, request.scope, request.params.orderId),
  );

  app.get(
    '/institution/:id/order-status/:orderId',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: "A TI order's status record (five flags, installation status, appointments)",
        params: orderParams,
        response: { 200: tiOrderStatusRecord, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => getTiStatus(app.db, request.scope, request.params.orderId),
  );

  app.put(
    '/institution/:id/order-status/:orderId',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: "Sets a TI order's five flags; the installation status is raised, never lowered",
        description:
          "With `version` (the record's, as loaded), a change over one made meanwhile is refused " +
          'with 409 and changes nothing; without it, the flags overwrite what is stored.',
        params: orderParams,
        body: orderStatusUpdate.strict(),
        response: { 200: tiOrderStatusRecord, ...problemResponses(400, 401, 404, 409) },
      },
    },
    async (request) => updateTiFlags(app.db, request.scope, request.params.orderId, request.body),
  );

  app.post(
    '/institution/:id/order/:orderId/precheck',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary:
          'Books a free pre-check slot for a TI order (409 when taken or no longer in the future)',
        params: orderParams,
        // A day that exists (no month 13, no 30 February): the slot search cannot place others.
        body: appointment.extend({ date: calendarDate }).strict(),
        response: { 201: tiOrderStatusRecord, ...problemResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const record = await bookOfferedPrecheck(
        app.db,
        request.scope,
        hours,
        request.params.orderId,
        request.body,
      );
      return reply.code(201).send(record);
    },
  );

  app.get(
    '/appointment/',
    {
      schema: {
        tags: ['orders'],
        summary: 'Free pre-check slots from fromDate (inclusive) to toDate (exclusive)',
        description:
          'Working hours Monday to Friday in two-hour slots (APPOINTMENT_HOURS, Europe/Berlin), ' +
          'without German public holidays, minus booked slots and slots whose start is not in ' +
          'the future. At most two months.',
        querystring: appointmentQuery,
        response: { 200: availableAppointments, ...problemResponses(400, 401) },
      },
    },
    async (request) => freeSlots(app.db, hours, request.query.fromDate, request.query.toDate),
  );

  app.put(
    '/institution/:contractorId/customer/:customerId/bank-order/:orderId/status',
    {
      config: { institution: { param: 'contractorId', roles: ADMIN_ONLY, trusted: true } },
      schema: {
        tags: ['orders'],
        summary: "A trusted contractor's admin moves a customer's bank order forward",
        params: bankOrderStatusParams,
        body: bankOrderStatusUpdate.strict(),
        response: { 200: order, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      advanceBankOrder(
        app.db,
        request.scope,
        request.params.customerId,
        request.params.orderId,
        request.body.status,
      ),
  );

  app.get(
    '/institution/:id/customer-bank-order',
    {
      config: { institution: { roles: ADMIN_ONLY, trusted: true } },
      schema: {
        tags: ['orders'],
        summary: "The trusted contractor's customers' bank orders",
        params: idParams,
        response: { 200: customerBankOrders, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      (await listCustomerBankOrders(app.db, request.scope)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      })),
  );

  app.get(
    '/institution/:id/datahub/businessCaseId/:businessCaseId',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: "A business case's datahub document: jsonData (a JSON string) and businessCaseId",
        params: datahubParams,
        response: { 200: datahubDocument, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => getDatahub(app.db, request.scope, request.params.businessCaseId),
  );

  app.get(
    '/institution/:id/financing-request',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: "The institution's financing requests, newest first",
        params: idParams,
        response: { 200: financingRequestList, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => listFinancingRequests(app.db, request.scope),
  );

  app.post(
    '/institution/:id/financing-request',
    {
      config: { institution: {} },
      schema: {
        tags: ['orders'],
        summary: "Stores a financing request and mails it to the trusted contractor's admins",
        params: idParams,
        body: financingRequestInput.strict(),
        response: { 201: financingRequest, ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await submitFinancingRequest(app, request.scope, request.body)),
  );
};
