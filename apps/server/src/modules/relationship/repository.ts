import type { Relationship, RelationshipQuery } from '@portal/contract';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { businessCases, businessCaseTypes, institutions, relationships } from '../../db/schema';
import type { InstitutionScope } from '../../plugins/access';

const contractor = alias(institutions, 'contractor');
const customer = alias(institutions, 'customer');

/**
 * The scope institution's relationships, from its side, with their business cases; only those
 * where it is the contractor (`owner: 'true'`) or the customer (`'false'`), at most `limit`.
 */
export async function listRelationships(
  db: Db,
  scope: InstitutionScope,
  { owner, limit }: RelationshipQuery = {},
): Promise<Relationship[]> {
  const me = scope.institutionId;
  const side =
    owner === 'true'
      ? eq(relationships.contractorId, me)
      : owner === 'false'
        ? eq(relationships.customerId, me)
        : or(eq(relationships.contractorId, me), eq(relationships.customerId, me));
  const query = db
    .select({
      id: relationships.id,
      contractorId: relationships.contractorId,
      contractorName: contractor.name,
      customerId: relationships.customerId,
      customerName: customer.name,
      referenceNumber: relationships.referenceNumber,
      createdAt: relationships.createdAt,
    })
    .from(relationships)
    .innerJoin(contractor, eq(contractor.id, relationships.contractorId))
    .innerJoin(customer, eq(customer.id, relationships.customerId))
    .where(side)
    .orderBy(asc(relationships.createdAt), asc(relationships.id));
  const rows = await (limit === undefined ? query : query.limit(limit));
  if (rows.length === 0) return [];

  const cases = await db
    .select({
      id: businessCases.id,
      relationshipId: businessCases.relationshipId,
      businessCaseTypeName: businessCaseTypes.name,
      businessCaseTypeLabel: businessCaseTypes.label,
      createdAt: businessCases.createdAt,
    })
    .from(businessCases)
    .innerJoin(businessCaseTypes, eq(businessCaseTypes.id, businessCases.businessCaseTypeId))
    .where(
      inArray(
        businessCases.relationshipId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(businessCaseTypes.label), asc(businessCases.id));

  // Grouped once: filtering all cases for each relationship grew with their product.
  const casesOf = new Map<string, typeof cases>();
  for (const businessCase of cases) {
    const list = casesOf.get(businessCase.relationshipId);
    if (list) list.push(businessCase);
    else casesOf.set(businessCase.relationshipId, [businessCase]);
  }
  return rows.map((row) => {
    const owner = row.contractorId === me;
    return {
      id: row.id,
      contractorId: owner ? row.customerId : row.contractorId,
      contractorName: owner ? row.customerName : row.contractorName,
      referenceNumber: row.referenceNumber,
      owner,
      createdAt: row.createdAt.toISOString(),
      businessCases: (casesOf.get(row.id) ?? []).map(
        ({ relationshipId: _, createdAt, ...businessCase }) => ({
          ...businessCase,
          createdAt: createdAt.toISOString(),
        }),
      ),
    };
  });
}
