import { useLoaderData, useLocation } from 'react-router';
import { LazyAnalyticsConsentSettings } from '../../features/analytics/lazy-analytics';
import { StaticPage } from '../../features/static-pages/static-page';
import type { CompiledPage } from '../../lib/markdown-html';
import { useBreadcrumbs } from '../breadcrumbs';
import { useServices } from '../services';

/** A static page: its compiled markdown comes from the route's loader (bundled with the lazy route). */
export function StaticPageRoute() {
  const page = useLoaderData() as CompiledPage;
  const breadcrumbs = useBreadcrumbs();
  const fallbackTitle = breadcrumbs.at(-1)?.label ?? '';
  const { pathname } = useLocation();
  const { config } = useServices();
  return (
    <>
      <StaticPage page={page} fallbackTitle={fallbackTitle} breadcrumbs={breadcrumbs} />
      {pathname === '/datenschutz' && <LazyAnalyticsConsentSettings config={config} />}
    </>
  );
}
