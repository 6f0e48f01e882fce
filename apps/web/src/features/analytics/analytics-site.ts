import type { PublicConfig } from '@portal/contract';

// A module of its own: the first view needs only this decision (lazy-analytics.tsx), the rest of
// analytics-model.ts loads with the analytics chunk on the hosts where analytics runs.

/** The analytics site of this host, or null: analytics runs only on configured hosts. */
export function analyticsSite(
  config: Pick<PublicConfig, 'analytics' | 'analyticsUrl'>,
  host: string,
): { url: string; siteId: string } | null {
  const siteId = config.analytics[host];
  if (!siteId || !config.analyticsUrl) return null;
  return { url: config.analyticsUrl.replace(/\/+$/, ''), siteId };
}
