import type { InstitutionMember, SupportContact } from '@portal/contract';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions, institutionUserRoles, supportContacts, users } from '../../db/schema';
import type { InstitutionScope } from '../../plugins/access';

export type InstitutionRow = typeof institutions.$inferSelect;

export async function findInstitution(
  db: Db,
  scope: InstitutionScope,
): Promise<InstitutionRow | undefined> {
  const rows = await db
    .select()
    .from(institutions)
    .where(eq(institutions.id, scope.institutionId))
    .limit(1);
  return rows[0];
}

export async function listMembers(db: Db, scope: InstitutionScope): Promise<InstitutionMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      title: users.title,
      formOfAddress: users.formOfAddress,
      hasAccountActivated: users.hasAccountActivated,
      dateTimeCreated: users.dateTimeCreated,
      role: institutionUserRoles.role,
    })
    .from(institutionUserRoles)
    .innerJoin(users, eq(users.id, institutionUserRoles.userId))
    .where(eq(institutionUserRoles.institutionId, scope.institutionId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  return rows.map((row) => ({
    ...row,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    dateTimeCreated: row.dateTimeCreated.toISOString(),
  }));
}

export async function listSupportContacts(
  db: Db,
  scope: InstitutionScope,
): Promise<SupportContact[]> {
  return db
    .select({
      description: supportContacts.description,
      phone: supportContacts.phone,
      email: supportContacts.email,
    })
    .from(supportContacts)
    .where(eq(supportContacts.institutionId, scope.institutionId))
    .orderBy(asc(supportContacts.position), asc(supportContacts.id));
}
