import type { InstitutionSummary, InstitutionUserRole } from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { institutions, institutionUserRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

export async function listInstitutionRoles(db: Db, userId: string): Promise<InstitutionUserRole[]> {
  return db
    .select({ institutionId: institutionUserRoles.institutionId, role: institutionUserRoles.role })
    .from(institutionUserRoles)
    .where(eq(institutionUserRoles.userId, userId))
    .orderBy(asc(institutionUserRoles.createdAt), asc(institutionUserRoles.institutionId));
}

/**
 * The user's institutions (id, name, trusted) in role order, oldest first: the same order as
 * their `institutionUserRoles`. One statement, however many institutions.
 */
export async function listUserInstitutions(db: Db, userId: string): Promise<InstitutionSummary[]> {
  return db
    .select({ id: institutions.id, name: institutions.name, trusted: institutions.trusted })
    .from(institutionUserRoles)
    .innerJoin(institutions, eq(institutions.id, institutionUserRoles.institutionId))
    .where(eq(institutionUserRoles.userId, userId))
    .orderBy(asc(institutionUserRoles.createdAt), asc(institutionUserRoles.institutionId));
}

export interface NewUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  identitySubject: string | null;
}

/** Inserts a user; a concurrent insert of the same user (two tabs) is not an error. */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db
    .insert(users)
    .values({ ...user, hasAccountActivated: true, passwordHash: null })
    .onConflictDoNothing();
}

export async function linkIdentitySubject(db: Db, userId: string, subject: string): Promise<void> {
  await db
    .update(users)
    .set({ identitySubject: subject, hasAccountActivated: true })
    .where(eq(users.id, userId));
}
