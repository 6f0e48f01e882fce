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

/**
 * This tab's own copy of its selection (sessionStorage: per tab, kept across reloads and the
 * sign-in's round trip). localStorage holds the last choice of any tab, for a new tab; a tab that
 * has chosen keeps its own: a reload (F5) of a tab left on Praxis Sonnenschein, after another tab
 * switched to another institution, showed that other institution, and the open order or
 * document of the first one not at all.
 */
const tabStorageOf = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

export function readStoredInstitutionId(
  storage: Storage = window.localStorage,
  tabStorage: Storage | null = tabStorageOf(),
): string | null {
  try {
    const key = selectionKey(storage);
    // While impersonating the selection lives with the impersonation (shared by the tabs).
    const own = key === LAST_INSTITUTION_KEY ? tabStorage?.getItem(key) : null;
    return own ?? storage.getItem(key);
  } catch {
    return null;
  }
}

export function storeInstitutionId(
  id: string,
  storage: Storage = window.localStorage,
  tabStorage: Storage | null = tabStorageOf(),
) {
  try {
    const key = selectionKey(storage);
    storage.setItem(key, id);
    if (key === LAST_INSTITUTION_KEY) tabStorage?.setItem(key, id);
  } catch {
    // Storage unavailable (private mode): the choice lasts for this page only.
  }
}
