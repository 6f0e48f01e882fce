import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { businessCaseTypes, institutions } from './core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Content-addressed images (tile and group icons, partner logos): the key is the SHA-256 of the
 * stored bytes, so the URL `/api/tile-icon/{sha256}` never changes meaning (cached immutably).
 */
export const tileIcons = pgTable(
  'tile_icons',
  {
    sha256: text('sha256').primaryKey(),
    mediaType: text('media_type', {
      enum: ['image/png', 'image/svg+xml', 'image/webp'],
    }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tile_icons_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'tile_icons_media_type_check',
      sql`${table.mediaType} in ('image/png', 'image/svg+xml', 'image/webp')`,
    ),
  ],
);

/** Marketing tile groups of a trusted institution (one page per group: /marketing-group/{name}). */
export const tileGroups = pgTable(
  'tile_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    shortDescription: text('short_description'),
    iconSha256: text('icon_sha256').references(() => tileIcons.sha256),
  },
  (table) => [uniqueIndex('tile_groups_institution_name_idx').on(table.institutionId, table.name)],
);

/**
 * Tile definitions: owned by a trusted institution, for one business case type. Customers see
 * the definitions of the contractors they have a business case of that type with. `version`
 * is the optimistic lock: every update or delete names it and bumps it in one statement.
 */
export const tileDefinitions = pgTable(
  'tile_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    institutionId: uuid('institution_id')
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    businessCaseTypeId: uuid('business_case_type_id')
      .notNull()
      .references(() => businessCaseTypes.id),
    version: integer('version').notNull().default(0),
    name: text('name').notNull(),
    title: text('title'),
    shortDescription: text('short_description'),
    description: text('description'),
    target: text('target').notNull(),
    isInternal: boolean('is_internal').notNull(),
    tileType: text('tile_type', { enum: ['PRIMARY', 'FUNCTIONAL', 'MARKETING'] }).notNull(),
    iconSha256: text('icon_sha256').references(() => tileIcons.sha256),
    isDyeable: boolean('is_dyeable').notNull().default(false),
    priority: integer('priority').notNull().default(3),
    queryParams: jsonb('query_params').$type<Record<string, string>>(),
    notificationCount: integer('notification_count'),
    onePath: text('one_path'),
    tileGroupId: uuid('tile_group_id').references(() => tileGroups.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tile_definitions_institution_type_idx').on(
      table.institutionId,
      table.businessCaseTypeId,
    ),
    check('tile_definitions_priority_check', sql`${table.priority} between 1 and 5`),
    check(
      'tile_definitions_tile_type_check',
      sql`${table.tileType} in ('PRIMARY', 'FUNCTIONAL', 'MARKETING')`,
    ),
    check('tile_definitions_version_check', sql`${table.version} >= 0`),
  ],
);

/** A trusted institution's logo (co-branding in the navbar of the customers it serves). */
export const institutionLogos = pgTable('institution_logos', {
  institutionId: uuid('institution_id')
    .primaryKey()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  iconSha256: text('icon_sha256')
    .notNull()
    .references(() => tileIcons.sha256),
});
