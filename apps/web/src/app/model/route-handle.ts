import type { BreadcrumbEntry } from './breadcrumbs';
import type { PermissionKey } from './permissions';

/**
 * What a route says about itself in `handle`. Read by the breadcrumbs, by the one route guard
 * (`RouteGuard` in the signed-in layout) and by `publicPaths` (which paths need no sign-in).
 */
export interface RouteHandle {
  /** The route's breadcrumb entry; none means no entry of its own. */
  breadcrumb?: BreadcrumbEntry;
  /** Account roles the route requires (every route: `client`). */
  roles?: readonly string[];
  /** Reachable without sign-in (the static pages). */
  public?: boolean;
  /**
   * The permission (see `permissions()`) the signed-in user needs in the current institution;
   * without it the guard sends them to /dashboard.
   */
  guard?: PermissionKey;
  /**
   * Open to a signed-in user without any institution role (spec: Mein Konto and Identifikation
   * are for any "signed-in user"); other pages show that no institution is assigned.
   */
  withoutInstitution?: boolean;
}

/** The account role every route of the portal requires (`handle.roles`). */
export const CLIENT_ROLES = ['client'] as const;

export const handleOf = (match: { handle?: unknown }): RouteHandle | undefined =>
  typeof match.handle === 'object' && match.handle !== null
    ? (match.handle as RouteHandle)
    : undefined;

/** The innermost guard of the matched routes, if any route declares one. */
export const requiredPermission = (
  matches: readonly { handle?: unknown }[],
): PermissionKey | undefined =>
  matches.reduce<PermissionKey | undefined>(
    (guard, match) => handleOf(match)?.guard ?? guard,
    undefined,
  );

/** Whether the matched page opens for a user without any institution role. */
export const opensWithoutInstitution = (matches: readonly { handle?: unknown }[]) =>
  matches.some((match) => handleOf(match)?.withoutInstitution === true);

/** Whether the matched routes are public (no sign-in). */
export const isPublicMatch = (matches: readonly { handle?: unknown }[]) =>
  matches.some((match) => handleOf(match)?.public === true);

interface RouteLike {
  path?: string;
  index?: boolean;
  handle?: unknown;
  children?: RouteLike[];
}

const join = (base: string, path: string | undefined) => {
  if (path === undefined || path === '') return base;
  if (path.startsWith('/')) return path;
  return `${base.replace(/\/+$/, '')}/${path}`;
};

/** Every path of the route table whose route is public (`handle.public`), e.g. `/impressum`. */
export function publicPaths(routes: readonly RouteLike[], base = '/'): string[] {
  const paths: string[] = [];
  for (const route of routes) {
    const full = join(base, route.path);
    if (handleOf(route)?.public && route.path !== undefined) paths.push(full);
    if (route.children) paths.push(...publicPaths(route.children, full));
  }
  return paths;
}

/** A matcher for the public paths (trailing slashes ignored). */
export function publicPathMatcher(routes: readonly RouteLike[]) {
  const paths = new Set(publicPaths(routes));
  return (pathname: string) => paths.has(pathname.replace(/\/+$/, '') || '/');
}
