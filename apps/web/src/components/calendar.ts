import { app } from '../messages/de/app';
import classes from './calendar.module.css';

/**
 * What every date picker's calendar gets: German names for its controls (Mantine's month and
 * year buttons have none of their own; axe: button-name) and readable days of the neighbouring
 * months. Spread into DateInput and DatePickerInput.
 */
export const calendarProps = {
  ariaLabels: app.calendar,
  classNames: { day: classes.day },
} as const;
