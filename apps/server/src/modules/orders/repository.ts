import type {
  BankOrderStatus,
  DatahubDocument,
  FinancingRequest,
  FinancingRequestInput,
  Order,
  OrderStatusUpdate,
  TiInstallationStatus,
  TiOrderStatusRecord,
} from '@portal/contract';
import { and, asc, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inGermanOrder } from '../../db/german-order';
import {
  appointmentBookings,
  businessCases,
  businessCaseTypes,
  financingRequests,
  institutions,
  institutionUserRoles,
  orders,
  relationships,
  tiOrderStatus,
  users,
} from '../../db/schema';
import { type InstitutionScope, isCustomerOf, isUuid } from '../../plugins/access';
import { conflict, notFound } from '../../plugins/errors';
import * as msg from './messages';
import { deriveInstallationStatus, isForwardBankStatus, type Slot } from './model';

type OrderRow = typeof orders.$inferSelect;

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  orderType: row.orderType,
  orderSource: row.orderSource,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  onboardingURL: row.onboardingUrl,
  bankingPortal: row.bankingPortal,
});

/** The scope institution's orders, newest first. */
export async function listOrders(db: Db, scope: InstitutionScope): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.institutionId, scope.institutionId))
    .orderBy(desc(orders.createdAt), asc(orders.id));
  return rows.map(toOrder);
}

async function findOrderRow(db: Db, scope: InstitutionScope, orderId: string) {
  if (!isUuid(orderId)) throw notFound(msg.ORDER_NOT_FOUND);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.institutionId, scope.institutionId)));
  if (!row) throw notFound(msg.ORDER_NOT_FOUND);
  return row;
}

export async function getOrder(db: Db, scope: InstitutionScope, orderId: string): Promise<Order> {
  return toOrder(await findOrderRow(db, scope, orderId));
}

async function tiRow(db: Db, scope: InstitutionScope, orderId: string) {
  const order = await findOrderRow(db, scope, orderId);
  if (order.orderType !== 'TIORDER') throw notFound(msg.NOT_A_TI_ORDER);
  await db.insert(tiOrderStatus).values({ orderId }).onConflictDoNothing();
  const [flags] = await db.select().from(tiOrderStatus).where(eq(tiOrderStatus.orderId, orderId));
  if (!flags) throw notFound(msg.ORDER_NOT_FOUND);
  return { order, flags };
}

const toRecord = (
  status: string,
  flags: typeof tiOrderStatus.$inferSelect,
): TiOrderStatusRecord => ({
  orderStatus: status as TiInstallationStatus,
  isRegisteredAtEgbr: flags.isRegisteredAtEgbr,
  isEhbaCardRequested: flags.isEhbaCardRequested,
  isEhbaCardOrdered: flags.isEhbaCardOrdered,
  isSmcbCardRequested: flags.isSmcbCardRequested,
  isSmcbCardOrdered: flags.isSmcbCardOrdered,
  preCheckAppointment: flags.preCheckAppointment,
  installationAppointment: flags.installationAppointment,
  errorMessage: flags.errorMessage,
  version: flags.version,
});

export async function getTiStatus(
  db: Db,
  scope: InstitutionScope,
  orderId: string,
): Promise<TiOrderStatusRecord> {
  const { order, flags } = await tiRow(db, scope, orderId);
  return toRecord(order.status, flags);
}

/**
 * Stores the five flags and raises the installation status as they (and bookings) say. With a
 * `version`, only while the stored flags still have it (same statement: of parallel changes on
 * one version exactly one succeeds); otherwise 409.
 */
export async function updateTiFlags(
  db: Db,
  scope: InstitutionScope,
  orderId: string,
  { version, ...input }: OrderStatusUpdate,
): Promise<TiOrderStatusRecord> {
  await tiRow(db, scope, orderId);
  return db.transaction(async (tx) => {
    const [flags] = await tx
      .update(tiOrderStatus)
      .set({ ...input, version: sql`${tiOrderStatus.version} + 1` })
      .where(
        and(
          eq(tiOrderStatus.orderId, orderId),
          version === undefined ? undefined : eq(tiOrderStatus.version, version),
        ),
      )
      .returning();
    if (!flags) {
      throw version === undefined ? notFound(msg.ORDER_NOT_FOUND) : conflict(msg.FLAGS_CHANGED);
    }
    const status = await raiseStatus(tx as unknown as Db, orderId, flags);
    return toRecord(status, flags);
  });
}

