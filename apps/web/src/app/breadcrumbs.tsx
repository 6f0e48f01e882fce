import { useMatches, useSearchParams } from 'react-router';
import { type Breadcrumb, buildBreadcrumbs } from './model/breadcrumbs';

/** Breadcrumbs of the current page, from the route table's `handle.breadcrumb`. */
export function useBreadcrumbs(): Breadcrumb[] {
  const matches = useMatches();
  const [searchParams] = useSearchParams();
  return buildBreadcrumbs(matches, searchParams);
}
