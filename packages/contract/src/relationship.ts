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
