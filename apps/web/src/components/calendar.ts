import { app } from '../messages/de/app';
import classes from './calendar.module.css';

/**
 * A day's name for screen readers, '26. November 2026', from its ISO date (Mantine's default
 * 'D MMMM YYYY' had no dot after the day, which German speech reads as a plain number:
 * "sechsundzwanzig November" instead of "sechsundzwanzigster November"). No Date, no zone.
 */
export function dayAriaLabel(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return app.calendarDay(day ?? 0, month ?? 0, year ?? 0);
}

/**
 * What every date picker's calendar gets: German names for its controls (Mantine's month and
 * year buttons have none of their own; axe: button-name) and its days, and readable days of the
 * neighbouring months. Spread into DateInput and DatePickerInput.
 */
export const calendarProps = {
  ariaLabels: app.calendar,
  getDayAriaLabel: dayAriaLabel,
  classNames: { day: classes.day },
} as const;
