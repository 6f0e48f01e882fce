import { useLoaderData } from 'react-router';
import { StaticPage } from '../../features/static-pages/static-page';
import { useBreadcrumbs } from '../breadcrumbs';

/** A static page: its markdown comes from the route's loader (bundled with the lazy route). */
export function StaticPageRoute() {
  const markdown = useLoaderData() as string;
  const breadcrumbs = useBreadcrumbs();
  const fallbackTitle = breadcrumbs.at(-1)?.label ?? '';
  return <StaticPage markdown={markdown} fallbackTitle={fallbackTitle} breadcrumbs={breadcrumbs} />;
}
