import type { KeyboardEvent } from 'react';

/**
 * A menu button opens with the arrow keys too (WAI-ARIA menu button: Down or Up opens the menu),
 * not only with Enter and Space; Mantine's Menu then moves the focus into the list.
 */
export function openMenuOnArrow(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  if (event.currentTarget.getAttribute('aria-expanded') === 'true') return;
  event.preventDefault();
  event.currentTarget.click();
}

/** Typed letters within this time add up to one search (WAI-ARIA menu: type-ahead). */
export const TYPE_AHEAD_RESET_MS = 700;

/**
 * Type-ahead in a long menu (the institution switcher of a provider with hundreds of customers):
 * a printable key moves the focus to the next item whose name starts with the letters typed so
 * far (case and accents ignored, as Germans read 'Ärzte' under A); the letters add up while
 * typed within {@link TYPE_AHEAD_RESET_MS}. Returns the keydown handler for the menu's dropdown.
 */
export function createMenuTypeAhead(now: () => number = () => performance.now()) {
  let typed = '';
  let lastAt = Number.NEGATIVE_INFINITY;
  const collator = new Intl.Collator('de-DE', { sensitivity: 'base' });
  const startsWith = (text: string, prefix: string) =>
    collator.compare(text.trim().slice(0, prefix.length), prefix) === 0;
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === ' ' && typed === '') return;
    const at = now();
    typed = at - lastAt > TYPE_AHEAD_RESET_MS ? event.key : typed + event.key;
    lastAt = at;
    const items = Array.from(
      event.currentTarget.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([data-disabled])'),
    );
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    // A new search starts after the focused item; more letters may keep the focused one.
    const from = typed.length > 1 && current >= 0 ? current : current + 1;
    const ordered = [...items.slice(from), ...items.slice(0, from)];
    const match = ordered.find((item) => startsWith(item.textContent ?? '', typed));
    if (!match) return;
    event.preventDefault();
    match.focus();
  };
}
