import {
  documentMetadataList,
  type Institution,
  institution as institutionSchema,
  institutionSummaryList,
  orderList,
  type PublicConfig,
  ping,
  relationshipList,
  supportAccessList,
  tileList,
  trustedPartner,
  type User,
  user as userSchema,
} from '@portal/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { createRoutes } from '../app/router';
import { setAccessTokenProvider } from '../lib/api-client';
import type { ImpersonationEnd } from '../lib/impersonation-tokens';
import type { Session } from '../lib/oidc';
import { contractJson, contractProblem } from './contract-response';
import { setupMswServer } from './msw-server';

export const PRAXIS_ID = '11111111-1111-4111-8111-111111111111';
export const ZAHNARZT_ID = '22222222-2222-4222-8222-222222222222';
export const ABRECHNUNG_ID = '33333333-3333-4333-8333-333333333333';

export const config: PublicConfig = {
  authUrl: 'http://localhost/auth',
  realm: 'portal',
  clientId: 'portal-web',
  serverStatusUrl: 'https://status.example.com/',
  analytics: {},
};

export function institution(id: string, name: string, trusted = false): Institution {
  return {
    id,
    name,
    city: 'Bremen',
    postalcode: '28195',
    street: 'Am Markt 1',
    trusted,
    theme: null,
    version: 1,
    users: [],
    supportContacts: [
      { description: 'Kundenservice', phone: '+49 421 123456', email: 'service@example.com' },
    ],
  };
}

export const institutions: Record<string, Institution> = {
  [PRAXIS_ID]: institution(PRAXIS_ID, 'Praxis Sonnenschein'),
  [ZAHNARZT_ID]: institution(ZAHNARZT_ID, 'Zahnarztpraxis Dr. Müller'),
  [ABRECHNUNG_ID]: institution(ABRECHNUNG_ID, 'Abrechnungszentrum Nord', true),
};

/** Anna: admin of Praxis Sonnenschein, member of Zahnarztpraxis Dr. Müller. */
export const anna: User = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'anna.admin@praxis-sonnenschein.de',
  firstName: 'Anna',
  lastName: 'Schmidt',
  fullName: 'Anna Schmidt',
  institutionUserRoles: [
    { institutionId: PRAXIS_ID, role: 'INSTITUTION_ADMIN' },
    { institutionId: ZAHNARZT_ID, role: 'INSTITUTION_MEMBER' },
  ],
  hasAccountActivated: true,
  dateTimeCreated: '2026-01-01T10:00:00.000Z',
  title: null,
  formOfAddress: null,
  onboardedByClient: null,
};

export interface ApiLog {
  calls: string[];
  authorization: (string | null)[];
}

/** Handlers answering like the real API for `user` (403 for `restricted`). */
export function apiHandlers(
  log: ApiLog,
  { user = anna, currentUserStatus = 200 }: { user?: User; currentUserStatus?: number } = {},
): RequestHandler[] {
  const record = (request: Request) => {
    const url = new URL(request.url);
    log.calls.push(`${request.method} ${url.pathname}`);
    log.authorization.push(request.headers.get('authorization'));
  };
  // Bodies are parsed by the contract's schemas, so these mocks cannot drift from the server.
  const problem = contractProblem;
  return [
    http.get('*/api/ping', () => contractJson(ping, { status: 'ok' })),
    http.post('*/api/user/ensureBackendUserExists', ({ request }) => {
      record(request);
      return currentUserStatus === 200
        ? contractJson(userSchema, user)
        : problem(currentUserStatus, 'Fehler');
    }),
    http.get('*/api/user/current/institutions', ({ request }) => {
      record(request);
      if (currentUserStatus !== 200) return problem(currentUserStatus, 'Fehler');
      return contractJson(
        institutionSummaryList,
        user.institutionUserRoles.flatMap(({ institutionId }) => {
          const found = institutions[institutionId];
          return found ? [{ id: found.id, name: found.name, trusted: found.trusted }] : [];
        }),
      );
    }),
    http.get('*/api/user/current', ({ request }) => {
      record(request);
      return currentUserStatus === 200
        ? contractJson(userSchema, user)
        : problem(currentUserStatus, 'Fehler');
    }),
    http.get('*/api/accountdata/:userId', () =>
      HttpResponse.json({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        is2FAActivated: false,
        formOfAddress: user.formOfAddress,
        title: user.title,
        onboardedByClient: user.onboardedByClient,
        hasAccountActivated: user.hasAccountActivated,
      }),
    ),
    http.get('*/api/multiconnect/userlegitimation/status', () => problem(404, 'Nicht gefunden')),
    // The dashboard's tiles, co-branding, orders and document counts: empty by default.
    http.get('*/api/institution/:id/tiles', () => contractJson(tileList, [])),
    http.get('*/api/institution/:id/trusted', () => contractJson(trustedPartner, null)),
    http.get('*/api/institution/:id/order', () => contractJson(orderList, [])),
    http.get('*/api/institution/:id/relationship', () => contractJson(relationshipList, [])),
    http.get('*/api/institution/:id/support-access', () => contractJson(supportAccessList, [])),
    http.get('*/api/documents/metadata', () => contractJson(documentMetadataList, [])),
    http.get('*/api/institution/:id', ({ request, params }) => {
      record(request);
      const found = institutions[params.id as string];
      const isMember = user.institutionUserRoles.some((role) => role.institutionId === params.id);
      return found && isMember
        ? contractJson(institutionSchema, found)
        : problem(404, 'Nicht gefunden');
    }),
  ];
}

