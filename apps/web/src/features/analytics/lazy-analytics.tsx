import type { PublicConfig } from '@portal/contract';
import { lazy, Suspense } from 'react';
import { analyticsSite } from './analytics-site';

/**
 * Analytics only costs a download where it can run: on a host listed in ANALYTICS_SITES the
 * banner, tracker and identity code load as their own chunk; everywhere else nothing loads.
 */
type AnalyticsConfig = Pick<PublicConfig, 'analytics' | 'analyticsUrl' | 'analyticsPersonalData'>;

const Controller = lazy(() =>
  import('./analytics').then((module) => ({ default: module.AnalyticsController })),
);
const IdentitySync = lazy(() =>
  import('./analytics').then((module) => ({ default: module.AnalyticsIdentitySync })),
);
const ConsentSettings = lazy(() =>
  import('./analytics').then((module) => ({ default: module.AnalyticsConsentSettings })),
);

const configured = (config: AnalyticsConfig) => analyticsSite(config, window.location.hostname);

export function LazyAnalyticsController({ config }: { config: AnalyticsConfig }) {
  if (!configured(config)) return null;
  return (
    <Suspense fallback={null}>
      <Controller config={config} />
    </Suspense>
  );
}

export function LazyAnalyticsIdentitySync(props: {
  config: AnalyticsConfig;
  institutionId: string | null;
}) {
  if (!configured(props.config)) return null;
  return (
    <Suspense fallback={null}>
      <IdentitySync {...props} />
    </Suspense>
  );
}

export function LazyAnalyticsConsentSettings({ config }: { config: AnalyticsConfig }) {
  if (!configured(config)) return null;
  return (
    <Suspense fallback={null}>
      <ConsentSettings config={config} />
    </Suspense>
  );
}
