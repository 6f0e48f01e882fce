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
    } else if (Date.now() - started > milliseconds || (!lost && active !== opener)) {
      // Time is up, or the focus is somewhere the person put it.
      view.clearInterval(timer);
    }
  }, 100);
}