export interface RenderAppOptions {
  /** Access token of the signed-in user; null = not signed in. */
  token?: string | null;
  server: SetupServer;
  handlers?: RequestHandler[];
  api?: { user?: User; currentUserStatus?: number };
  /** The session is an impersonation (support mode). */
  isImpersonating?: boolean;
}

export function fakeSession(token: string | null) {
  return {
    getValidAccessToken: vi.fn(async () => token),
    renewAccessToken: vi.fn(async () => token ?? ''),
    renewNow: vi.fn(async () => token),
    signIn: vi.fn(async () => {}),
    completeSignIn: vi.fn(async () => '/'),
    logout: vi.fn(async () => {}),
    watchOtherTabs: vi.fn(() => () => {}),
    isStale: vi.fn(() => false),
    subscribeStale: vi.fn((_listener: () => void) => () => {}),
    isWaitingForSignIn: vi.fn(() => false),
    signInAgain: vi.fn(async () => {}),
    isImpersonating: vi.fn(() => false),
    impersonate: vi.fn(async () => true),
    endImpersonation: vi.fn(async () => {}),
    isImpersonationResumable: vi.fn(() => false),
    lastImpersonationEnd: vi.fn((): ImpersonationEnd => 'ran-out'),
    resumeImpersonation: vi.fn(async () => {}),
  } satisfies Session;
}

/** Renders the whole app (route table, guards, shell) at `url` against MSW handlers. */
export function renderApp(
  url: string,
  { token = 'token-anna', server, handlers = [], api, isImpersonating = false }: RenderAppOptions,
) {
  const log: ApiLog = { calls: [], authorization: [] };
  server.use(...handlers, ...apiHandlers(log, api));
  const session = fakeSession(token);
  session.isImpersonating.mockReturnValue(isImpersonating);
  setAccessTokenProvider(() => session.getValidAccessToken());
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(createRoutes({ session, queryClient }), {
    initialEntries: [url],
  });
  const view = render(
    <AppProviders services={{ session, queryClient, config }} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session, queryClient, log };
}

/** jsdom has no scrolling; ScrollRestoration calls it. */
export function stubScrolling() {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
}

/**
 * The set-up of a test file that renders the whole app (renderApp): the file's MSW server
 * (setupMswServer), no stored data and scrolling stubbed before each test, and after each the
 * access token provider renderApp set dropped and real timers back.
 */
export function setupAppTest(...handlers: RequestHandler[]) {
  const server = setupMswServer(...handlers);
  beforeEach(() => {
    localStorage.clear();
    stubScrolling();
  });
  afterEach(() => {
    setAccessTokenProvider(null);
    vi.useRealTimers();
  });
  return server;
}