async function raiseStatus(db: Db, orderId: string, flags: typeof tiOrderStatus.$inferSelect) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound(msg.ORDER_NOT_FOUND);
  const next = deriveInstallationStatus(order.status as TiInstallationStatus, {
    isSmcbCardOrdered: flags.isSmcbCardOrdered,
    preCheckBooked: flags.preCheckAppointment !== null,
    installationBooked: flags.installationAppointment !== null,
  });
  if (next !== order.status) {
    await db
      .update(orders)
      .set({ status: next, updatedAt: new Date() })
      .where(eq(orders.id, orderId));
  }
  return next;
}

/** Booked slots whose date lies in [fromDate, toDate). */
export async function bookedSlots(db: Db, fromDate: string, toDate: string): Promise<Slot[]> {
  return db
    .select({
      date: appointmentBookings.date,
      startTime: appointmentBookings.startTime,
      endTime: appointmentBookings.endTime,
    })
    .from(appointmentBookings)
    .where(and(gte(appointmentBookings.date, fromDate), lt(appointmentBookings.date, toDate)));
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
};

/**
 * Books a pre-check slot for a TI order. The unique index on (date, start) decides races:
 * of parallel bookings exactly one insert succeeds, the others answer 409.
 */
export async function bookPrecheck(
  db: Db,
  scope: InstitutionScope,
  orderId: string,
  slot: Slot,
): Promise<TiOrderStatusRecord> {
  await tiRow(db, scope, orderId);
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(appointmentBookings).values({ orderId, ...slot });
      const [flags] = await tx
        .update(tiOrderStatus)
        .set({ preCheckAppointment: `${slot.date}T${slot.startTime}` })
        .where(eq(tiOrderStatus.orderId, orderId))
        .returning();
      if (!flags) throw notFound(msg.ORDER_NOT_FOUND);
      const status = await raiseStatus(tx as unknown as Db, orderId, flags);
      return toRecord(status, flags);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const [own] = await db
        .select({ id: appointmentBookings.id })
        .from(appointmentBookings)
        .where(eq(appointmentBookings.orderId, orderId));
      throw conflict(own ? msg.PRECHECK_ALREADY_BOOKED : msg.SLOT_TAKEN);
    }
    throw error;
  }
}

/**
 * The trusted contractor (scope) moves a customer's bank order forward. The customer must be
 * the contractor's customer and the order a bank order of a business case between the two
 * (decision 017: a customer with two trusted contractors has bank orders with each), else 404;
 * a status that is not later than the current one answers 409 (checked in the same UPDATE).
 */
export async function advanceBankOrder(
  db: Db,
  scope: InstitutionScope,
  customerId: string,
  orderId: string,
  status: BankOrderStatus,
): Promise<Order> {
  if (!isUuid(customerId) || !isUuid(orderId)) throw notFound(msg.ORDER_NOT_FOUND);
  if (!(await isCustomerOf(db, scope, customerId))) throw notFound(msg.CUSTOMER_NOT_FOUND);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(businessCases, eq(businessCases.id, orders.businessCaseId))
    .innerJoin(relationships, eq(relationships.id, businessCases.relationshipId))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.institutionId, customerId),
        eq(orders.orderType, 'BANKACCOUNT'),
        eq(relationships.customerId, customerId),
        eq(relationships.contractorId, scope.institutionId),
      ),
    );
  if (!order) throw notFound(msg.ORDER_NOT_FOUND);
  const earlier = (
    ['CREATED', 'INTERNAL_CHECK', 'LEGITIMISED', 'USER_DATA_COMPLETED', 'SET_UP'] as const
  ).filter((from) => isForwardBankStatus(from, status));
  const [updated] = await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), inArray(orders.status, earlier)))
    .returning();
  if (!updated) throw conflict(msg.BANK_STATUS_NOT_FORWARD);
  return toOrder(updated);
}

