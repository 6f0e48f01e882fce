import { type PageView, pageViewCommands, setupCommands } from './analytics-model';

declare global {
  interface Window {
    _paq?: unknown[][];
  }
}

let loadedFor: string | null = null;

/** Loads `matomo.js` from the analytics server once (after consent only). */
export function loadTracker(site: { url: string; siteId: string }) {
  if (loadedFor === site.url) return;
  loadedFor = site.url;
  window._paq = window._paq ?? [];
  for (const command of setupCommands(site)) window._paq.push(command);
  const script = document.createElement('script');
  script.async = true;
  script.src = `${site.url}/matomo.js`;
  script.dataset.analytics = 'matomo';
  document.head.appendChild(script);
}

export function trackPageView(view: PageView) {
  if (!loadedFor) return;
  window._paq = window._paq ?? [];
  for (const command of pageViewCommands(view)) window._paq.push(command);
}

/** Consent withdrawn: forget the tracker's cookies; a reload leaves the script out. */
export function stopTracking() {
  if (!loadedFor) return;
  window._paq?.push(['forgetCookieConsentGiven']);
  window._paq?.push(['optUserOut']);
}
