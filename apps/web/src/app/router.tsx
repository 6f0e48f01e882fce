import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  redirect,
  ScrollRestoration,
} from 'react-router';
import { AnalyticsController } from '../features/analytics/analytics';
import { documentTypeLabel } from '../features/documents/model/document-types';
import { app } from '../messages/de';
import {
  CLIENT_ROLES,
  createRootGuardLoader,
  createSigninCallbackLoader,
  RequireInstitutionAdmin,
  RequireTileEditor,
} from './guards';
import type { BreadcrumbHandle } from './model/breadcrumbs';
import { DashboardRoute } from './pages/dashboard-route';
import { RouteErrorPage, SigninCallbackError } from './pages/route-error';
import { PageLoader, PublicLayout, RootLayout } from './root-layout';
import { type AppServices, useServices } from './services';

const label = app.routes;

/** A signed-in page: breadcrumb label and the account role every route requires. */
const page = (breadcrumb: BreadcrumbHandle['breadcrumb']): BreadcrumbHandle => ({
  breadcrumb,
  roles: CLIENT_ROLES,
});

/** Pages whose content comes with later changes: heading and breadcrumbs only. */
const placeholder = () =>
  import('./pages/placeholder-page').then((module) => ({ Component: module.PlaceholderPage }));

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
  'bankaccount-offer': () => import('../content/bankaccount-offer.md?raw'),
  'egeko-smo': () => import('../content/egeko-smo.md?raw'),
  'egeko-hoz': () => import('../content/egeko-hoz.md?raw'),
  connect: () => import('../content/connect.md?raw'),
} as const;
const offerPage = (name: keyof typeof OFFER_CONTENT) => async () => {
  const [{ OfferRoute }, { default: markdown }] = await Promise.all([
    import('./pages/orders-routes'),
    OFFER_CONTENT[name](),
  ]);
  return { Component: OfferRoute, loader: () => markdown };
};

type StaticPageName = 'impressum' | 'nutzungsbedingungen' | 'datenschutz' | 'faq' | 'list-helper';

const STATIC_CONTENT: Record<StaticPageName, () => Promise<{ default: string }>> = {
  impressum: () => import('../content/impressum.md?raw'),
  nutzungsbedingungen: () => import('../content/nutzungsbedingungen.md?raw'),
  datenschutz: () => import('../content/datenschutz.md?raw'),
  faq: () => import('../content/faq.md?raw'),
  'list-helper': () => import('../content/list-helper.md?raw'),
};

/** The static pages: no sign-in (`isPublic`); the route data still names the role client. */
export const STATIC_PAGES: { path: StaticPageName; label: string }[] = [
  { path: 'impressum', label: label.impressum },
  { path: 'nutzungsbedingungen', label: label.nutzungsbedingungen },
  { path: 'datenschutz', label: label.datenschutz },
  { path: 'faq', label: label.faq },
  { path: 'list-helper', label: label.listHelper },
];

export const PUBLIC_PATHS = STATIC_PAGES.map((staticPage) => `/${staticPage.path}`);

export const isPublicPath = (pathname: string) =>
  PUBLIC_PATHS.includes(pathname.replace(/\/+$/, '') || '/');

function staticRoute({ path, label: pageLabel }: (typeof STATIC_PAGES)[number]): RouteObject {
  return {
    path,
    handle: { breadcrumb: { label: pageLabel }, roles: CLIENT_ROLES, isPublic: true },
    lazy: async () => {
      const [{ StaticPageRoute }, { default: markdown }] = await Promise.all([
        import('./pages/static-page-route'),
        STATIC_CONTENT[path](),
      ]);
      return { Component: StaticPageRoute, loader: () => markdown };
    },
  };
}

function Root() {
  const { config } = useServices();
  return (
    <>
      <ScrollRestoration />
      <AnalyticsController config={config} />
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
      ErrorBoundary: RouteErrorPage,
      handle: { breadcrumb: { label: label.dashboard } } satisfies BreadcrumbHandle,
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
            { index: true, Component: DashboardRoute, handle: page(undefined) },
            { path: 'dashboard', Component: DashboardRoute, handle: page(undefined) },
            { path: 'account', lazy: placeholder, handle: page({ label: label.account }) },
            {
              path: 'identification',
              lazy: placeholder,
              handle: page({ label: label.identification }),
            },
            {
              Component: RequireInstitutionAdmin,
              children: [
                {
                  path: 'institution',
                  lazy: placeholder,
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
              lazy: placeholder,
              handle: page({
                label: ({ searchParams }) => documentTypeLabel(searchParams.get('documentType')),
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
              lazy: placeholder,
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
            { path: 'connect', lazy: offerPage('connect'), handle: page({ label: label.connect }) },
            {
              Component: RequireTileEditor,
              children: [
                {
                  path: 'dashboard-tile-editor',
                  lazy: placeholder,
                  handle: page({ label: label.tileEditor }),
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

export function createAppRouter(services: Pick<AppServices, 'session' | 'queryClient'>) {
  return createBrowserRouter(createRoutes(services));
}
