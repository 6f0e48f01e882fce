import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { app } from '../messages/de/app';
import { calendarProps } from './calendar';
import { parseGermanDate } from './german-date';

/**
 * The days a date field takes unless told otherwise (ISO dates). Before 1900 the calendar is no
 * help (Mantine's dayjs shows the year 0001 as 1901), and a date field of this portal (a
 * document's date) has no use for the distant past or future. The API refuses any other day
 * alike (`CALENDAR_DATE_MIN`/`CALENDAR_DATE_MAX` in packages/contract document.ts).
 */
export const DATE_INPUT_MIN = '1900-01-01';
export const DATE_INPUT_MAX = '2099-12-31';

export type GermanDateInputProps = Omit<
  DateInputProps,
  'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** Earliest and latest day that can be typed or picked, ISO dates `yyyy-MM-dd`. */
  minDate?: string;
  maxDate?: string;
};

const dotted = (isoDate: string) => isoDate.split('-').reverse().join('.');

/**
 * A date field typed as TT.MM.JJJJ (or picked). A typed date that does not exist (31.02.2026),
 * or lies outside the field's days, is not taken: the field empties and says why under it,
 * naming what was typed, until the next input, so a required date stops the save. Emptied by
 * the keyboard, the field is empty (a required one then asks to be filled in). Mantine's
 * DateInput alone went back to the date it had, unnoticed, in each of these cases, and a save
 * right after kept the old date the person had meant to change or remove.
 */
export function GermanDateInput({
  error,
  onBlur,
  onInput,
  onChange,
  minDate = DATE_INPUT_MIN,
  maxDate = DATE_INPUT_MAX,
  getDayProps,
  ...props
}: GermanDateInputProps) {
  // What was typed since the field was last left; null: nothing typed (a pick, or no input).
  const [typed, setTyped] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <DateInput
      {...calendarProps}
      {...props}
      minDate={minDate}
      maxDate={maxDate}
      valueFormat="DD.MM.YYYY"
      dateParser={parseGermanDate}
      // A day picked in the calendar (the input keeps the focus) replaces what was typed.
      getDayProps={(day) => {
        const own = getDayProps?.(day);
        return {
          ...own,
          onClick: (event) => {
            setTyped(null);
            setRefused(null);
            own?.onClick?.(event);
          },
        };
      }}
      onInput={(event) => {
        setTyped(event.currentTarget.value);
        setRefused(null);
        onInput?.(event);
      }}
      onChange={(value) => {
        setRefused(null);
        onChange?.(value);
      }}
      onBlur={(event) => {
        const text = typed?.trim();
        if (text === '') {
          onChange?.(null);
        } else if (text) {
          const date = parseGermanDate(text);
          if (date === null) {
            setRefused(app.invalidDate(text));
            onChange?.(null);
          } else if (date < minDate || date > maxDate) {
            setRefused(app.dateOutOfRange(text, dotted(minDate), dotted(maxDate)));
            onChange?.(null);
          }
        }
        setTyped(null);
        onBlur?.(event);
      }}
      error={refused ?? error}
    />
  );
}
