/** Institution data is valid for this long after it was fetched. */
export const INSTITUTION_VALIDITY_MS = 300_000;
/** How often the current institution's age is checked. */
export const INSTITUTION_REFRESH_CHECK_MS = 60_000;

/**
 * Whether institution data fetched at `lastFetched` (ms since epoch, 0 or undefined = never)
 * must be reloaded at `now`: when it is older than the validity.
 */
export function isInstitutionStale(
  lastFetched: number | undefined,
  now: number,
  validityMs: number = INSTITUTION_VALIDITY_MS,
): boolean {
  if (!lastFetched) return true;
  return now - lastFetched > validityMs;
}
