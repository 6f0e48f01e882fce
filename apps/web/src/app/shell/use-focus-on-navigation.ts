import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusInPlace } from '../../components/focus-fallback';

/** How long after a move to another page its heading may still take the focus (frames). */
const FRAMES = 60;

/**
 * After a move to another page (a new path; not the first page, not a new query alone), the
 * focus goes to the new page's heading (its h1), which a screen reader then reads out. Before,
 * it stayed on nothing: the link, tile or button that was used went away with the old page and
 * the focus fell to `<body>`, so the next Tab started at the top bar. Only while the focus is
 * on `<body>` or still on what was used: a field or dialog the new page focused, or a control
 * the person moved to, keeps it.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const used = document.activeElement;
    let frames = 0;
    let handle = 0;
    const step = () => {
      const heading = main.current?.querySelector<HTMLElement>('h1');
      const active = document.activeElement;
      const free = !active || active === document.body || active === used || !active.isConnected;
      if (heading && free) return focusInPlace(heading);
      if (++frames < FRAMES) handle = requestAnimationFrame(step);
    };
    handle = requestAnimationFrame(step);
    return () => cancelAnimationFrame(handle);
  }, [pathname, main]);
}
