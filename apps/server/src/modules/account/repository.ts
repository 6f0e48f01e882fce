import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { identStatuses, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row;
}

export async function updateUser(
  db: Db,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/** Adds or removes a realm role in one statement (no lost update between two requests). */
export async function setRealmRole(db: Db, userId: string, role: string, present: boolean) {
  await db
    .update(users)
    .set({
      realmRoles: present
        ? sql`array_append(array_remove(${users.realmRoles}, ${role}::text), ${role}::text)`
        : sql`array_remove(${users.realmRoles}, ${role}::text)`,
    })
    .where(eq(users.id, userId));
}

export async function findIdentStatus(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ status: identStatuses.status })
    .from(identStatuses)
    .where(eq(identStatuses.userId, userId))
    .limit(1);
  return row?.status;
}

export async function saveIdentStatus(db: Db, userId: string, status: string): Promise<void> {
  await db
    .insert(identStatuses)
    .values({ userId, status })
    .onConflictDoUpdate({
      target: identStatuses.userId,
      set: { status, updatedAt: new Date() },
    });
}

/** Whether the e-mail address belongs to someone other than `userId` (ignoring case). */
export async function isEmailTaken(db: Db, email: string, userId: string): Promise<boolean> {
  const row = await findUserByEmail(db, email);
  return !!row && row.id !== userId;
}
