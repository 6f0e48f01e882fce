import type { InstitutionRole, InstitutionUpdate } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inGermanOrder } from '../../db/german-order';
import { institutions, institutionUserRoles, users } from '../../db/schema';
import { type InstitutionScope, isUuid } from '../../plugins/access';

/**
 * Saves the data and raises the version, only if the stored version is still `update.version`
 * (when given). One statement: of two saves on the same version exactly one succeeds, the
 * other is answered 'conflict' (PostgreSQL checks the version again on the row the first left).
 */
export async function updateInstitution(
  db: Db,
  scope: InstitutionScope,
  { version, ...data }: InstitutionUpdate,
): Promise<'done' | 'not-found' | 'conflict'> {
  const rows = await db
    .update(institutions)
    .set({ ...data, version: sql`${institutions.version} + 1` })
    .where(
      and(
        eq(institutions.id, scope.institutionId),
        version === undefined ? undefined : eq(institutions.version, version),
      ),
    )
    .returning({ id: institutions.id });
  if (rows.length === 1) return 'done';
  if (version === undefined) return 'not-found';
  const [stored] = await db
    .select({ id: institutions.id })
    .from(institutions)
    .where(eq(institutions.id, scope.institutionId))
    .limit(1);
  return stored ? 'conflict' : 'not-found';
}

export async function institutionName(db: Db, scope: InstitutionScope): Promise<string> {
  const [row] = await db
    .select({ name: institutions.name })
    .from(institutions)
    .where(eq(institutions.id, scope.institutionId))
    .limit(1);
  return row?.name ?? '';
}

export type MemberRow = typeof users.$inferSelect & { role: InstitutionRole };

/** A user of the scope's institution (same statement checks the membership). */
export async function findMember(
  db: Db,
  scope: InstitutionScope,
  userId: string,
): Promise<MemberRow | undefined> {
  // An id of the contract's shape that is no UUID names nobody (PostgreSQL cannot cast it).
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({ user: users, role: institutionUserRoles.role })
    .from(institutionUserRoles)
    .innerJoin(users, eq(users.id, institutionUserRoles.userId))
    .where(
      and(
        eq(institutionUserRoles.institutionId, scope.institutionId),
        eq(institutionUserRoles.userId, userId),
      ),
    )
    .limit(1);
  return row ? { ...row.user, role: row.role } : undefined;
}

export async function addMember(
  db: Db,
  scope: InstitutionScope,
  userId: string,
  role: InstitutionRole,
): Promise<boolean> {
  const rows = await db
    .insert(institutionUserRoles)
    .values({ userId, institutionId: scope.institutionId, role })
    .onConflictDoNothing()
    .returning({ userId: institutionUserRoles.userId });
  return rows.length === 1;
}

/**
 * Another admin of the institution than `userId` who can sign in exists (checked inside the
 * changing statement). An invited admin who has not activated their account does not count:
 * the invitation may never be taken up, and the institution would be left with nobody to
 * administer it.
 */
const anotherAdminExists = (scope: InstitutionScope, userId: string) => sql`exists (
  select 1 from ${institutionUserRoles} other
  join ${users} admin on admin.id = other.user_id
  where other.institution_id = ${scope.institutionId}
    and other.role = 'INSTITUTION_ADMIN'
    and other.user_id <> ${userId}
    and admin.has_account_activated)`;

export type ChangeResult = 'done' | 'not-found' | 'last-admin';

/**
 * Runs `change` in a transaction that first locks the institution's row: changes to its admins
 * happen one after another. A single statement is not enough on PostgreSQL: under READ
 * COMMITTED two admins removing (or demoting) each other at once each see the other still an
 * admin in their snapshot, both statements succeed, and the institution is left without one.
 * Once the lock is granted, the next statement sees what the previous holder committed.
 * (`for no key update` leaves inserts of members, which only take a key-share lock, free.)
 */
async function withAdminsLocked<T>(
  db: Db,
  scope: InstitutionScope,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: institutions.id })
      .from(institutions)
      .where(eq(institutions.id, scope.institutionId))
      .for('no key update');
    return change(tx as unknown as Db);
  });
}

/**
 * Removes a member; an admin only while another active admin remains (checked in the removing
 * statement, with the institution's admins locked: two admins removing each other at once cannot
 * leave the institution without one).
 */
export async function removeMember(
  db: Db,
  scope: InstitutionScope,
  userId: string,
): Promise<ChangeResult> {
  if (!isUuid(userId)) return 'not-found';
  const rows = await withAdminsLocked(db, scope, (tx) =>
    tx
      .delete(institutionUserRoles)
      .where(
        and(
          eq(institutionUserRoles.institutionId, scope.institutionId),
          eq(institutionUserRoles.userId, userId),
          sql`(${institutionUserRoles.role} <> 'INSTITUTION_ADMIN' or ${anotherAdminExists(scope, userId)})`,
        ),
      )
      .returning({ userId: institutionUserRoles.userId }),
  );
  if (rows.length === 1) return 'done';
  return (await findMember(db, scope, userId)) ? 'last-admin' : 'not-found';
}

