import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ScrollArea.css';
import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import type { Relationship } from '@portal/contract';
import { useMemo } from 'react';
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

export interface CustomerPickerProps {
  /** The institution's customers (its `owner: true` relationships). */
  customers: readonly Relationship[];
  value: string | null;
  onChange(customerId: string | null): void;
}

/** 'Kunde' of 'Dokumente verwalten': the customers by name (German order), found by typing. */
export function CustomerPicker({ customers, value, onChange }: CustomerPickerProps) {
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
      onChange={(id) => onChange(id === NOTHING_FOUND ? null : id)}
      searchable
      filter={filterCustomers}
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
