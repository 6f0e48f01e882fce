import '@mantine/dates/styles.css';
import 'dayjs/locale/de';
import { Group, NativeSelect } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useState } from 'react';
import { calendarProps } from '../../../components/calendar';
import { germanToday } from '../../../lib/german-today';
import { orders as t } from '../../../messages/de';
import { checkDateLimits, DateRangeError, yearRange } from '../model/date-range';

export interface PortalDatePickerProps {
  label: string;
  /** ISO date `yyyy-MM-dd` or null. */
  value: string | null;
  onChange(value: string | null): void;
  /**
   * The earliest and latest day that can be picked, ISO dates `yyyy-MM-dd`: calendar days, as
   * the value. (A `Date` is an instant: Mantine took its day on the browser's clock, so "today"
   * from a computer set to Los Angeles ended a day before the German one; decision 012.)
   */
  minDate?: string;
  maxDate?: string;
  clearable?: boolean;
}

/** Spec section 2: weeks of 7 days, always 6 weeks shown, the week starting on Monday. */
const DATES_SETTINGS = { locale: 'de', firstDayOfWeek: 1, consistentWeeks: true } as const;

/**
 * Date picker (spec section 5) on Mantine Dates, German, dd.MM.yyyy. A year select next to it
 * spans 10 years either side of the current one; a side with a minimum or maximum ends there,
 * at most 500 years from the current year (`yearRange`). A maximum earlier than the minimum
 * is an error (shown, and the picker is disabled).
 */
export function PortalDatePicker({
  label,
  value,
  onChange,
  minDate,
  maxDate,
  clearable = true,
}: PortalDatePickerProps) {
  // Today in Germany (decision 012): the month and year the picker opens on.
  const today = germanToday();
  let invalid = false;
  try {
    checkDateLimits(minDate, maxDate);
  } catch (error) {
    if (!(error instanceof DateRangeError)) throw error;
    invalid = true;
  }
  const years = yearRange(Number(today.slice(0, 4)), { minDate, maxDate });
  const [shown, setShown] = useState<string>(value ?? `${today.slice(0, 7)}-01`);
  const shownYear = Number(shown.slice(0, 4));
  const yearOptions = [];
  for (let y = years.first; y <= years.last; y += 1) yearOptions.push(String(y));
  return (
    <DatesProvider settings={DATES_SETTINGS}>
      <Group gap="xs" align="flex-start">
        <DatePickerInput
          {...calendarProps}
          label={label}
          value={value}
          onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
          valueFormat="DD.MM.YYYY"
          minDate={minDate}
          maxDate={maxDate}
          clearable={clearable}
          disabled={invalid}
          date={shown}
          onDateChange={(next) => setShown(String(next).slice(0, 10))}
          error={invalid ? t.datePicker.invalidRange : undefined}
          errorProps={{ c: 'red.9' }}
          miw={180}
          clearButtonProps={{ 'aria-label': t.datePicker.clear }}
        />
        <NativeSelect
          label={t.datePicker.year(label)}
          disabled={invalid}
          value={String(shownYear)}
          onChange={(event) => setShown(`${event.currentTarget.value}${shown.slice(4)}`)}
          data={yearOptions}
        />
      </Group>
    </DatesProvider>
  );
}
