import type { BusinessCaseType, Tile, TileGroup, TrustedPartner } from '@portal/contract';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  businessCases,
  businessCaseTypes,
  institutionLogos,
  institutions,
  relationships,
  tileDefinitions,
  tileGroups,
  tileIcons,
} from '../../db/schema';
import { type InstitutionScope, isUuid } from '../../plugins/access';
import { iconUrl, type StoredIcon } from './icons';

type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

const tileColumns = {
  id: tileDefinitions.id,
  version: tileDefinitions.version,
  name: tileDefinitions.name,
  title: tileDefinitions.title,
  shortDescription: tileDefinitions.shortDescription,
  description: tileDefinitions.description,
  target: tileDefinitions.target,
  isInternal: tileDefinitions.isInternal,
  tileType: tileDefinitions.tileType,
  iconSha256: tileDefinitions.iconSha256,
  isDyeable: tileDefinitions.isDyeable,
  priority: tileDefinitions.priority,
  businessCaseType: businessCaseTypes.name,
  businessCaseTypeId: tileDefinitions.businessCaseTypeId,
  queryParams: tileDefinitions.queryParams,
  notificationCount: tileDefinitions.notificationCount,
  onePath: tileDefinitions.onePath,
  institutionId: tileDefinitions.institutionId,
  groupId: tileGroups.id,
  groupName: tileGroups.name,
  groupDescription: tileGroups.description,
  groupShortDescription: tileGroups.shortDescription,
  groupIconSha256: tileGroups.iconSha256,
};

const selectTiles = (db: Executor) =>
  db
    .select(tileColumns)
    .from(tileDefinitions)
    .innerJoin(businessCaseTypes, eq(businessCaseTypes.id, tileDefinitions.businessCaseTypeId))
    .leftJoin(tileGroups, eq(tileGroups.id, tileDefinitions.tileGroupId));

type TileRow = Awaited<ReturnType<ReturnType<typeof selectTiles>['execute']>>[number];

function toTile(row: TileRow): Tile {
  const {
    iconSha256,
    groupId,
    groupName,
    groupDescription,
    groupShortDescription,
    groupIconSha256,
    ...rest
  } = row;
  return {
    ...rest,
    icon: iconUrl(iconSha256),
    tileGroup:
      groupId && groupName !== null
        ? {
            id: groupId,
            name: groupName,
            description: groupDescription,
            shortDescription: groupShortDescription,
            icon: iconUrl(groupIconSha256),
          }
        : null,
  };
}

const order = [asc(tileDefinitions.priority), asc(tileDefinitions.name), asc(tileDefinitions.id)];

/**
 * The dashboard tiles of the scope institution: the definitions of every contractor it has a
 * relationship with, for the business case types it has a business case for there.
 */
export async function listDashboardTiles(db: Db, scope: InstitutionScope): Promise<Tile[]> {
  const rows = await selectTiles(db)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(relationships)
          .innerJoin(businessCases, eq(businessCases.relationshipId, relationships.id))
          .where(
            and(
              eq(relationships.customerId, scope.institutionId),
              eq(relationships.contractorId, tileDefinitions.institutionId),
              eq(businessCases.businessCaseTypeId, tileDefinitions.businessCaseTypeId),
            ),
          ),
      ),
    )
    .orderBy(...order);
  return rows.map((row) => toTile(row));
}

/** The scope (trusted) institution's own definitions of one business case type. */
export async function listDefinitions(
  db: Db,
  scope: InstitutionScope,
  businessCaseTypeId: string,
): Promise<Tile[]> {
  // Ids of the contract's shape that are no UUID name nothing (and PostgreSQL cannot cast them).
  if (!isUuid(businessCaseTypeId)) return [];
  const rows = await selectTiles(db)
    .where(
      and(
        eq(tileDefinitions.institutionId, scope.institutionId),
        eq(tileDefinitions.businessCaseTypeId, businessCaseTypeId),
      ),
    )
    .orderBy(...order);
  return rows.map((row) => toTile(row));
}

/** One of the scope institution's definitions, or undefined. */
export async function findDefinition(
  db: Executor,
  scope: InstitutionScope,
  tileId: string,
): Promise<Tile | undefined> {
  if (!isUuid(tileId)) return undefined;
  const rows = await selectTiles(db)
    .where(
      and(eq(tileDefinitions.id, tileId), eq(tileDefinitions.institutionId, scope.institutionId)),
    )
    .limit(1);
  return rows[0] ? toTile(rows[0]) : undefined;
}

/** The scope institution's tile groups. */
export async function listGroups(db: Db, scope: InstitutionScope): Promise<TileGroup[]> {
  const rows = await db
    .select()
    .from(tileGroups)
    .where(eq(tileGroups.institutionId, scope.institutionId))
    .orderBy(asc(tileGroups.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    shortDescription: row.shortDescription,
    icon: iconUrl(row.iconSha256),
  }));
}

