/** Identification states as the app shows them (spec section 3). */
export type IdentStatus = 'CREATED' | 'LEGITIMISED' | 'FAILED' | 'NOT_EXISTENT';

/**
 * The service's raw value mapped as spec section 4 says: 'true' → CREATED; 'false' or '2' →
 * FAILED; '1' → LEGITIMISED; anything else FAILED. A failed load is NOT_EXISTENT.
 */
export function mapIdentStatus(raw: unknown): IdentStatus {
  switch (String(raw)) {
    case 'true':
      return 'CREATED';
    case '1':
      return 'LEGITIMISED';
    default:
      return 'FAILED';
  }
}

/** The state after a load: the mapping on success, NOT_EXISTENT when the load failed. */
export const identStatusOf = (
  result: { ok: true; status: unknown } | { ok: false },
): IdentStatus => (result.ok ? mapIdentStatus(result.status) : 'NOT_EXISTENT');
