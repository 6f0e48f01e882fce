import type { InstitutionUserRole } from '@portal/contract';
import { ID_PATTERN } from '@portal/contract/ids';

/**
 * localStorage key of the institution roles the last user load answered, with the subject of
 * the token they belong to. Only ids and role names: what the next page load may guess from.
 */
export const KNOWN_ROLES_KEY = 'portal.knownInstitutionRoles';

type KnownRole = Pick<InstitutionUserRole, 'institutionId' | 'role'>;

/** Keeps the signed-in subject's institution roles for the next page load's guess. */
export function rememberInstitutionRoles(
  subject: string,
  roles: readonly KnownRole[],
  storage: Storage = window.localStorage,
) {
  const known = roles.map(({ institutionId, role }) => ({ institutionId, role }));
  try {
    storage.setItem(KNOWN_ROLES_KEY, JSON.stringify({ subject, roles: known }));
  } catch {
    // Storage unavailable (private mode): the next load guesses from the selection only.
  }
}

const isKnownRole = (value: unknown): value is KnownRole =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as KnownRole).institutionId === 'string' &&
  ID_PATTERN.test((value as KnownRole).institutionId) &&
  typeof (value as KnownRole).role === 'string';

/**
 * The roles remembered for `subject`, or null: nothing stored, stored for someone else (a
 * shared computer), or not in the stored shape. Only a guess; the API answers decide.
 */
export function recallInstitutionRoles(
  subject: string | null,
  storage: Storage = window.localStorage,
): KnownRole[] | null {
  if (!subject) return null;
  try {
    const stored: unknown = JSON.parse(storage.getItem(KNOWN_ROLES_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { subject: owner, roles } = stored as { subject?: unknown; roles?: unknown };
    if (owner !== subject || !Array.isArray(roles) || !roles.every(isKnownRole)) return null;
    return roles;
  } catch {
    return null;
  }
}

/** Signing out forgets them: the device keeps no list of someone's institutions. */
export function forgetInstitutionRoles(storage: Storage = window.localStorage) {
  try {
    storage.removeItem(KNOWN_ROLES_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
}
