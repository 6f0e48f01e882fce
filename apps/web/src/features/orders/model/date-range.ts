/** Date picker ranges (spec sections 2 and 5). */

/** How far the year select reaches on a side without a limit. */
const YEARS_AROUND = 10;
/** How far it reaches at most on a side with a limit. */
const YEARS_WHEN_LIMITED = 500;

/** The year of an ISO date `yyyy-MM-dd` (a calendar date: no clock, no time zone). */
const yearOf = (isoDate: string | null | undefined) =>
  isoDate ? Number(isoDate.slice(0, 4)) : undefined;

/**
 * Year select (spec section 2: "select boxes span up to 10 years around the current one (500
 * when limited)"). Read per side, around the current year:
 *
 * - a side without a limit reaches 10 years from the current year (no limits at all:
 *   current − 10 … current + 10);
 * - a side with a limit ends at the limit's year, but never more than 500 years from the
 *   current year (only a maximum of today: current − 10 … current; a minimum in 1900:
 *   1900 … current + 10; both: the two limits, each cut at 500 years).
 *
 * The earlier reading counted 500 years from the limit away from the current year (a maximum
 * of today offered 1527 … 2026) and spanned current − 5 … current + 4 without limits.
 * When both limits lie on one side of the current year, the list is built around the nearest
 * limit instead, so that it never is empty and always holds the allowed years next to today.
 */
export function yearRange(
  current: number,
  limits: { minDate?: string | null; maxDate?: string | null } = {},
): { first: number; last: number } {
  const min = yearOf(limits.minDate);
  const max = yearOf(limits.maxDate);
  const anchor = Math.min(Math.max(current, min ?? current), max ?? Number.POSITIVE_INFINITY);
  const first =
    min === undefined ? anchor - YEARS_AROUND : Math.max(min, anchor - YEARS_WHEN_LIMITED);
  const last =
    max === undefined ? anchor + YEARS_AROUND : Math.min(max, anchor + YEARS_WHEN_LIMITED);
  return { first, last };
}

export class DateRangeError extends Error {}

/** A maximum earlier than the minimum is an error (ISO dates `yyyy-MM-dd`). */
export function checkDateLimits(minDate?: string | null, maxDate?: string | null): void {
  if (minDate && maxDate && maxDate < minDate) {
    throw new DateRangeError('maxDate liegt vor minDate');
  }
}
