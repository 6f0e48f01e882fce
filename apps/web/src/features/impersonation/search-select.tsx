import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Popover.css';
import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { searchTerm } from './model/rules';

export interface SearchSelectProps<T> {
  label: string;
  description?: string;
  disabled?: boolean;
  /** Shown (not selectable) when a search found nothing. */
  emptyText: string;
  /** Debounced, de-duplicated search (see `createSearch`): answers [] for short input or errors. */
  search(input: string): Promise<T[]>;
  getKey(item: T): string;
  getLabel(item: T): string;
  renderOption(item: T): ReactNode;
  value: T | null;
  onChange(item: T | null): void;
  'data-testid'?: string;
  /** Focused when its dialog opens (Mantine's `data-autofocus`). */
  autoFocusInDialog?: boolean;
  /** On focus: text typed before the field could take it, appended to what it shows. */
  takeTypedAhead?: () => string;
}

/**
 * A type-ahead on Mantine's Combobox: typing searches (≥ 3 characters, debounced), Enter takes the
 * first result, arrow keys move through the results and Enter picks the marked one, Escape
 * closes the list.
 */
export function SearchSelect<T>({
  label,
  description,
  disabled,
  emptyText,
  search,
  getKey,
  getLabel,
  renderOption,
  value,
  onChange,
  'data-testid': testId,
  autoFocusInDialog,
  takeTypedAhead,
}: SearchSelectProps<T>) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState(value ? getLabel(value) : '');
  const [items, setItems] = useState<T[]>([]);
  const [hasResult, setHasResult] = useState(false);
  const [isSearching, setIsSearching] = useState(false);
  const latest = useRef(0);
  const listId = useId();

  function onInput(text: string) {
    setQuery(text);
    if (value !== null) onChange(null);
    const run = ++latest.current;
    if (searchTerm(text) === null) {
      setItems([]);
      setHasResult(false);
      setIsSearching(false);
      combobox.closeDropdown();
      return;
    }
    setIsSearching(true);
    void search(text).then((result) => {
      if (run !== latest.current) return;
      setItems(result);
      setHasResult(true);
      setIsSearching(false);
      combobox.openDropdown();
    });
  }

  // The first result is marked once drawn, so Enter takes it (a Kd.-Nr. typed and Enter, as in
  // Dokumente verwalten's Kunde picker); arrow keys move on from it.
  useEffect(() => {
    if (hasResult && items.length > 0) combobox.selectFirstOption();
  }, [items, hasResult, combobox]);

  function onOptionSubmit(key: string) {
    const item = items.find((candidate) => getKey(candidate) === key);
    if (!item) return;
    onChange(item);
    setQuery(getLabel(item));
    combobox.closeDropdown();
  }

  return (
    <Combobox store={combobox} onOptionSubmit={onOptionSubmit} zIndex={400}>
      {/* A combobox to assistive technology (role, aria-expanded), not only an input. */}
      <Combobox.Target withExpandedAttribute>
        <InputBase
          label={label}
          description={description}
          disabled={disabled}
          value={query}
          autoComplete="off"
          data-testid={testId}
          data-autofocus={autoFocusInDialog || undefined}
          rightSection={isSearching ? <Loader size="xs" aria-hidden="true" /> : null}
          onChange={(event) => onInput(event.currentTarget.value)}
          onFocus={() => {
            const ahead = takeTypedAhead?.() ?? '';
            if (ahead) {
              onInput(query + ahead);
              return;
            }
            if (hasResult && value === null) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasResult}>
        <Combobox.Options id={listId} aria-label={label} mah={280} style={{ overflowY: 'auto' }}>
          {items.length === 0 ? (
            // An option that cannot be picked: a list box may hold options only (axe), and the
            // answer is read out like a result.
            <Combobox.Option value="" disabled>
              {emptyText}
            </Combobox.Option>
          ) : (
            items.map((item) => (
              <Combobox.Option value={getKey(item)} key={getKey(item)}>
                {renderOption(item)}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
