/** What a route may say about its breadcrumb entry (in `handle.breadcrumb`). */
export interface BreadcrumbContext {
  params: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
}

/** A route's breadcrumb entry (`handle.breadcrumb`, see `RouteHandle`). */
export interface BreadcrumbEntry {
  label: string | ((context: BreadcrumbContext) => string);
  /** Query parameters that belong to this entry's URL (e.g. documentType). */
  keepSearchParams?: readonly string[];
}

export interface BreadcrumbMatch {
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  handle?: unknown;
}

export interface Breadcrumb {
  label: string;
  url: string;
}

const breadcrumbOf = (match: BreadcrumbMatch): BreadcrumbEntry | undefined =>
  typeof match.handle === 'object' && match.handle !== null
    ? (match.handle as { breadcrumb?: BreadcrumbEntry }).breadcrumb
    : undefined;

const normalise = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * Breadcrumbs from the matched routes (outermost first): one entry per route that declares a
 * breadcrumb, with its label and URL. Entries for the same URL (pathless or index routes)
 * collapse into the innermost.
 */
export function buildBreadcrumbs(
  matches: readonly BreadcrumbMatch[],
  searchParams: URLSearchParams = new URLSearchParams(),
): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [];
  for (const match of matches) {
    const breadcrumb = breadcrumbOf(match);
    if (!breadcrumb) continue;
    const context: BreadcrumbContext = { params: match.params, searchParams };
    const label =
      typeof breadcrumb.label === 'function' ? breadcrumb.label(context) : breadcrumb.label;
    const query = new URLSearchParams();
    for (const key of breadcrumb.keepSearchParams ?? []) {
      const value = searchParams.get(key);
      if (value !== null) query.set(key, value);
    }
    const search = query.toString();
    const url = `${normalise(match.pathname)}${search ? `?${search}` : ''}`;
    const previous = crumbs.at(-1);
    if (previous && normalise(previous.url.split('?')[0]!) === normalise(match.pathname)) {
      crumbs[crumbs.length - 1] = { label, url };
    } else {
      crumbs.push({ label, url });
    }
  }
  return crumbs;
}

/**
 * The window title of a page: its own label (the last breadcrumb) and the portal's name, so
 * tabs, history, bookmarks and screen readers tell the pages apart ("Aufträge – Institutionsportal").
 */
export function pageTitle(crumbs: readonly Breadcrumb[], portalName: string): string {
  const own = crumbs.at(-1)?.label;
  return own ? `${own} – ${portalName}` : portalName;
}
