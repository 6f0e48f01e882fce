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
