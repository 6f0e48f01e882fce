import { berlinDateTime } from '@portal/contract';

/**
 * Today's date (`yyyy-MM-dd`) in Germany, on the clock of Europe/Berlin, whatever zone the
 * browser is set to: the day a German user means by "today", and the day the portal's lists
 * show a timestamp under (decision 012). A computer left on another zone's clock (a laptop
 * back from a trip, a phone set to UTC) would otherwise prefill or allow yesterday or tomorrow.
 */
export const germanToday = (now: Date = new Date()): string => berlinDateTime(now).date;

/** The month (year, month 1 to 12) of today in Germany. */
export function germanMonth(now: Date = new Date()): { year: number; month: number } {
  const [year, month] = germanToday(now).split('-');
  return { year: Number(year), month: Number(month) };
}
