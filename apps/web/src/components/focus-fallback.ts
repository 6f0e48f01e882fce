/**
 * Focuses an element that is no Tab stop of its own (a heading, a table, the main content):
 * focusable by script only (tabindex -1), without scrolling the page.
 */
export function focusInPlace(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * Where the focus goes when the element it would return to is gone: a dialog's opener that the
 * dialog removed (Löschen in a row that is deleted). The browser then
 * drops the focus to the page's start (`<body>`), and a keyboard or screen-reader user loses
 * their place. Instead the focus goes to what held the opener: its table, section or region
 * (made focusable for this, without scrolling), else the page's main content.
 */
export function watchFocusAfterRemoval(opener: Element | null, milliseconds = 3_000): void {
  if (!(opener instanceof HTMLElement)) return;
  // The opener's own document and window, held here: the watch outlives the dialog, and a page
  // (or a test's document) may be gone before it ends.
  const doc = opener.ownerDocument;
  const view = doc.defaultView;
  if (!view) return;
  const holder =
    opener.closest<HTMLElement>('table, section, [role="region"], main') ??
    doc.querySelector<HTMLElement>('main');
  const started = Date.now();
  const timer = view.setInterval(() => {
    if (!doc.defaultView) {
      view.clearInterval(timer);
      return;
    }
    const active = doc.activeElement;
    const lost = !active || active === doc.body;
    if (!opener.isConnected && lost) {
      const target = holder?.isConnected ? holder : doc.querySelector<HTMLElement>('main');
      if (target) focusInPlace(target);
      view.clearInterval(timer);
    } else if (
      Date.now() - started > milliseconds ||
      (!lost && active !== opener && !active.closest('[role="dialog"]'))
    ) {
      // Time is up, or the focus is somewhere the person put it (not in the dialog that is
      // still fading out, whose busy button got its focus back: keepFocusOnBusyButtons).
      view.clearInterval(timer);
    }
  }, 100);
}

const HOLDER = '[role="dialog"], form, section, table, [role="region"], main';

/**
 * Keeps the keyboard focus on a button that turns busy. Mantine disables a button while it is
 * `loading`, and the browser drops the focus of a disabled element to the page's start
 * (`<body>`): a keyboard or screen-reader user who pressed Speichern, Einladen or Löschen was
 * put back at the top of the page (in an open dialog: outside it) and heard nothing of where
 * they were. When the pressed button is usable again (the request failed, or the page stays),
 * the focus goes back to it; when it stays disabled once no longer busy (nothing left to
 * save), to what holds it: its dialog, form, section or the main content. Only while the focus
 * is still lost: a place the page or the person chose meanwhile is kept. Returns the cleanup.
 */
export function keepFocusOnBusyButtons(doc: Document = document): () => void {
  let last: HTMLElement | null = null;
  const isLost = () => !doc.activeElement || doc.activeElement === doc.body;
  const onFocusIn = (event: FocusEvent) => {
    last = event.target instanceof HTMLElement ? event.target : null;
  };
  // Chromium lets go of a disabled element's focus in a task of its own, some time after the
  // change (later under load): looked at once it has (blur), and a little later in any case.
  const onFocusOut = (event: FocusEvent) => {
    const button = last;
    if (!button || event.target !== button || event.relatedTarget !== null) return;
    // Only a focus taken by the button's disabling; a click on the page keeps its own effect.
    if (!button.matches(':disabled')) return;
    doc.defaultView?.setTimeout(() => settle(button), 0);
  };
  const settle = (button: HTMLElement) => {
    if (button !== last || !button.isConnected || !isLost()) return;
    if (!button.matches(':disabled')) {
      button.focus({ preventScroll: true });
    } else if (!button.hasAttribute('data-loading')) {
      const holder = button.parentElement?.closest<HTMLElement>(HOLDER);
      if (holder) focusInPlace(holder);
    }
  };
  const observer = new MutationObserver((records) => {
    const button = last;
    if (!button || !records.some((record) => record.target === button)) return;
    settle(button);
    for (const delay of [50, 250, 750]) doc.defaultView?.setTimeout(() => settle(button), delay);
  });
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('focusout', onFocusOut);
  observer.observe(doc.body, {
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'data-loading'],
  });
  return () => {
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('focusout', onFocusOut);
    observer.disconnect();
  };
}
