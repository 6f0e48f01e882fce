import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves the keyboard focus to `target` once the render that shows it has happened: for a
 * control that starts or cancels a step and disappears with it, where the focus would otherwise
 * fall back to the page's start. Asked for by the step's own handlers only (Weiter, Abbrechen),
 * never by data arriving or a step that ends in success (that one's message speaks).
 */
export function useFocusAfterRender(): (target: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  const [, setRequests] = useState(0);
  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    pending.current = null;
    target.current?.focus();
  });
  return useCallback((target) => {
    pending.current = target;
    setRequests((count) => count + 1);
  }, []);
}