/**
 * The contractor's customers' bank orders (for the status form): those of the business cases
 * of the contractor's relationships, never a bank order the customer placed with another
 * trusted contractor (decision 017).
 */
export async function listCustomerBankOrders(db: Db, scope: InstitutionScope) {
  return db
    .select({
      customerId: institutions.id,
      customerName: institutions.name,
      referenceNumber: relationships.referenceNumber,
      orderId: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(relationships)
    .innerJoin(institutions, eq(institutions.id, relationships.customerId))
    .innerJoin(businessCases, eq(businessCases.relationshipId, relationships.id))
    .innerJoin(
      orders,
      and(
        eq(orders.businessCaseId, businessCases.id),
        eq(orders.institutionId, relationships.customerId),
        eq(orders.orderType, 'BANKACCOUNT'),
      ),
    )
    .where(eq(relationships.contractorId, scope.institutionId))
    .orderBy(inGermanOrder(institutions.name), asc(institutions.id), desc(orders.createdAt));
}

const TI_LABELS: Record<string, string> = {
  HARDWARE_ORDERED: 'Hardware bestellt',
  SMCB_ORDERED: 'SMC-B bestellt',
  PRE_CHECK_BOOKED: 'Vor-Check gebucht',
  INSTALLATION_BOOKED: 'Installation gebucht',
  INSTALLATION_FINISHED: 'Installation abgeschlossen',
};
const BANK_LABELS: Record<string, string> = {
  CREATED: 'Angelegt',
  INTERNAL_CHECK: 'Interne Prüfung',
  LEGITIMISED: 'Legitimiert',
  USER_DATA_COMPLETED: 'Nutzerdaten vervollständigt',
  SET_UP: 'Eingerichtet',
};

/**
 * The datahub document of a business case of the scope institution (as customer or as
 * contractor), assembled from the relationship, the institutions and the case's orders, and
 * answered as the spec says: `jsonData` (the document as a JSON string) and `businessCaseId`.
 */
export async function getDatahub(
  db: Db,
  scope: InstitutionScope,
  businessCaseId: string,
): Promise<DatahubDocument> {
  if (!isUuid(businessCaseId)) throw notFound(msg.BUSINESS_CASE_NOT_FOUND);
  const me = scope.institutionId;
  const [row] = await db
    .select({
      id: businessCases.id,
      createdAt: businessCases.createdAt,
      typeName: businessCaseTypes.name,
      typeLabel: businessCaseTypes.label,
      referenceNumber: relationships.referenceNumber,
      contractorId: relationships.contractorId,
      customerId: relationships.customerId,
    })
    .from(businessCases)
    .innerJoin(relationships, eq(relationships.id, businessCases.relationshipId))
    .innerJoin(businessCaseTypes, eq(businessCaseTypes.id, businessCases.businessCaseTypeId))
    .where(
      and(
        eq(businessCases.id, businessCaseId),
        or(eq(relationships.customerId, me), eq(relationships.contractorId, me)),
      ),
    );
  if (!row) throw notFound(msg.BUSINESS_CASE_NOT_FOUND);
  const parties = await db
    .select()
    .from(institutions)
    .where(inArray(institutions.id, [row.contractorId, row.customerId]));
  const contractor = parties.find((p) => p.id === row.contractorId);
  const customer = parties.find((p) => p.id === row.customerId);
  const caseOrders = await db
    .select()
    .from(orders)
    .where(and(eq(orders.businessCaseId, row.id), eq(orders.institutionId, row.customerId)))
    .orderBy(desc(orders.createdAt));

  const bankOrders = caseOrders.filter((order) => order.orderType === 'BANKACCOUNT');
  const tiOrders = caseOrders.filter((order) => order.orderType !== 'BANKACCOUNT');
  const orderEntry = (order: (typeof caseOrders)[number]) => {
    const bank = order.orderType === 'BANKACCOUNT';
    return {
      'Bestellt am': order.createdAt.toISOString(),
      Status: (bank ? BANK_LABELS : TI_LABELS)[order.status] ?? order.status,
      Abgeschlossen: order.status === (bank ? 'SET_UP' : 'INSTALLATION_FINISHED'),
    };
  };
  // The document as the datahub keeps it: German section titles, labels and plain JSON values.
  const document: Record<string, unknown> = {
    Vertrag: {
      Geschäftsfall: row.typeLabel,
      'Kundennummer (Kd.-Nr.)': row.referenceNumber,
      Auftragnehmer: contractor?.name ?? null,
      Vertragsbeginn: row.createdAt.toISOString(),
    },
    Kunde: {
      Name: customer?.name ?? null,
      Straße: customer?.street ?? null,
      Ort: customer ? `${customer.postalcode} ${customer.city}` : null,
    },
  };
  if (tiOrders.length > 0) document['TI-Bestellung'] = tiOrders.map(orderEntry);
  if (bankOrders.length > 0) document['Bankkonto-Bestellung'] = bankOrders.map(orderEntry);
  const requests = await db
    .select()
    .from(financingRequests)
    .where(eq(financingRequests.institutionId, row.customerId))
    .orderBy(desc(financingRequests.createdAt))
    .limit(1);
  if (row.typeName === 'MARKETING' && requests[0]) {
    document['Letzter Finanzierungswunsch'] = {
      Betrag: { amount: requests[0].amountCents / 100, currency: 'EUR' },
      Verwendungszweck: requests[0].purpose,
      'Laufzeit (Monate)': requests[0].termMonths,
      'Eingereicht am': requests[0].createdAt.toISOString(),
    };
  }
  return { businessCaseId: row.id, jsonData: JSON.stringify(document) };
}

const toRequest = (row: typeof financingRequests.$inferSelect): FinancingRequest => ({
  id: row.id,
  amount: row.amountCents / 100,
  purpose: row.purpose,
  termMonths: row.termMonths,
  phone: row.phone,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
});

export async function listFinancingRequests(
  db: Db,
  scope: InstitutionScope,
): Promise<FinancingRequest[]> {
  const rows = await db
    .select()
    .from(financingRequests)
    .where(eq(financingRequests.institutionId, scope.institutionId))
    .orderBy(desc(financingRequests.createdAt));
  return rows.map(toRequest);
}

export async function createFinancingRequest(
  db: Db,
  scope: InstitutionScope,
  input: FinancingRequestInput,
): Promise<FinancingRequest> {
  const [row] = await db
    .insert(financingRequests)
    .values({
      institutionId: scope.institutionId,
      createdBy: scope.userId,
      amountCents: Math.round(input.amount * 100),
      purpose: input.purpose,
      termMonths: input.termMonths,
      phone: input.phone,
    })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return toRequest(row);
}

/** Takes back a financing request that reached nobody (its mails could not be sent). */
export async function deleteFinancingRequest(db: Db, id: string): Promise<void> {
  await db.delete(financingRequests).where(eq(financingRequests.id, id));
}

/**
 * The admins of the trusted contractors serving the scope institution, each with what a mail to
 * them names: their salutation, the customer's name and its reference number (Kd.-Nr.) there.
 */
export async function contractorAdmins(db: Db, scope: InstitutionScope) {
  return db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.title,
      formOfAddress: users.formOfAddress,
      institutionName: institutions.name,
      referenceNumber: relationships.referenceNumber,
    })
    .from(relationships)
    .innerJoin(institutions, eq(institutions.id, relationships.customerId))
    .innerJoin(
      institutionUserRoles,
      and(
        eq(institutionUserRoles.institutionId, relationships.contractorId),
        eq(institutionUserRoles.role, 'INSTITUTION_ADMIN'),
      ),
    )
    .innerJoin(users, eq(users.id, institutionUserRoles.userId))
    .where(eq(relationships.customerId, scope.institutionId));
}

/** Name and e-mail address of the person who sent a request (the mail names them). */
export async function requester(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
