/**
 * The app's stylesheets that could not be loaded (no connection at that moment) are loaded again
 * once the connection is back and whenever another page is opened.
 *
 * Vite loads a lazy page's CSS with a <link> before its code and afterwards takes it as loaded,
 * whether or not it arrived; the browser does not ask for a failed stylesheet again. So a page
 * first opened offline failed, and opened again once online it came without its styles
 * (Aufträge with a 6 px date field, arrows the size of the page, an unstyled table) until the
 * person reloaded the page, and with it any input on it.
 */

/**
 * Whether the stylesheet arrived: Chromium gives a link whose load failed an empty sheet whose
 * rules cannot be read (a SecurityError), other browsers none.
 */
const hasRules = (link: HTMLLinkElement) => {
  try {
    return link.sheet !== null && link.sheet.cssRules !== null;
  } catch {
    return false;
  }
};

/** Whether `link` is one of the app's stylesheets without rules: it failed (or still loads). */
const hasFailed = (link: HTMLLinkElement, origin: string) => {
  if (hasRules(link)) return false;
  try {
    const url = new URL(link.href);
    return url.origin === origin && url.pathname.startsWith('/assets/');
  } catch {
    return false;
  }
};

/** Replaces each of the app's stylesheet links without a sheet by a new one, loaded anew. */
export function retryFailedStylesheets(doc: Document = document) {
  const origin = doc.defaultView?.location.origin ?? '';
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    // One new link at a time: the old one is marked while its replacement loads.
    if (link.dataset.retrying === 'true' || !hasFailed(link, origin)) continue;
    link.dataset.retrying = 'true';
    const fresh = doc.createElement('link');
    fresh.rel = 'stylesheet';
    if (link.crossOrigin !== null) fresh.crossOrigin = link.crossOrigin;
    fresh.href = link.href;
    fresh.dataset.retrying = 'true';
    const settle = () => {
      if (hasRules(fresh)) {
        link.remove();
        delete fresh.dataset.retrying;
      } else {
        fresh.remove();
        delete link.dataset.retrying;
      }
    };
    fresh.addEventListener('load', settle, { once: true });
    fresh.addEventListener('error', settle, { once: true });
    link.after(fresh);
  }
}

/** Tries the failed stylesheets again when the browser is back online. */
export function watchFailedStylesheets(win: Window = window) {
  win.addEventListener('online', () => retryFailedStylesheets(win.document));
}
