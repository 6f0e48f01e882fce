import { useEffect } from 'react';
import { useMatches, useSearchParams } from 'react-router';
import { app } from '../messages/de';
import { type Breadcrumb, buildBreadcrumbs, pageTitle } from './model/breadcrumbs';

/** Breadcrumbs of the current page, from the route table's `handle.breadcrumb`. */
export function useBreadcrumbs(): Breadcrumb[] {
  const matches = useMatches();
  const [searchParams] = useSearchParams();
  return buildBreadcrumbs(matches, searchParams);
}

/** Keeps the window title on the current page's label (see `pageTitle`). */
export function DocumentTitle() {
  const title = pageTitle(useBreadcrumbs(), app.title);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
