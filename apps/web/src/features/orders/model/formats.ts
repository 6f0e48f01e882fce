import { berlinDateTime } from '@portal/contract';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A date-time written as a wall clock, without a zone: `yyyy-MM-ddTHH:mm[:ss[.SSS]]`. */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/;

/**
 * The calendar date and time a value stands for in Germany: an ISO date as it is, a wall-clock
 * date-time as written (appointments are local times), an instant with a zone (`…Z`, `+01:00`)
 * on the clock of Europe/Berlin, so that every user sees and filters the same day whatever
 * the browser's time zone. Null when the value is empty or no date.
 */
export function germanDateTime(
  value: string | null | undefined,
): { date: string; time: string | null } | null {
  if (!value) return null;
  if (ISO_DATE.test(value)) return { date: value, time: null };
  const wall = WALL_CLOCK.exec(value);
  if (wall) return { date: wall[1] ?? '', time: wall[2] ?? null };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  return berlinDateTime(instant);
}

/** `yyyy-MM-dd` of a date or date-time as in Germany (see germanDateTime); '' when none. */
export const calendarDate = (value: string | null | undefined) => germanDateTime(value)?.date ?? '';

const dotted = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** dd.MM.yyyy of an ISO date or date-time (the day in Germany). */
export function formatDate(value: string | null | undefined): string {
  const date = calendarDate(value);
  return date ? dotted(date) : '';
}

/** dd.MM.yyyy HH:mm of a date-time (`yyyy-MM-ddTHH:mm` local, or ISO with zone). */
export function formatDateTime(value: string | null | undefined): string {
  const parts = germanDateTime(value);
  if (!parts) return '';
  return `${dotted(parts.date)} ${parts.time ?? '00:00'}`;
}

/**
 * The orders created on or after `from` (`yyyy-MM-dd`, the "Angelegt ab" filter), by the same
 * day the list shows them under ("Angelegt am"); all of them without a date.
 */
export function createdFrom<T extends { createdAt: string }>(
  items: readonly T[],
  from: string | null,
): readonly T[] {
  if (!from) return items;
  return items.filter((item) => calendarDate(item.createdAt) >= from);
}

const euro = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
export const formatEuro = (value: number) => euro.format(value);