export async function groupExists(
  db: Executor,
  scope: InstitutionScope,
  groupId: string,
): Promise<boolean> {
  if (!isUuid(groupId)) return false;
  const rows = await db
    .select({ id: tileGroups.id })
    .from(tileGroups)
    .where(and(eq(tileGroups.id, groupId), eq(tileGroups.institutionId, scope.institutionId)))
    .limit(1);
  return rows.length > 0;
}

export async function businessCaseTypeExists(db: Executor, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .select({ id: businessCaseTypes.id })
    .from(businessCaseTypes)
    .where(eq(businessCaseTypes.id, id))
    .limit(1);
  return rows.length > 0;
}

/**
 * Business case types: for a trusted institution every type (it may define tiles for any); for
 * a customer the types it has a business case for.
 */
export async function listBusinessCaseTypes(
  db: Db,
  scope: InstitutionScope,
): Promise<BusinessCaseType[]> {
  const columns = {
    id: businessCaseTypes.id,
    name: businessCaseTypes.name,
    label: businessCaseTypes.label,
  };
  if (scope.trusted) {
    return db.select(columns).from(businessCaseTypes).orderBy(asc(businessCaseTypes.label));
  }
  return db
    .selectDistinct(columns)
    .from(businessCaseTypes)
    .innerJoin(businessCases, eq(businessCases.businessCaseTypeId, businessCaseTypes.id))
    .innerJoin(relationships, eq(relationships.id, businessCases.relationshipId))
    .where(eq(relationships.customerId, scope.institutionId))
    .orderBy(asc(businessCaseTypes.label));
}

/** The trusted contractor serving the scope institution (the oldest relationship), or null. */
export async function findTrustedPartner(db: Db, scope: InstitutionScope): Promise<TrustedPartner> {
  const rows = await db
    .select({
      id: institutions.id,
      displayName: institutions.name,
      logo: institutionLogos.iconSha256,
    })
    .from(relationships)
    .innerJoin(institutions, eq(institutions.id, relationships.contractorId))
    .leftJoin(institutionLogos, eq(institutionLogos.institutionId, institutions.id))
    .where(and(eq(relationships.customerId, scope.institutionId), eq(institutions.trusted, true)))
    .orderBy(asc(relationships.createdAt), asc(relationships.id))
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, displayName: row.displayName, logo: iconUrl(row.logo) } : null;
}

export async function storeIcon(db: Executor, icon: StoredIcon): Promise<void> {
  await db.insert(tileIcons).values(icon).onConflictDoNothing();
}

export async function findIcon(db: Db, sha256: string) {
  const rows = await db
    .select({ mediaType: tileIcons.mediaType, bytes: tileIcons.bytes })
    .from(tileIcons)
    .where(eq(tileIcons.sha256, sha256))
    .limit(1);
  return rows[0];
}

export interface DefinitionValues {
  name: string;
  title: string | null;
  shortDescription: string | null;
  description: string | null;
  target: string;
  isInternal: boolean;
  tileType: 'PRIMARY' | 'FUNCTIONAL' | 'MARKETING';
  isDyeable: boolean;
  priority: number;
  businessCaseTypeId: string;
  queryParams: Record<string, string> | null;
  onePath: string | null;
  tileGroupId: string | null;
}

export async function insertDefinition(
  db: Executor,
  scope: InstitutionScope,
  values: DefinitionValues,
  iconSha256: string,
): Promise<string> {
  const [row] = await db
    .insert(tileDefinitions)
    .values({ ...values, institutionId: scope.institutionId, iconSha256 })
    .returning({ id: tileDefinitions.id });
  return row!.id;
}

/**
 * Updates a definition only if it still has `version` (one statement: of parallel updates of
 * one version exactly one matches). Returns whether it did.
 */
export async function updateDefinition(
  db: Executor,
  scope: InstitutionScope,
  tileId: string,
  version: number,
  values: DefinitionValues,
  iconSha256: string | undefined,
): Promise<boolean> {
  if (!isUuid(tileId)) return false;
  const rows = await db
    .update(tileDefinitions)
    .set({
      ...values,
      ...(iconSha256 ? { iconSha256 } : {}),
      version: sql`${tileDefinitions.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(tileDefinitions.id, tileId),
        eq(tileDefinitions.institutionId, scope.institutionId),
        eq(tileDefinitions.version, version),
      ),
    )
    .returning({ id: tileDefinitions.id });
  return rows.length === 1;
}

/** Deletes a definition only if it still has `version`. Returns whether it did. */
export async function deleteDefinition(
  db: Executor,
  scope: InstitutionScope,
  tileId: string,
  version: number,
): Promise<boolean> {
  if (!isUuid(tileId)) return false;
  const rows = await db
    .delete(tileDefinitions)
    .where(
      and(
        eq(tileDefinitions.id, tileId),
        eq(tileDefinitions.institutionId, scope.institutionId),
        eq(tileDefinitions.version, version),
      ),
    )
    .returning({ id: tileDefinitions.id });
  return rows.length === 1;
}
