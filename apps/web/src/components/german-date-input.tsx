import { DateInput, type DateInputProps } from '@mantine/dates';
import { useState } from 'react';
import { app } from '../messages/de/app';
import { calendarProps } from './calendar';
import { parseGermanDate } from './german-date';

export type GermanDateInputProps = Omit<DateInputProps, 'valueFormat' | 'dateParser'>;

/**
 * A date field typed as TT.MM.JJJJ (or picked). A typed date that does not exist (31.02.2026)
 * is not taken: the field empties and says why under it, naming what was typed, until the next
 * input, so a required date stops the save. Mantine's DateInput alone went back to the date it
 * had, unnoticed, and a save right after kept the old date the person had meant to change.
 */
export function GermanDateInput({
  error,
  onBlur,
  onInput,
  onChange,
  ...props
}: GermanDateInputProps) {
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <DateInput
      {...calendarProps}
      {...props}
      valueFormat="DD.MM.YYYY"
      dateParser={parseGermanDate}
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
        const text = typed.trim();
        if (text && parseGermanDate(text) === null) {
          setRefused(text);
          onChange?.(null);
        }
        setTyped('');
        onBlur?.(event);
      }}
      error={refused ? app.invalidDate(refused) : error}
    />
  );
}
