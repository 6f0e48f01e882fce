import { z } from 'zod';
import { id } from './common';

export const INSTITUTION_ROLES = [
  'INSTITUTION_ADMIN',
  'INSTITUTION_MEMBER',
  'SUPPORT_USER',
] as const;
export const institutionRole = z.enum(INSTITUTION_ROLES);
export type InstitutionRole = z.infer<typeof institutionRole>;

/** Account (realm) roles as Keycloak carries them in `realm_access.roles`. */
export const ACCOUNT_ROLES = {
  client: 'client',
  twoFactor: '2fa',
  technical: 'technical',
} as const;

export const institutionUserRole = z.object({
  institutionId: id,
  role: institutionRole,
});
export type InstitutionUserRole = z.infer<typeof institutionUserRole>;

export const user = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  institutionUserRoles: z.array(institutionUserRole),
  hasAccountActivated: z.boolean(),
  /** ISO 8601 date-time. */
  dateTimeCreated: z.string(),
  title: z.string().nullable(),
  formOfAddress: z.string().nullable(),
  onboardedByClient: z.string().nullable(),
});
export type User = z.infer<typeof user>;
