import {
  berlinDateTime,
  type Institution,
  type InstitutionMember,
  type InstitutionRole,
  type InstitutionUpdate,
} from '@portal/contract';
import { app } from '../../../messages/de';

/**
 * Spec section 4, institution store changes: update replaces name, city, postal code, street
 * (and the version they now have, where the answer names it).
 */
export const applyUpdate = (
  institution: Institution,
  update:
    | InstitutionUpdate
    | Pick<Institution, 'name' | 'city' | 'postalcode' | 'street' | 'version'>,
): Institution => ({
  ...institution,
  name: update.name,
  city: update.city,
  postalcode: update.postalcode,
  street: update.street,
  version: update.version ?? institution.version,
});

/** Invite appends the user (an answer for a user already listed replaces that entry). */
export const appendUser = (institution: Institution, user: InstitutionMember): Institution => ({
  ...institution,
  users: [...institution.users.filter((entry) => entry.id !== user.id), user],
});

/** Delete removes the user. */
export const removeUser = (institution: Institution, userId: string): Institution => ({
  ...institution,
  users: institution.users.filter((entry) => entry.id !== userId),
});

/** Role change replaces that user's role. */
export const replaceRole = (
  institution: Institution,
  userId: string,
  role: InstitutionRole,
): Institution => ({
  ...institution,
  users: institution.users.map((entry) => (entry.id === userId ? { ...entry, role } : entry)),
});

/** German label of an institution role; any other value is an error (spec section 6). */
export function roleLabel(role: string): string {
  if (role === 'INSTITUTION_ADMIN' || role === 'INSTITUTION_MEMBER' || role === 'SUPPORT_USER') {
    return app.roles[role];
  }
  throw new Error(app.roles.unknown(role));
}

/** Whole minutes elapsed since the invitation (the user's dateTimeCreated). */
export function minutesSinceInvite(dateTimeCreated: string, now: number = Date.now()): number {
  return Math.floor((now - new Date(dateTimeCreated).getTime()) / 60_000);
}

/**
 * Whether the person's invitation link no longer works (its time passed): they cannot accept it
 * any more, and an admin sends it again. False where the list names no link.
 */
export function isInvitationExpired(user: InstitutionMember, now: number = Date.now()): boolean {
  if (user.hasAccountActivated || !user.invitationValidUntil) return false;
  return Date.parse(user.invitationValidUntil) <= now;
}

/** dd.MM.yyyy HH:mm of an instant on the clock of Europe/Berlin (decision 012). */
export function germanInstant(iso: string): string {
  const { date, time } = berlinDateTime(new Date(iso));
  return `${date.split('-').reverse().join('.')} ${time}`;
}

/** Whether `userId` is the only admin (the server refuses removing or demoting them: 409). */
export const isLastAdmin = (institution: Institution, userId: string): boolean => {
  const admins = institution.users.filter((entry) => entry.role === 'INSTITUTION_ADMIN');
  return admins.length === 1 && admins[0]!.id === userId;
};
