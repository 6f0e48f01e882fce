/** Where the person's choice is remembered (this browser). */
export const CONSENT_STORAGE_KEY = 'analyticsConsent';
export type Consent = 'granted' | 'denied' | null;

/**
 * Stored for a consent given while the banner named name and e-mail (ANALYTICS_PERSONAL_DATA);
 * `granted` is a consent to pseudonymous analytics only.
 */
const GRANTED_WITH_PERSONAL_DATA = 'granted-personal';

/**
 * The person's choice for analytics as configured now (`personalData`: page views carry name
 * and e-mail). A consent to pseudonymous analytics does not cover name and e-mail: once the
 * operator switches them on, the person is asked again (null) and nothing is sent until then.
 */
export function readConsent(
  storage: Pick<Storage, 'getItem'> = localStorage,
  personalData = false,
): Consent {
  const value = storage.getItem(CONSENT_STORAGE_KEY);
  if (value === 'denied') return 'denied';
  if (value === GRANTED_WITH_PERSONAL_DATA) return 'granted';
  if (value === 'granted') return personalData ? null : 'granted';
  return null;
}

/** The value stored for a choice made while the banner said what `personalData` says. */
export const storedConsent = (consent: Exclude<Consent, null>, personalData = false) =>
  consent === 'granted' && personalData ? GRANTED_WITH_PERSONAL_DATA : consent;

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
