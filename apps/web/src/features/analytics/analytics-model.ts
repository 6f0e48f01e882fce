/** Where the person's choice is remembered (this browser). */
export const CONSENT_STORAGE_KEY = 'analyticsConsent';
export type Consent = 'granted' | 'denied' | null;

export function readConsent(storage: Pick<Storage, 'getItem'> = localStorage): Consent {
  const value = storage.getItem(CONSENT_STORAGE_KEY);
  return value === 'granted' || value === 'denied' ? value : null;
}

export { analyticsSite } from './analytics-site';

/** Tracker is loaded only on a configured host and only after consent. */
export const mayTrack = (site: unknown, consent: Consent) => Boolean(site) && consent === 'granted';

export interface PageView {
  url: string;
  title: string;
  /** Keyed pseudonym from the server; never the raw user id. */
  userId?: string;
  institutionId?: string | null;
  /** Only present when the operator enabled ANALYTICS_PERSONAL_DATA. */
  name?: string;
  email?: string;
}

/** Custom dimensions of the Matomo site (configure them with these ids). */
export const DIMENSION = { institutionId: 1, name: 2, email: 3 } as const;

/** The Matomo `_paq` commands of one page view. */
export function pageViewCommands(view: PageView): unknown[][] {
  const commands: unknown[][] = [
    ['setCustomUrl', view.url],
    ['setDocumentTitle', view.title],
  ];
  if (view.userId) commands.push(['setUserId', view.userId]);
  else commands.push(['resetUserId']);
  if (view.institutionId)
    commands.push(['setCustomDimension', DIMENSION.institutionId, view.institutionId]);
  else commands.push(['deleteCustomDimension', DIMENSION.institutionId]);
  if (view.name) commands.push(['setCustomDimension', DIMENSION.name, view.name]);
  if (view.email) commands.push(['setCustomDimension', DIMENSION.email, view.email]);
  commands.push(['trackPageView']);
  return commands;
}

/** The commands that start the tracker (cookieless until consent is given, then with consent). */
export function setupCommands(site: { url: string; siteId: string }): unknown[][] {
  return [
    ['requireCookieConsent'],
    ['setTrackerUrl', `${site.url}/matomo.php`],
    ['setSiteId', site.siteId],
    ['enableLinkTracking'],
    ['rememberCookieConsentGiven'],
  ];
}
