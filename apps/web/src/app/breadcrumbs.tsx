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

/**
 * Keeps the window title on the current page's label (see `pageTitle`). While acting as a
 * customer's user it begins with 'Support-Modus': support staff work in their own tab and the
 * customer's side by side, and the tabs read the same ('Dashboard – Institutionsportal').
 */
export function DocumentTitle({ isImpersonating = false }: { isImpersonating?: boolean }) {
  const own = pageTitle(useBreadcrumbs(), app.title);
  const title = isImpersonating ? `${app.supportModeTitle} – ${own}` : own;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
