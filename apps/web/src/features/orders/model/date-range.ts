/** Date picker ranges (spec section 5). */

/** Year select: 10 years around the current one; 500 when a minimum or maximum limits it. */
export function yearRange(
  current: number,
  limits: { minDate?: Date | null; maxDate?: Date | null } = {},
): { first: number; last: number } {
  const min = limits.minDate?.getFullYear();
  const max = limits.maxDate?.getFullYear();
  if (min === undefined && max === undefined) return { first: current - 5, last: current + 4 };
  // Limited: up to 500 years, from the minimum (or back from the maximum).
  if (min !== undefined) return { first: min, last: Math.min(min + 499, max ?? min + 499) };
  const last = max as number;
  return { first: last - 499, last };
}

export class DateRangeError extends Error {}

/** A maximum earlier than the minimum is an error. */
export function checkDateLimits(minDate?: Date | null, maxDate?: Date | null): void {
  if (minDate && maxDate && maxDate.getTime() < minDate.getTime()) {
    throw new DateRangeError('maxDate liegt vor minDate');
  }
}
