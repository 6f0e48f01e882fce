import type { Institution, User } from '@portal/contract';

/** What the signed-in user may do in the current institution (spec section 5, roles). */
export interface Permissions {
  /** Unternehmen (/institution) and its menu entry: admin of the current institution. */
  canAdminInstitution: boolean;
  /** Kacheldefinitionen editieren (/dashboard-tile-editor): admin of a trusted institution. */
  canEditTiles: boolean;
  /** Dokumente verwalten, documents by business case: a trusted institution. */
  canManageDocuments: boolean;
  /**
   * Als User eines Kunden anmelden: while impersonating, or INSTITUTION_ADMIN / SUPPORT_USER of
   * an institution that owns relationships.
   */
  canImpersonate: boolean;
}

export type PermissionKey = keyof Permissions;

export interface PermissionContext {
  /** At least one relationship of the current institution has `owner: true`. */
  ownsRelationships?: boolean;
  /** The session is an impersonation. */
  isImpersonating?: boolean;
}

export const NO_PERMISSIONS: Permissions = Object.freeze({
  canAdminInstitution: false,
  canEditTiles: false,
  canManageDocuments: false,
  canImpersonate: false,
});

/**
 * The one place the portal's access rules live: guards (route `handle.guard`), user menu and
 * sidebar read these flags. Pure: everything it depends on is an argument. `institution` is the
 * current institution (null while none is chosen or it is still loading).
 */
export function permissions(
  user: Pick<User, 'institutionUserRoles'> | null,
  institution: Pick<Institution, 'id' | 'trusted'> | null,
  { ownsRelationships = false, isImpersonating = false }: PermissionContext = {},
): Permissions {
  if (!user || !institution) return { ...NO_PERMISSIONS, canImpersonate: isImpersonating };
  const role =
    user.institutionUserRoles.find((entry) => entry.institutionId === institution.id)?.role ?? null;
  const isAdmin = role === 'INSTITUTION_ADMIN';
  return {
    canAdminInstitution: isAdmin,
    canEditTiles: isAdmin && institution.trusted,
    canManageDocuments: role !== null && institution.trusted,
    canImpersonate:
      isImpersonating ||
      (ownsRelationships && (role === 'INSTITUTION_ADMIN' || role === 'SUPPORT_USER')),
  };
}
