import { useCallback, useEffect, useRef, useState } from 'react';
import { focusInPlace } from '../../../components/focus-fallback';

/**
 * A row removed with its own button (Löschen, verwerfen) leaves the list, and with it the button
 * that held the focus: the browser drops the focus to the page's start, so a keyboard user
 * removing two rows had to find the list again. `removedAt(index)` after the removal moves the
 * focus to the same button (`[buttonAttribute]`) now in that row, else the last row's, else the
 * list's heading; a focus the person has already moved elsewhere stays.
 *
 * Each removal is a request of its own (a new object), not a row number that is reset after
 * use: the reset is a render of its own, which React runs later than the removal's; a second
 * removal at the same row before it (a quick keyboard user, a busy machine) set the same number
 * again, no effect ran, and the focus was lost.
 */
export function useFocusAfterRowRemoval(buttonAttribute: string) {
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removal, setRemoval] = useState<{ row: number } | null>(null);
  useEffect(() => {
    if (removal === null) return;
    const { row } = removal;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const buttons = listRef.current?.querySelectorAll<HTMLElement>(`[${buttonAttribute}]`) ?? [];
    const next = buttons[Math.min(row, buttons.length - 1)];
    if (next) next.focus();
    else if (headingRef.current) focusInPlace(headingRef.current);
  }, [removal, buttonAttribute]);
  const removedAt = useCallback((row: number) => setRemoval({ row }), []);
  return { listRef, headingRef, removedAt };
}
