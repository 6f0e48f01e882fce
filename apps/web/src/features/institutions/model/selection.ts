import type { InstitutionUserRole } from '@portal/contract';
import {
  IMPERSONATION_INSTITUTION_KEY,
  readImpersonation,
} from '../../../lib/impersonation-tokens';

/** localStorage key of the institution selected last. */
export const LAST_INSTITUTION_KEY = 'lastInstitutionId';

/**
 * Where the selection is kept: while impersonated tokens are stored, under a key of the
 * impersonation's own, so that the support user's last choice is still there when it ends.
 */
const selectionKey = (storage: Storage) =>
  readImpersonation(storage) ? IMPERSONATION_INSTITUTION_KEY : LAST_INSTITUTION_KEY;

export interface InitialSelectionInput {
  /** The user's institution role entries, in the order the API lists them. */
  roles: readonly Pick<InstitutionUserRole, 'institutionId'>[];
  /** `institutionId` query parameter of the page URL, null when absent. */
  queryInstitutionId: string | null;
  /** The id stored under `lastInstitutionId`, null when absent. */
  storedInstitutionId: string | null;
}

/**
 * The institution selected at startup (spec section 4):
 * - a query parameter naming one of the user's institutions wins;
 * - a query parameter naming none of them gives the first institution role;
 * - without a parameter a stored id of one of the user's institutions is used;
 * - otherwise the first institution role. Null when the user has no institution role.
 */
export function selectInitialInstitution({
  roles,
  queryInstitutionId,
  storedInstitutionId,
}: InitialSelectionInput): string | null {
  const ids = roles.map((role) => role.institutionId);
  const first = ids[0] ?? null;
  if (queryInstitutionId) {
    return ids.includes(queryInstitutionId) ? queryInstitutionId : first;
  }
  if (storedInstitutionId && ids.includes(storedInstitutionId)) return storedInstitutionId;
  return first;
}

/** Distinct institution ids of the user's role entries, in order. */
export const institutionIdsOf = (roles: readonly Pick<InstitutionUserRole, 'institutionId'>[]) => [
  ...new Set(roles.map((role) => role.institutionId)),
];

export function readStoredInstitutionId(storage: Storage = window.localStorage): string | null {
  try {
    return storage.getItem(selectionKey(storage));
  } catch {
    return null;
  }
}

export function storeInstitutionId(id: string, storage: Storage = window.localStorage) {
  try {
    storage.setItem(selectionKey(storage), id);
  } catch {
    // Storage unavailable (private mode): the choice lasts for this page only.
  }
}
