import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Audit trail of support impersonations: one row per start, refresh and end. Rows are only ever
 * inserted (no API route changes or deletes them; a trigger refuses UPDATE and DELETE).
 */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    event: text('event', { enum: ['start', 'refresh', 'end'] }).notNull(),
    /** The impersonation's token id (jti of the first token); links start, refresh and end. */
    sessionId: text('session_id').notNull(),
    impersonatorId: uuid('impersonator_id').notNull(),
    impersonatorName: text('impersonator_name').notNull(),
    userId: uuid('user_id').notNull(),
    userName: text('user_name').notNull(),
    contractorIds: uuid('contractor_ids').array().notNull(),
    customerIds: uuid('customer_ids').array().notNull(),
    address: text('address'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('impersonation_audit_session_idx').on(table.sessionId),
    // One start per impersonation: an external provider's impersonation is recorded when the API
    // first sees one of its tokens, possibly by several requests or processes at once.
    uniqueIndex('impersonation_audit_start_idx')
      .on(table.sessionId)
      .where(sql`${table.event} = 'start'`),
    index('impersonation_audit_customers_idx').using('gin', table.customerIds),
    index('impersonation_audit_created_idx').on(table.createdAt),
  ],
);
