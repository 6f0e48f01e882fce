import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessCases, institutions } from './core';

/**
 * Orders of an institution. `status` is the bank order status for BANKACCOUNT orders
 * (forward only) and the installation status for TIORDER orders (derived, never lowered).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    businessCaseId: uuid('business_case_id').references(() => businessCases.id, {
      onDelete: 'set null',
    }),
    orderType: text('order_type', { enum: ['TIORDER', 'BANKACCOUNT'] }).notNull(),
    orderSource: text('order_source', { enum: ['QUNDO', 'LIONWARE'] }).notNull(),
    status: text('status').notNull(),
    onboardingUrl: text('onboarding_url'),
    bankingPortal: text('banking_portal'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_institution_idx').on(table.institutionId, table.createdAt),
    check(
      'orders_status_check',
      sql`(${table.orderType} = 'BANKACCOUNT' and ${table.status} in ('CREATED','INTERNAL_CHECK','LEGITIMISED','USER_DATA_COMPLETED','SET_UP'))
        or (${table.orderType} = 'TIORDER' and ${table.status} in ('HARDWARE_ORDERED','SMCB_ORDERED','PRE_CHECK_BOOKED','INSTALLATION_BOOKED','INSTALLATION_FINISHED'))`,
    ),
  ],
);

/** The five flags, appointments and error of a TI order (one row per TI order). */
export const tiOrderStatus = pgTable('ti_order_status', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  isRegisteredAtEgbr: boolean('is_registered_at_egbr').notNull().default(false),
  isEhbaCardRequested: boolean('is_ehba_card_requested').notNull().default(false),
  isEhbaCardOrdered: boolean('is_ehba_card_ordered').notNull().default(false),
  isSmcbCardRequested: boolean('is_smcb_card_requested').notNull().default(false),
  isSmcbCardOrdered: boolean('is_smcb_card_ordered').notNull().default(false),
  /** Local (Europe/Berlin) date-time `yyyy-MM-ddTHH:mm`. */
  preCheckAppointment: text('pre_check_appointment'),
  installationAppointment: text('installation_appointment'),
  errorMessage: text('error_message'),
  /**
   * Raised by every change of the five flags: a change that names an older version is refused
   * (409), so a tick set meanwhile by someone else is not undone by a page loaded before it.
   */
  version: integer('version').notNull().default(1),
});

/**
 * Booked pre-check slots. The unique index on the slot start makes a slot bookable exactly
 * once, even for parallel requests (no read-then-write); one pre-check per order.
 */
export const appointmentBookings = pgTable(
  'appointment_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Local (Europe/Berlin) slot date and times. */
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('appointment_bookings_slot_idx').on(table.date, table.startTime),
    uniqueIndex('appointment_bookings_order_idx').on(table.orderId),
  ],
);

/** Financing requests (Mein Finanzierungswunsch) of an institution. */
export const financingRequests = pgTable(
  'financing_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    /** Amount in euro cents. */
    amountCents: integer('amount_cents').notNull(),
    purpose: text('purpose').notNull(),
    termMonths: integer('term_months').notNull(),
    phone: text('phone').notNull(),
    state: text('state', { enum: ['SUBMITTED', 'IN_REVIEW', 'ANSWERED'] })
      .notNull()
      .default('SUBMITTED'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('financing_requests_institution_idx').on(table.institutionId, table.createdAt),
    check('financing_requests_amount_check', sql`${table.amountCents} > 0`),
    check('financing_requests_term_check', sql`${table.termMonths} between 1 and 360`),
  ],
);
