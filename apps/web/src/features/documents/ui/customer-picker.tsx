import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import type { Relationship } from '@portal/contract';
import { useMemo, useRef } from 'react';
import { compareGerman } from '../../../lib/german-order';
import { matchesSearch, searchWords } from '../../../lib/search-words';
import { documents as t } from '../../../messages/de';

/**
 * Options drawn at once. A provider has hundreds of customers: drawing all 600 took about a
 * second to open the list on a slow machine (4× slowdown); the first 50 of the alphabet, or of
 * what was typed, are drawn and the description says to type.
 */
export const CUSTOMER_OPTIONS_SHOWN = 50;

/** The value of the option that says nothing was found (it cannot be picked). */
const NOTHING_FOUND = 'nothing-found';

/**
 * Every typed word somewhere in the option (name or Kd.-Nr.), in any order. Nothing found is an
 * option that cannot be picked: a list box may hold options only (axe), and it is read out like
 * a result.
 */
const filterCustomers: OptionsFilter = ({ options, search, limit }) => {
  const words = searchWords(search);
  const found: ComboboxItem[] = [];
  for (const option of options as ComboboxItem[]) {
    if (found.length >= limit) break;
    if (matchesSearch([option.label], words)) found.push(option);
  }
  return found.length > 0
    ? found
    : [{ value: NOTHING_FOUND, label: t.manage.noCustomerFound, disabled: true }];
};

/**
 * The options drawn when the list opens on the chosen customer (the field shows its name, nothing
 * typed): the chosen one first, then the ones after it in the alphabet, continuing from its start
 * (at most `limit`). Opening marks the first drawn option, so it is the chosen one, ArrowDown
 * moves to the next customer and ArrowUp (round the list) to the one before. Before, the list
 * opened at the top of the alphabet with its first entry marked: ArrowDown went to the
 * alphabet's second customer, and a chosen customer beyond the first 50 was not drawn at all.
 */
export function optionsFromChosen(
  options: readonly ComboboxItem[],
  chosen: string,
  limit: number,
): ComboboxItem[] | null {
  const index = options.findIndex((option) => option.value === chosen);
  if (index <= 0) return null;
  return [...options.slice(index), ...options.slice(0, index)].slice(0, limit);
}

export interface CustomerPickerProps {
  /** The institution's customers (its `owner: true` relationships). */
  customers: readonly Relationship[];
  value: string | null;
  onChange(customerId: string | null): void;
}

/** 'Kunde' of 'Dokumente verwalten': the customers by name (German order), found by typing. */
export function CustomerPicker({ customers, value, onChange }: CustomerPickerProps) {
  // What the field shows: the chosen customer's name until something is typed (or cleared).
  const text = useRef<string | null>(null);
  const data = useMemo(
    () =>
      [...customers]
        .sort(
          (a, b) =>
            compareGerman(a.contractorName, b.contractorName) ||
            a.referenceNumber.localeCompare(b.referenceNumber),
        )
        .map((c) => ({
          value: c.contractorId,
          label: t.manage.customerOption(c.contractorName, c.referenceNumber),
        })),
    [customers],
  );
  const chosenLabel = data.find((option) => option.value === value)?.label ?? null;
  const filter = useMemo<OptionsFilter>(
    () => (input) => {
      const untouched = text.current === null || text.current === chosenLabel;
      const fromChosen =
        value !== null && untouched && !searchWords(input.search).length
          ? optionsFromChosen(input.options as ComboboxItem[], value, input.limit)
          : null;
      return fromChosen ?? filterCustomers(input);
    },
    [value, chosenLabel],
  );
  return (
    <Select
      label={t.manage.customer}
      description={
        customers.length > CUSTOMER_OPTIONS_SHOWN
          ? t.manage.customerHint(customers.length, CUSTOMER_OPTIONS_SHOWN)
          : undefined
      }
      placeholder={t.manage.customerPlaceholder}
      data={data}
      value={value}
      onChange={(id) => {
        text.current = null;
        onChange(id === NOTHING_FOUND ? null : id);
      }}
      onSearchChange={(search) => {
        text.current = search;
      }}
      searchable
      filter={filter}
      limit={CUSTOMER_OPTIONS_SHOWN}
      // Typing a name or Kd.-Nr. and Enter picks the first match.
      selectFirstOptionOnChange
      // Without this, a list opened by typing marks "the chosen option" a timer later, and a
      // busy browser runs that timer after the last key has marked the first match (typed keys
      // go before timers): Enter then took nothing. Opening marks nothing itself (the list is
      // not drawn yet); typing marks the first match, as above.
      selectFirstOptionOnDropdownOpen
      maw={480}
    />
  );
}
