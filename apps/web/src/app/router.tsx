import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
} from 'react-router';
import { LazyAnalyticsController } from '../features/analytics/lazy-analytics';
import { documentTypeLabel } from '../features/documents/model/document-types';
import type { CompiledPage } from '../lib/markdown-html';
import { app } from '../messages/de';
import { DocumentTitle } from './breadcrumbs';
import { createRootGuardLoader, createSigninCallbackLoader } from './guards';
import type { PermissionKey } from './model/permissions';
import { CLIENT_ROLES, publicPathMatcher, type RouteHandle } from './model/route-handle';
import { PageLoader } from './page-loader';
import { DashboardRoute } from './pages/dashboard-route';
import { PageErrorInShell, RouteErrorPage, SigninCallbackError } from './pages/route-error';
import { PublicLayout, RootLayout } from './root-layout';
import { type AppServices, useServices } from './services';

const label = app.routes;

/**
 * A signed-in page's `handle`: breadcrumb entry, the account role every route requires and,
 * optionally, the permission the one guard checks (`page({ label }, { guard: 'canEditTiles' })`)
 * or that it opens without an institution (`{ withoutInstitution: true }`).
 */
const page = (
  breadcrumb: RouteHandle['breadcrumb'],
  options: Pick<RouteHandle, 'guard' | 'withoutInstitution'> = {},
): RouteHandle => ({ breadcrumb, roles: CLIENT_ROLES, ...options });

/** A pathless route whose children all need `permission` (checked by `RouteGuard`). */
const guarded = (permission: PermissionKey): RouteHandle => ({ guard: permission });

/** Pages of the orders feature (lazy: one chunk). */
const ordersPage =
  (
    name:
      | 'OrdersRoute'
      | 'TiStatusRoute'
      | 'BankStatusRoute'
      | 'ContractsRoute'
      | 'CustomerOverviewRoute'
      | 'CreditOfferRoute',
  ) =>
  () =>
    import('./pages/orders-routes').then((module) => ({ Component: module[name] }));

/** Offer pages: operator content in `src/content/<page>.md` with an outgoing link. */
const OFFER_CONTENT = {
  'bankaccount-offer': () => import('../content/bankaccount-offer.md'),
  'egeko-smo': () => import('../content/egeko-smo.md'),
  'egeko-hoz': () => import('../content/egeko-hoz.md'),
  connect: () => import('../content/connect.md'),
} as const;
const offerPage = (name: keyof typeof OFFER_CONTENT) => async () => {
  const [{ OfferRoute }, { default: page }] = await Promise.all([
    import('./pages/orders-routes'),
    OFFER_CONTENT[name](),
  ]);
  return { Component: OfferRoute, loader: () => page };
};

type StaticPageName = 'impressum' | 'nutzungsbedingungen' | 'datenschutz' | 'faq' | 'list-helper';

const STATIC_CONTENT: Record<StaticPageName, () => Promise<{ default: CompiledPage }>> = {
  impressum: () => import('../content/impressum.md'),
  nutzungsbedingungen: () => import('../content/nutzungsbedingungen.md'),
  datenschutz: () => import('../content/datenschutz.md'),
  faq: () => import('../content/faq.md'),
  'list-helper': () => import('../content/list-helper.md'),
};

/** The static pages: no sign-in (`public`); the route data still names the role client. */
export const STATIC_PAGES: { path: StaticPageName; label: string }[] = [
  { path: 'impressum', label: label.impressum },
  { path: 'nutzungsbedingungen', label: label.nutzungsbedingungen },
  { path: 'datenschutz', label: label.datenschutz },
  { path: 'faq', label: label.faq },
  { path: 'list-helper', label: label.listHelper },
];

function staticRoute({ path, label: pageLabel }: (typeof STATIC_PAGES)[number]): RouteObject {
  return {
    path,
    handle: {
      breadcrumb: { label: pageLabel },
      roles: CLIENT_ROLES,
      public: true,
    } satisfies RouteHandle,
    lazy: async () => {
      const [{ StaticPageRoute }, { default: compiled }] = await Promise.all([
        import('./pages/static-page-route'),
        STATIC_CONTENT[path](),
      ]);
      return { Component: StaticPageRoute, loader: () => compiled };
    },
  };
}

function Root() {
  const { config, session } = useServices();
  return (
    <>
      <ScrollRestoration />
      {/* Before the analytics controller: a page view is counted with the page's title. */}
      <DocumentTitle isImpersonating={session.isImpersonating()} />
      <LazyAnalyticsController config={config} />
      <Outlet />
    </>
  );
}

