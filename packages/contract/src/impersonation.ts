import { z } from 'zod';
import { id } from './common';

/** One customer of the asking contractor (`GET /institution/{id}/contractor?search=&limit=`). */
export const contractorSearchResult = z.object({
  id,
  name: z.string(),
  /** The customer's reference number at the contractor ("Kd.-Nr."). */
  referenceNumber: z.string(),
  postalcode: z.string(),
  city: z.string(),
  street: z.string(),
});
export type ContractorSearchResult = z.infer<typeof contractorSearchResult>;
export const contractorSearchList = z.array(contractorSearchResult);

export const contractorSearchQuery = z.object({
  search: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const customerUserParams = z.object({ id, contractorId: id });
export const customerUserQuery = z.object({ search: z.string().max(200).default('') });

/** A user of one customer institution, for the impersonation modal. */
export const customerUser = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(['INSTITUTION_ADMIN', 'INSTITUTION_MEMBER', 'SUPPORT_USER']),
});
export type CustomerUser = z.infer<typeof customerUser>;
export const customerUserList = z.array(customerUser);

/** One support access to an institution (`Support-Zugriffe`). */
export const supportAccess = z.object({
  id,
  impersonatorName: z.string(),
  userName: z.string(),
  /** Names of the contractors the access came from. */
  contractorNames: z.array(z.string()),
  startedAt: z.string(),
  /** When the access ended (explicitly, or by expiry); null while still running. */
  endedAt: z.string().nullable(),
  /** Length in seconds so far (or in total once ended). */
  durationSeconds: z.number().int(),
});
export type SupportAccess = z.infer<typeof supportAccess>;
export const supportAccessList = z.array(supportAccess);
