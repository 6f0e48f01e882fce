import { ID_PATTERN, type InstitutionRole } from '@portal/contract';
import { and, eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { institutionUserRoles, users } from '../db/schema';
import { badRequest, forbidden, notFound } from './errors';

/**
 * Tenant isolation in one place. Every query for institution data first asks this module for
 * the caller's membership; a caller outside the institution gets the same 404 as for an id
 * that does not exist, so other institutions' existence is never revealed.
 */

/**
 * The strict UUID shape. The contract's ID_PATTERN (36 hex digits and hyphens, as the spec
 * says) admits strings PostgreSQL cannot cast to uuid; such ids can name nothing, so queries
 * with them are skipped and answer "not found" instead of a database error.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (value: string): boolean => UUID.test(value);

export const INSTITUTION_NOT_FOUND = 'Die Institution wurde nicht gefunden.';

/** Throws 400 unless `value` is a canonical lower-case UUID (36 hex digits and hyphens). */
export function assertId(value: string, name = 'id'): string {
  if (!ID_PATTERN.test(value)) {
    throw badRequest(`${name} ist keine gültige Kennung.`, [
      { path: name, message: 'Ungültige Kennung' },
    ]);
  }
  return value;
}

/**
 * The portal user id for a token subject: the user whose id is the subject (embedded provider,
 * Keycloak users created by the portal) or who is linked to it (`identity_subject`).
 */
export async function findUserIdBySubject(db: Db, sub: string): Promise<string | undefined> {
  const condition = isUuid(sub)
    ? or(eq(users.id, sub), eq(users.identitySubject, sub))
    : eq(users.identitySubject, sub);
  const rows = await db.select({ id: users.id }).from(users).where(condition).limit(2);
  // Prefer the direct id match when a subject happens to be both.
  return rows.find((row) => row.id === sub)?.id ?? rows[0]?.id;
}

const userIdCache = new WeakMap<FastifyRequest, Promise<string | undefined>>();

/** The calling user's portal id (cached per request), or undefined when not in the database. */
export function currentUserId(request: FastifyRequest): Promise<string | undefined> {
  let pending = userIdCache.get(request);
  if (!pending) {
    pending = findUserIdBySubject(request.server.db, request.auth.sub);
    userIdCache.set(request, pending);
  }
  return pending;
}

/** The role of a user in an institution, or undefined when they are not a member. */
export async function findMembershipRole(
  db: Db,
  userId: string,
  institutionId: string,
): Promise<InstitutionRole | undefined> {
  if (!isUuid(userId) || !isUuid(institutionId)) return undefined;
  const rows = await db
    .select({ role: institutionUserRoles.role })
    .from(institutionUserRoles)
    .where(
      and(
        eq(institutionUserRoles.userId, userId),
        eq(institutionUserRoles.institutionId, institutionId),
      ),
    )
    .limit(1);
  return rows[0]?.role;
}

/**
 * The membership role of `userId` in `institutionId`. Throws 400 for a malformed id and 404
 * when the institution does not exist or the user is not a member of it.
 */
export async function requireMembership(
  db: Db,
  userId: string | undefined,
  institutionId: string,
): Promise<InstitutionRole> {
  assertId(institutionId, 'institutionId');
  const role = userId ? await findMembershipRole(db, userId, institutionId) : undefined;
  if (!role) throw notFound(INSTITUTION_NOT_FOUND);
  return role;
}

export interface InstitutionAccess {
  userId: string;
  institutionId: string;
  role: InstitutionRole;
}

/** The verified caller's access to an institution: 400 malformed id, 404 not a member. */
export async function requireInstitutionAccess(
  request: FastifyRequest,
  institutionId: string,
): Promise<InstitutionAccess> {
  assertId(institutionId, 'institutionId');
  const userId = await currentUserId(request);
  const role = await requireMembership(request.server.db, userId, institutionId);
  return { userId: userId!, institutionId, role };
}

/**
 * Like requireInstitutionAccess, and additionally one of `roles`: a member with another role
 * gets 403 (they already know the institution exists).
 */
export async function requireInstitutionRole(
  request: FastifyRequest,
  institutionId: string,
  roles: readonly InstitutionRole[],
): Promise<InstitutionAccess> {
  const access = await requireInstitutionAccess(request, institutionId);
  if (!roles.includes(access.role)) {
    throw forbidden('Für diese Aktion fehlt Ihnen die Berechtigung in dieser Institution.');
  }
  return access;
}
