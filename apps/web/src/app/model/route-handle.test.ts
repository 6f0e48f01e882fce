import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../lib/oidc';
import { createRoutes, isPublicPath } from '../router';
import {
  isPublicMatch,
  opensWithoutInstitution,
  publicPaths,
  requiredPermission,
} from './route-handle';

const routes = createRoutes({ session: {} as Session, queryClient: new QueryClient() });
const matchesOf = (path: string) =>
  (matchRoutes(routes, path) ?? []).map((match) => ({ handle: match.route.handle }));

describe('route handles of the route table', () => {
  it('derives the public paths from handle.public: the five static pages', () => {
    expect(publicPaths(routes).sort()).toEqual([
      '/datenschutz',
      '/faq',
      '/impressum',
      '/list-helper',
      '/nutzungsbedingungen',
    ]);
    expect(isPublicPath('/impressum/')).toBe(true);
    expect(isPublicPath('/dashboard')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
    expect(isPublicMatch(matchesOf('/faq'))).toBe(true);
    expect(isPublicMatch(matchesOf('/account'))).toBe(false);
  });

  it.each([
    ['/institution', 'canAdminInstitution'],
    ['/dashboard-tile-editor', 'canEditTiles'],
    ['/dashboard', undefined],
    ['/account', undefined],
    ['/orders/ti/status/1', undefined],
  ])('%s is guarded by %s', (path, permission) => {
    expect(requiredPermission(matchesOf(path))).toBe(permission);
  });

  it.each([
    ['/account', true],
    ['/identification', true],
    ['/dashboard', false],
    ['/', false],
    ['/institution', false],
    ['/orders', false],
  ])('%s opens without an institution role: %s', (path, expected) => {
    expect(opensWithoutInstitution(matchesOf(path))).toBe(expected);
  });

  it('requires the role client on every page route', () => {
    const walk = (list: typeof routes): unknown[] =>
      list.flatMap((route) => [
        ...(route.path &&
        route.path !== '*' &&
        route.path !== 'signin-callback' &&
        route.id !== 'root'
          ? [route]
          : []),
        ...walk(route.children ?? []),
      ]);
    for (const route of walk(routes) as { path: string; handle?: { roles?: string[] } }[]) {
      expect(route.handle?.roles, route.path).toEqual(['client']);
    }
  });
});
