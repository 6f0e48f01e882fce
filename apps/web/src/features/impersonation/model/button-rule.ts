import type { InstitutionRole, Relationship } from '@portal/contract';

// A module of its own: the navbar's button (first view) needs only this rule; the form's rules in
// rules.ts load with the impersonation modal.

const IMPERSONATING_ROLES: readonly InstitutionRole[] = ['INSTITUTION_ADMIN', 'SUPPORT_USER'];

/**
 * The button shows while impersonating, or when the current institution owns a relationship
 * and the user's role there is INSTITUTION_ADMIN or SUPPORT_USER.
 */
export function showImpersonationButton(input: {
  isImpersonating: boolean;
  relationships: readonly Pick<Relationship, 'owner'>[] | undefined;
  role: InstitutionRole | null | undefined;
}): boolean {
  if (input.isImpersonating) return true;
  const isOwner = (input.relationships ?? []).some((relationship) => relationship.owner);
  return isOwner && !!input.role && IMPERSONATING_ROLES.includes(input.role);
}
