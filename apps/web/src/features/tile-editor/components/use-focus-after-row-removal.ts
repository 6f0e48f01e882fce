import { useEffect, useRef, useState } from 'react';
import { focusInPlace } from '../../../components/focus-fallback';

/**
 * A row removed with its own button (Löschen, verwerfen) leaves the list, and with it the button
 * that held the focus: the browser drops the focus to the page's start, so a keyboard user
 * removing two rows had to find the list again. `removedAt(index)` after the removal moves the
 * focus to the same button (`[buttonAttribute]`) now in that row, else the last row's, else the
 * list's heading; a focus the person has already moved elsewhere stays.
 */
export function useFocusAfterRowRemoval(buttonAttribute: string) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [row, setRow] = useState<number | null>(null);
  useEffect(() => {
    if (row === null) return;
    setRow(null);
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>(`[${buttonAttribute}]`) ?? [];
    const next = buttons[Math.min(row, buttons.length - 1)];
    if (next) next.focus();
    else if (headingRef.current) focusInPlace(headingRef.current);
  }, [row, buttonAttribute]);
  return { listRef, headingRef, removedAt: setRow };
}
