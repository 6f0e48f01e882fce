import { randomUUID } from 'node:crypto';
import type { InstitutionSummary, User } from '@portal/contract';
import type { Db } from '../../db/client';
import { messages } from '../../messages';
import { isUuid } from '../../plugins/access';
import { type AuthContext, isRestrictedUser } from '../../plugins/auth';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors';
import { loadPrincipal, type Principal, type PrincipalCache } from '../../plugins/principals';
import { frozenAnswer } from '../../plugins/serialization';
import {
  findUserByEmail,
  insertUser,
  linkIdentitySubject,
  listUserInstitutions,
} from './repository';

export const USER_NOT_FOUND = messages.userNotFound;
export const RESTRICTED_USER = messages.restrictedUser;
export { isRestrictedUser };

function toUser(principal: Principal): User {
  const row = principal.user;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    institutionUserRoles: principal.memberships.map(({ institutionId, role }) => ({
      institutionId,
      role,
    })),
    hasAccountActivated: row.hasAccountActivated,
    dateTimeCreated: new Date(row.dateTimeCreated).toISOString(),
    title: row.title,
    formOfAddress: row.formOfAddress,
    onboardedByClient: row.onboardedByClient,
  };
}

/**
 * The answer for each cached principal. A principal is never changed: a change to the user or
 * their roles makes the cache load a new one, which gets its own answer. Saves building the
 * object (and formatting the creation date) on every request; frozen, it is serialized once.
 */
const answers = new WeakMap<Principal, User>();

/** The signed-in user with their institution roles; 403 for a restricted user, 404 if unknown. */
export async function getCurrentUser(
  principals: Pick<PrincipalCache, 'get'>,
  auth: AuthContext,
): Promise<User> {
  if (isRestrictedUser(auth)) throw forbidden(RESTRICTED_USER);
  const principal = await principals.get(auth.sub);
  if (!principal) throw notFound(USER_NOT_FOUND);
  return answerFor(principal);
}

/**
 * The signed-in user's institutions, for the switcher: one answer instead of one
 * `GET /institution/{id}` each (a support user of 300 practices had sent 300 on every page
 * load, and four page loads in a minute ran into the per-user rate limit). Same rules as
 * {@link getCurrentUser}: 403 for a restricted user, 404 if unknown.
 */
export async function getCurrentUserInstitutions(
  db: Db,
  principals: Pick<PrincipalCache, 'get'>,
  auth: AuthContext,
): Promise<InstitutionSummary[]> {
  if (isRestrictedUser(auth)) throw forbidden(RESTRICTED_USER);
  const principal = await principals.get(auth.sub);
  if (!principal) throw notFound(USER_NOT_FOUND);
  if (principal.memberships.length === 0) return [];
  return listUserInstitutions(db, principal.user.id);
}

function answerFor(principal: Principal): User {
  let answer = answers.get(principal);
  if (!answer) {
    answer = frozenAnswer(toUser(principal));
    answers.set(principal, answer);
  }
  return answer;
}

async function principalOf(db: Db, userId: string): Promise<User> {
  const principal = await loadPrincipal(db, userId);
  if (!principal) throw conflict(messages.emailInUse);
  return toUser(principal);
}

/**
 * Makes sure the token's subject has a portal user (users of an external identity provider
 * sign in before the portal knows them):
 * - known subject: nothing to do;
 * - a user with the token's e-mail and no linked subject: linked to the subject, but only when
 *   the identity provider says the e-mail is verified (otherwise anyone able to register that
 *   address at the provider could take over an invited account) — else 409;
 * - otherwise a new user from the claims (id = sub when sub is a UUID).
 */
export async function ensureBackendUserExists(
  db: Db,
  principals: Pick<PrincipalCache, 'get'>,
  auth: AuthContext,
): Promise<User> {
  // An existing user (every call but the first): the cached principal, exact by NOTIFY.
  const existing = await principals.get(auth.sub);
  if (existing) return answerFor(existing);

  if (!auth.email) throw badRequest(messages.tokenWithoutEmail);
  const byEmail = await findUserByEmail(db, auth.email);
  if (byEmail) {
    if (byEmail.identitySubject === null && auth.emailVerified === true) {
      await linkIdentitySubject(db, byEmail.id, auth.sub);
      return principalOf(db, byEmail.id);
    }
    throw conflict(messages.emailInUse);
  }

  const id = isUuid(auth.sub) ? auth.sub : randomUUID();
  await insertUser(db, {
    id,
    email: auth.email,
    firstName: auth.givenName ?? '',
    lastName: auth.familyName ?? '',
    identitySubject: auth.sub,
  });
  const created = await loadPrincipal(db, auth.sub);
  if (!created) throw conflict(messages.emailInUse);
  return toUser(created);
}
