import { z } from 'zod';
import { id } from './common';
import { institutionRole } from './user';

export const supportContact = z.object({
  description: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type SupportContact = z.infer<typeof supportContact>;

/** A member of an institution as the institution lists it. */
export const institutionMember = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  title: z.string().nullable(),
  formOfAddress: z.string().nullable(),
  hasAccountActivated: z.boolean(),
  dateTimeCreated: z.string(),
  role: institutionRole,
  /**
   * Not in the spec (optional, so its shape still holds): until when the newest unused
   * invitation link of a person who has not activated the account works (ISO 8601). A time in
   * the past: the invitation expired, an admin sends it again. Absent for activated accounts
   * and where no link was sent (an external identity provider).
   */
  invitationValidUntil: z.string().optional(),
});
export type InstitutionMember = z.infer<typeof institutionMember>;

export const institution = z.object({
  id,
  name: z.string(),
  city: z.string(),
  postalcode: z.string(),
  street: z.string(),
  trusted: z.boolean(),
  theme: z.string().nullable(),
  /**
   * Version of name, postal code, city and street, raised by every change of them. Sent back with
   * `PUT /institution/{id}`, a save over a change made meanwhile is refused (409).
   */
  version: z.number().int().positive(),
  users: z.array(institutionMember),
  supportContacts: z.array(supportContact),
});
export type Institution = z.infer<typeof institution>;

/**
 * One of the signed-in user's institutions as the institution switcher and the sidebar list it
 * (`GET /api/user/current/institutions`): all of them in one answer, in role order; the whole
 * institution (members, contacts, theme) is loaded for the current one only.
 */
export const institutionSummary = institution.pick({ id: true, name: true, trusted: true });
export type InstitutionSummary = z.infer<typeof institutionSummary>;
export const institutionSummaryList = z.array(institutionSummary);
