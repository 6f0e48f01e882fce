import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

/**
 * Single-use links sent by mail (invitation, password reset) and the simulated identification
 * service's transactions. Only the SHA-256 hash of the token is stored; a token is used once
 * (`used_at`) and expires (`expires_at`).
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind', {
      enum: [
        'INVITATION',
        'PASSWORD_RESET',
        'PASSWORD_CONFIRMATION',
        'IDENTIFICATION',
        'EMAIL_CHANGE',
      ],
    }).notNull(),
    /** EMAIL_CHANGE: the address that becomes the sign-in e-mail once its link is opened. */
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('account_tokens_hash_idx').on(table.tokenHash),
    index('account_tokens_user_idx').on(table.userId, table.kind),
  ],
);

/**
 * The identification state of a user as the identification service reports it: the raw
 * provider values `'true'` (started), `'false'`/`'2'` (failed), `'1'` (legitimised).
 */
export const identStatuses = pgTable('ident_statuses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
  status: text('status').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
