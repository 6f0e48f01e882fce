import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** People who sign in. `id` is the identity provider's subject (`sub`). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    title: text('title'),
    formOfAddress: text('form_of_address'),
    onboardedByClient: text('onboarded_by_client'),
    hasAccountActivated: boolean('has_account_activated').notNull().default(false),
    dateTimeCreated: timestamp('date_time_created', { withTimezone: true }).notNull().defaultNow(),
    /** scrypt hash for the embedded identity provider; null for users of an external one. */
    passwordHash: text('password_hash'),
    /** Account (realm) roles: client, technical, 2fa. */
    realmRoles: text('realm_roles').array().notNull().default(sql`ARRAY['client']::text[]`),
    /** Base32 TOTP secret while two-factor sign-in is active. */
    totpSecret: text('totp_secret'),
    /** Time step (30 s counter) of the last accepted one-time code: each code works once. */
    totpLastStep: integer('totp_last_step'),
    /** Subject at an external identity provider, when it differs from `id`. */
    identitySubject: text('identity_subject'),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    uniqueIndex('users_identity_subject_idx').on(table.identitySubject),
  ],
);

export const institutions = pgTable(
  'institutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    postalcode: text('postalcode').notNull(),
    street: text('street').notNull(),
    trusted: boolean('trusted').notNull().default(false),
    theme: text('theme'),
    /**
     * Raised by every change of name, postal code, city or street: a save that names an older
     * version is refused (409), so one admin does not silently overwrite another's change.
     */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (table) => [
    // Customer search (impersonation modal): name anywhere (trigrams, extension pg_trgm),
    // postal code and city by prefix; name and city in one spelling (portal_fold, migration
    // 0021: 'Mueller' finds 'Müller').
    index('institutions_name_search_idx').using(
      'gin',
      sql`portal_fold(${table.name}) gin_trgm_ops`,
    ),
    index('institutions_postalcode_search_idx').on(sql`${table.postalcode} text_pattern_ops`),
    index('institutions_city_search_idx').on(sql`portal_fold(${table.city}) text_pattern_ops`),
  ],
);

export const institutionUserRoles = pgTable(
  'institution_user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    role: text('role', {
      enum: ['INSTITUTION_ADMIN', 'INSTITUTION_MEMBER', 'SUPPORT_USER'],
    }).notNull(),
    /**
     * Whom the newest invitation mail into this institution named as the inviter (none while a
     * support user acted as the admin, or when the person asked for it again): the page behind
     * the invitation link names them too.
     */
    invitedBy: uuid('invited_by').references(() => users.id, {
      onDelete: 'set null',
      onUpdate: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.institutionId] }),
    index('institution_user_roles_institution_idx').on(table.institutionId),
  ],
);

export const supportContacts = pgTable(
  'support_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    phone: text('phone'),
    email: text('email'),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('support_contacts_institution_idx').on(table.institutionId)],
);

/** A trusted contractor serving a customer institution. */
export const relationships = pgTable(
  'relationships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    /** The customer's reference number at the contractor ("Kd.-Nr."). */
    referenceNumber: text('reference_number').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('relationships_pair_idx').on(table.contractorId, table.customerId),
    index('relationships_customer_idx').on(table.customerId),
    // Customer search by Kd.-Nr. prefix within one contractor (impersonation modal).
    index('relationships_reference_search_idx').on(
      table.contractorId,
      sql`lower(${table.referenceNumber}) text_pattern_ops`,
    ),
  ],
);

export const businessCaseTypes = pgTable('business_case_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Technical name, e.g. TIORDER, BANKACCOUNT, ODITS_KUNDENCENTER_PFLEGE. */
  name: text('name').notNull().unique(),
  /** German display label. */
  label: text('label').notNull(),
});

export const businessCases = pgTable(
  'business_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    relationshipId: uuid('relationship_id')
      .notNull()
      .references(() => relationships.id, { onDelete: 'cascade' }),
    businessCaseTypeId: uuid('business_case_type_id')
      .notNull()
      .references(() => businessCaseTypes.id),
    createdAt: createdAt(),
  },
  (table) => [index('business_cases_relationship_idx').on(table.relationshipId)],
);

/** oidc-provider's stored models (sessions, grants, codes, refresh tokens, interactions). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.id, table.type] }),
    index('oidc_payloads_grant_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_user_code_idx').on(table.userCode),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** Secrets generated on first start and shared by every server process (signing keys, cookie keys). */
export const identitySecrets = pgTable('identity_secrets', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/**
 * API requests per key (address) in the current fixed window, shared by every process on one
 * database (RATE_LIMIT_PER_MINUTE), written in batches by plugins/rate-limit-store.ts.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Sign-in attempts, claimed before a password or one-time code is checked (one row per key,
 * counted up in one statement, so parallel attempts never check more than the limit):
 * `pair:` account and address (locks that pair for the window), `account:` every address
 * (growing delay through `next_allowed_at`), `fresh:` first attempts from addresses without
 * failures for the account, `address:` every account from one address.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  nextAllowedAt: timestamp('next_allowed_at', { withTimezone: true }).notNull(),
});
