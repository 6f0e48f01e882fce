import type { InstitutionRole, User } from '@portal/contract';
import { app } from '../../../messages/de';

type Named = Pick<User, 'firstName' | 'lastName'>;
type WithRoles = Pick<User, 'institutionUserRoles'>;

/** First name, a space, last name. */
export const fullName = (user: Named): string => `${user.firstName} ${user.lastName}`;

/** Upper-case first letters of first and last name, e.g. "AS". */
export const initials = (user: Named): string =>
  `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();

/** Whole minutes elapsed since `dateTimeCreated` (ISO 8601) at `now`. */
export function minutesSinceInvite(dateTimeCreated: string, now: Date | number = Date.now()) {
  const created = new Date(dateTimeCreated).getTime();
  const current = typeof now === 'number' ? now : now.getTime();
  return Math.floor((current - created) / 60_000);
}

/** The user's role in the institution, or null without a role there. */
export const getRole = (user: WithRoles, institutionId: string | null): InstitutionRole | null =>
  institutionId === null
    ? null
    : (user.institutionUserRoles.find((entry) => entry.institutionId === institutionId)?.role ??
      null);

export const isAdmin = (user: WithRoles, institutionId: string | null): boolean =>
  getRole(user, institutionId) === 'INSTITUTION_ADMIN';

/** German label of an institution role; any other value is an error. */
export function roleLabel(role: string): string {
  switch (role) {
    case 'INSTITUTION_ADMIN':
    case 'INSTITUTION_MEMBER':
    case 'SUPPORT_USER':
      return app.roles[role];
    default:
      throw new Error(app.roles.unknown(role));
  }
}
