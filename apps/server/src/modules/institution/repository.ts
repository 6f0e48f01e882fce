import type { InstitutionMember, SupportContact } from '@portal/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inGermanOrder } from '../../db/german-order';
import {
  accountTokens,
  institutions,
  institutionUserRoles,
  supportContacts,
  users,
} from '../../db/schema';
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

/**
 * The institution with its members and support contacts in one statement (the members and
 * contacts as JSON arrays: members by last name, first name and id in German order, contacts by
 * their position). A member who has not activated the account carries until when the newest
 * unused invitation link works (see {@link invitationValidUntil}).
 */
export async function findInstitutionWithDetails(db: Db, scope: InstitutionScope) {
  const rows = await db
    .select({
      institution: institutions,
      // Members in German alphabetical order (db/german-order.ts).
      users: sql<InstitutionMember[]>`coalesce((
        select json_agg(json_build_object(
          'id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name,
          'fullName', trim(u.first_name || ' ' || u.last_name), 'title', u.title,
          'formOfAddress', u.form_of_address, 'hasAccountActivated', u.has_account_activated,
          'dateTimeCreated',
            to_char(u.date_time_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'role', r.role,
          'invitationValidUntil', case when not u.has_account_activated then (
            select to_char(t.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            from ${accountTokens} t
            where t.user_id = u.id and t.kind = 'INVITATION' and t.used_at is null
            order by t.created_at desc limit 1) end
        ) order by ${inGermanOrder(sql`u.last_name`)}, ${inGermanOrder(sql`u.first_name`)}, u.id)
        from ${institutionUserRoles} r join ${users} u on u.id = r.user_id
        where r.institution_id = "institutions"."id"), '[]'::json)`,
      supportContacts: sql<SupportContact[]>`coalesce((
        select json_agg(json_build_object(
          'description', c.description, 'phone', c.phone, 'email', c.email
        ) order by c.position, c.id)
        from ${supportContacts} c where c.institution_id = "institutions"."id"), '[]'::json)`,
    })
    .from(institutions)
    .where(eq(institutions.id, scope.institutionId))
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const parse = <T>(value: T | string): T =>
    typeof value === 'string' ? (JSON.parse(value) as T) : value;
  return {
    ...row.institution,
    // invitationValidUntil is optional, not nullable: no link, no key.
    users: parse(row.users).map(({ invitationValidUntil, ...member }) =>
      invitationValidUntil ? { ...member, invitationValidUntil } : member,
    ),
    supportContacts: parse(row.supportContacts),
  };
}

/**
 * Until when the newest unused invitation link of the user works (also when that is past: the
 * invitation expired); undefined when none was sent or it was used. Links are the user's, not
 * one institution's: an invitation into a second institution replaces the first link, and the
 * new one accepts both.
 */
export async function invitationValidUntil(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ expiresAt: accountTokens.expiresAt })
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.kind, 'INVITATION'),
        isNull(accountTokens.usedAt),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  return row?.expiresAt.toISOString();
}
