import { useCallback, useRef } from 'react';

/**
 * Runs an action unless the last one started here is still running: a double click on a
 * submit button sends once. A mutation's `isPending` (which disables the button) reaches React
 * only after a timer, so a second click within that moment went through: two invitations of
 * the same person (the second answered 409, and the page reported a failure), two financing
 * requests.
 */
export function useSingleFlight() {
  const running = useRef(false);
  return useCallback((action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    void action()
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, []);
}