/** Records whom the invitation mail into the scope's institution named (null: nobody). */
export async function setInviter(
  db: Db,
  scope: InstitutionScope,
  userId: string,
  inviterId: string | null,
): Promise<void> {
  await db
    .update(institutionUserRoles)
    .set({ invitedBy: inviterId })
    .where(
      and(
        eq(institutionUserRoles.institutionId, scope.institutionId),
        eq(institutionUserRoles.userId, userId),
      ),
    );
}

/** An institution a person was invited into, and whom its invitation mail named. */
export interface PendingInvitation {
  institutionName: string;
  inviter: { firstName: string; lastName: string } | undefined;
}

/**
 * The institutions of a person who has not activated the account (each membership is an
 * invitation), in German order, with whom each invitation mail named while that person still
 * belongs to the institution: what the page behind the invitation link tells the person (one
 * link accepts them all), so that it never sends them to ask someone who has left.
 */
export async function pendingInvitations(db: Db, userId: string): Promise<PendingInvitation[]> {
  const inviter = alias(users, 'inviter');
  // Only while the inviter still belongs to the institution: someone who has left cannot help.
  const inviterRole = alias(institutionUserRoles, 'inviter_role');
  const rows = await db
    .select({
      institutionName: institutions.name,
      firstName: inviter.firstName,
      lastName: inviter.lastName,
    })
    .from(institutionUserRoles)
    .innerJoin(institutions, eq(institutions.id, institutionUserRoles.institutionId))
    .leftJoin(
      inviterRole,
      and(
        eq(inviterRole.userId, institutionUserRoles.invitedBy),
        eq(inviterRole.institutionId, institutionUserRoles.institutionId),
      ),
    )
    .leftJoin(inviter, eq(inviter.id, inviterRole.userId))
    .where(eq(institutionUserRoles.userId, userId))
    .orderBy(inGermanOrder(institutions.name), institutions.id);
  return rows.map((row) => ({
    institutionName: row.institutionName,
    inviter:
      row.firstName !== null && row.lastName !== null
        ? { firstName: row.firstName, lastName: row.lastName }
        : undefined,
  }));
}

/** Takes back a membership just added (its mail could not be sent), whatever the role. */
export async function removeMembership(
  db: Db,
  scope: InstitutionScope,
  userId: string,
): Promise<void> {
  await db
    .delete(institutionUserRoles)
    .where(
      and(
        eq(institutionUserRoles.institutionId, scope.institutionId),
        eq(institutionUserRoles.userId, userId),
      ),
    );
}

/**
 * Changes a member's role; demoting the last active admin is refused in the same statement, with
 * the institution's admins locked (as {@link removeMember}).
 */
export async function changeRole(
  db: Db,
  scope: InstitutionScope,
  userId: string,
  role: InstitutionRole,
): Promise<ChangeResult> {
  if (!isUuid(userId)) return 'not-found';
  const rows = await withAdminsLocked(db, scope, (tx) =>
    tx
      .update(institutionUserRoles)
      .set({ role })
      .where(
        and(
          eq(institutionUserRoles.institutionId, scope.institutionId),
          eq(institutionUserRoles.userId, userId),
          role === 'INSTITUTION_ADMIN'
            ? sql`true`
            : sql`(${institutionUserRoles.role} <> 'INSTITUTION_ADMIN' or ${anotherAdminExists(scope, userId)})`,
        ),
      )
      .returning({ userId: institutionUserRoles.userId }),
  );
  if (rows.length === 1) return 'done';
  return (await findMember(db, scope, userId)) ? 'last-admin' : 'not-found';
}

/**
 * Deletes an invited user who never activated and now belongs to no institution. The account
 * is locked first, and the check runs after the lock: an invitation into another institution
 * joining it at this moment ({@link joinAccount}) either comes first and keeps the account, or
 * finds it gone. (A single DELETE would wait for that invitation's membership and then delete
 * the account anyway, and the new membership with it.)
 */
export async function deleteUnusedInvitee(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [unused] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.hasAccountActivated, false)))
      .for('update');
    if (!unused) return;
    await tx
      .delete(users)
      .where(
        and(
          eq(users.id, userId),
          eq(users.hasAccountActivated, false),
          sql`not exists (select 1 from ${institutionUserRoles} r where r.user_id = ${userId})`,
        ),
      );
  });
}

/**
 * Adds an existing account to the scope's institution: 'member' when it already is one, 'gone'
 * when the account was deleted meanwhile (see {@link deleteUnusedInvitee}). The account is held
 * (key share) until the membership is in.
 */
export async function joinAccount(
  db: Db,
  scope: InstitutionScope,
  userId: string,
  role: InstitutionRole,
): Promise<'added' | 'member' | 'gone'> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('key share');
    if (!account) return 'gone';
    return (await addMember(tx as unknown as Db, scope, userId, role)) ? 'added' : 'member';
  });
}

export async function insertInvitee(
  db: Db,
  invitee: {
    email: string;
    firstName: string;
    lastName: string;
    formOfAddress: string | null;
    title: string | null;
  },
): Promise<string | undefined> {
  const rows = await db
    .insert(users)
    .values({ ...invitee, hasAccountActivated: false, passwordHash: null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows[0]?.id;
}
