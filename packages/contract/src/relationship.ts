import { z } from 'zod';
import { id } from './common';

export const relationshipBusinessCase = z.object({
  id,
  /** Technical name of the business case type, e.g. TIORDER, BANKACCOUNT. */
  businessCaseTypeName: z.string(),
  /** German label of the business case type. */
  businessCaseTypeLabel: z.string(),
  /** Since when the business case exists (ISO date-time). */
  createdAt: z.string(),
});
export type RelationshipBusinessCase = z.infer<typeof relationshipBusinessCase>;

/**
 * One relationship seen from the asking institution's side (`GET /institution/{id}/relationship`):
 * `contractorId` is the other institution; `owner` is true where the asking institution is the
 * trusted contractor (then the other side is its customer).
 */
export const relationship = z.object({
  id,
  contractorId: id,
  /** Display name of the other institution. */
  contractorName: z.string(),
  /** The customer's reference number at the contractor ("Kd.-Nr."). */
  referenceNumber: z.string(),
  owner: z.boolean(),
  /** Since when the relationship exists (ISO date-time). */
  createdAt: z.string(),
  businessCases: z.array(relationshipBusinessCase),
});
export type Relationship = z.infer<typeof relationship>;
export const relationshipList = z.array(relationship);

/**
 * `GET /institution/{id}/relationship?owner=&limit=`: both optional. `owner=true` lists only the
 * relationships where the asking institution is the contractor (its customers), `owner=false`
 * only those with its contractors; `limit` answers at most that many. The navbar asks
 * `owner=true&limit=1` to learn whether the institution serves anyone (the impersonation
 * button): a provider of 600 customers had been sent all of them, 348 KB, on every page load.
 */
export const relationshipQuery = z.object({
  owner: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(10_000).optional(),
});
export type RelationshipQuery = z.infer<typeof relationshipQuery>;