/** The one route table (spec section 2). */
export function createRoutes(
  services: Pick<AppServices, 'session' | 'queryClient'>,
): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteErrorPage,
      handle: { breadcrumb: { label: label.dashboard } } satisfies RouteHandle,
      children: [
        {
          path: 'signin-callback',
          loader: createSigninCallbackLoader(services),
          Component: PageLoader,
          ErrorBoundary: SigninCallbackError,
        },
        {
          id: 'public',
          Component: PublicLayout,
          children: STATIC_PAGES.map(staticRoute),
        },
        {
          id: 'signed-in',
          loader: createRootGuardLoader(services),
          Component: RootLayout,
          HydrateFallback: PageLoader,
          children: [
            {
              // A page that fails to load or render (a chunk gone after an update, no connection)
              // says so inside the portal's frame: top bar, sidebar and banners stay, and the next
              // navigation leaves the error behind.
              ErrorBoundary: PageErrorInShell,
              children: [
                { index: true, Component: DashboardRoute, handle: page(undefined) },
                { path: 'dashboard', Component: DashboardRoute, handle: page(undefined) },
                {
                  path: 'account',
                  lazy: () =>
                    import('./pages/account-route').then((module) => ({
                      Component: module.AccountRoute,
                    })),
                  handle: page({ label: label.account }, { withoutInstitution: true }),
                },
                {
                  path: 'identification',
                  lazy: () =>
                    import('./pages/identification-route').then((module) => ({
                      Component: module.IdentificationRoute,
                    })),
                  handle: page({ label: label.identification }, { withoutInstitution: true }),
                },
                {
                  handle: guarded('canAdminInstitution'),
                  children: [
                    {
                      path: 'institution',
                      lazy: () =>
                        import('./pages/institution-route').then((module) => ({
                          Component: module.InstitutionRoute,
                        })),
                      handle: page({ label: label.institution }),
                    },
                  ],
                },
                {
                  path: 'orders',
                  handle: page({ label: label.orders }),
                  children: [
                    { index: true, lazy: ordersPage('OrdersRoute'), handle: page(undefined) },
                    {
                      path: 'ti/status/:orderId',
                      lazy: ordersPage('TiStatusRoute'),
                      handle: page({ label: label.orderStatus }),
                    },
                    {
                      path: 'bank/status/:orderId',
                      lazy: ordersPage('BankStatusRoute'),
                      handle: page({ label: label.orderStatus }),
                    },
                  ],
                },
                {
                  path: 'document',
                  lazy: () =>
                    import('../features/documents/ui/document-list-page').then((module) => ({
                      Component: module.DocumentListPage,
                    })),
                  handle: page({
                    label: ({ searchParams }) =>
                      documentTypeLabel(searchParams.get('documentType')),
                    keepSearchParams: ['documentType'],
                  }),
                },
                {
                  path: 'contracts',
                  lazy: ordersPage('ContractsRoute'),
                  handle: page({ label: label.contracts }),
                },
                {
                  path: 'customer-overview',
                  lazy: ordersPage('CustomerOverviewRoute'),
                  handle: page({ label: label.customerOverview }),
                },
                {
                  path: 'credit-offer-widget',
                  lazy: ordersPage('CreditOfferRoute'),
                  handle: page({ label: label.creditOfferWidget }),
                },
                {
                  path: 'bankaccount-offer',
                  lazy: offerPage('bankaccount-offer'),
                  handle: page({ label: label.bankaccountOffer }),
                },
                {
                  path: 'marketing-group/:group',
                  lazy: () =>
                    import('./pages/marketing-group-route').then((module) => ({
                      Component: module.MarketingGroupRoute,
                    })),
                  handle: page({ label: label.marketingGroup }),
                },
                {
                  path: 'egeko-smo',
                  lazy: offerPage('egeko-smo'),
                  handle: page({ label: label.egekoSmo }),
                },
                {
                  path: 'egeko-hoz',
                  lazy: offerPage('egeko-hoz'),
                  handle: page({ label: label.egekoHoz }),
                },
                {
                  path: 'connect',
                  lazy: offerPage('connect'),
                  handle: page({ label: label.connect }),
                },
                {
                  handle: guarded('canEditTiles'),
                  children: [
                    {
                      path: 'dashboard-tile-editor',
                      lazy: () =>
                        import('./pages/tile-editor-route').then((module) => ({
                          Component: module.TileEditorRoute,
                        })),
                      handle: page({ label: label.tileEditor }),
                    },
                  ],
                },
              ],
            },
          ],
        },
        { path: '*', loader: () => redirect('/') },
      ],
    },
  ];
}

/** Whether a path needs no sign-in: derived from the route table's `handle.public`. */
export const isPublicPath = publicPathMatcher(
  createRoutes({} as Pick<AppServices, 'session' | 'queryClient'>),
);

export function createAppRouter(services: Pick<AppServices, 'session' | 'queryClient'>) {
  return createBrowserRouter(createRoutes(services));
}
