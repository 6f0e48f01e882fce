import { documentList, orderList, tileList } from '@portal/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { contractJson, contractProblem } from '../test/contract-response';
import { anna, PRAXIS_ID, renderApp, setupAppTest, ZAHNARZT_ID } from '../test/render-app';
import { tileFixture } from '../test/tile-fixture';

const server = setupAppTest();

const WAIT = { timeout: 5000 };
const dashboardHeading = () => screen.findByRole('heading', { level: 1, name: 'Dashboard' }, WAIT);
const switcher = () => screen.findByRole('button', { name: /Institution auswählen/ }, WAIT);
/** An entry of the institution dropdown (a menu item or menu radio item). */
const institutionEntry = (name: string) =>
  screen.findByText(name, { selector: '[role^="menuitem"], [role^="menuitem"] *' }, WAIT);

describe('root guard', () => {
  it('loads the current user (ensureBackendUserExists first) and then opens the dashboard', async () => {
    const { log } = renderApp('/', { server });
    await dashboardHeading();
    expect(await screen.findByTestId('dashboard-institution')).toHaveTextContent(
      'Praxis Sonnenschein',
    );
    // The user once; then, from their roles, the list of their institutions (Anna has two).
    await waitFor(() =>
      expect(log.calls.filter((call) => call.includes('/user/'))).toEqual([
        'POST /api/user/ensureBackendUserExists',
        'GET /api/user/current',
        'GET /api/user/current/institutions',
      ]),
    );
    expect(new Set(log.authorization)).toEqual(new Set(['Bearer token-anna']));
    expect(screen.getByRole('button', { name: /Benutzermenü/ })).toHaveTextContent('AS');
  });

  it("asks for the user first, then for the guessed institution's dashboard", async () => {
    localStorage.setItem('lastInstitutionId', PRAXIS_ID);
    // The order in which the app calls fetch (MSW's own events may arrive in another order).
    const sent: string[] = [];
    const send = globalThis.fetch;
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        if (url.pathname.startsWith('/api/')) sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        return send(input, init);
      });
    try {
      renderApp('/dashboard', { server });
      await dashboardHeading();
    } finally {
      spy.mockRestore();
    }
    // Over HTTP/1.1 six requests go out at a time: the two the guard waits for lead.
    expect(sent.slice(0, 2)).toEqual([
      'POST /api/user/ensureBackendUserExists',
      'GET /api/user/current',
    ]);
    expect(sent.slice(2, 4)).toEqual([
      `GET /api/institution/${PRAXIS_ID}`,
      `GET /api/institution/${PRAXIS_ID}/tiles`,
    ]);
  });

  it('loads the current user once across navigations', async () => {
    const { log, router } = renderApp('/dashboard', { server });
    await dashboardHeading();
    await router.navigate('/account');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mein Konto' }),
    ).toBeInTheDocument();
    await router.navigate('/identification');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identifikation' }),
    ).toBeInTheDocument();
    expect(log.calls.filter((call) => call === 'GET /api/user/current')).toHaveLength(1);
  });

  it('sends a visitor who is not signed in to sign-in with the requested URL', async () => {
    const { session, log } = renderApp('/orders/ti/status/42?institutionId=x', {
      server,
      token: null,
    });
    await waitFor(() =>
      expect(session.signIn).toHaveBeenCalledWith('/orders/ti/status/42?institutionId=x'),
    );
    expect(log.calls).toEqual([]);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('denies with an error state when the current user cannot be loaded', async () => {
    renderApp('/dashboard', { server, api: { currentUserStatus: 500 } });
    expect(
      await screen.findByText(
        'Ihre Benutzerdaten konnten nicht geladen werden. Bitte versuchen Sie es später noch einmal.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    // The page's heading and window title say what happened, not 'Dashboard'.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Benutzerdaten nicht geladen' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Benutzerdaten nicht geladen – Institutionsportal');
    expect(screen.queryByRole('button', { name: /Benutzermenü/ })).not.toBeInTheDocument();
  });

  it('names the page in the window title, so tabs, history and bookmarks tell pages apart', async () => {
    const { router } = renderApp('/dashboard', {
      server,
      handlers: [http.get('*/api/institution/:id/document', () => contractJson(documentList, []))],
    });
    await dashboardHeading();
    expect(document.title).toBe('Dashboard – Institutionsportal');
    await act(() => router.navigate('/orders'));
    await waitFor(() => expect(document.title).toBe('Aufträge – Institutionsportal'), WAIT);
    await act(() => router.navigate('/document?documentType=invoice'));
    await waitFor(() => expect(document.title).toBe('Rechnungen – Institutionsportal'), WAIT);
  });

  it('redirects unknown paths to the dashboard', async () => {
    const { router } = renderApp('/gibt-es-nicht/auch-nicht', { server });
    await dashboardHeading();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a non-admin who opens /institution to /dashboard', async () => {
    localStorage.setItem('lastInstitutionId', ZAHNARZT_ID);
    const { router } = renderApp('/institution', { server });
    await dashboardHeading();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets the admin of the current institution open /institution', async () => {
    const { router } = renderApp('/institution', { server });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unternehmen' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/institution');
  });

  it('says on /institution what a failed institution load leaves out, and loads it again from there', async () => {
    const user = userEvent.setup();
    let isBroken = true;
    renderApp('/institution', {
      server,
      handlers: [
        http.get(`*/api/institution/${PRAXIS_ID}`, () =>
          isBroken ? contractProblem(500, 'Fehler') : undefined,
        ),
      ],
    });
    // The bar says what happened (the spec's words, announced) …
    expect(
      await screen.findByText(
        'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
        undefined,
        WAIT,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Wird geladen …' })).not.toBeInTheDocument(),
    );
    // … and the page, under its heading, what it cannot show, once (not a second alert).
    expect(screen.getByRole('heading', { level: 1, name: 'Unternehmen' })).toBeInTheDocument();
    const area = screen.getByTestId('load-failed');
    expect(area).toHaveTextContent(
      'Die Daten der Institution und ihre Benutzer können daher nicht angezeigt werden.',
    );
    expect(area).not.toHaveTextContent('Bitte versuchen Sie es später noch einmal.');
    expect(area).not.toHaveAttribute('role', 'alert');
    expect(
      screen
        .getAllByRole('alert')
        .filter((alert) => alert.textContent?.includes('Fehler beim Laden der Institution')),
    ).toHaveLength(1);
    isBroken = false;
    await user.click(within(area).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByRole('textbox', { name: /^Name/ }, WAIT)).toHaveValue(
      'Praxis Sonnenschein',
    );
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
    expect(
      screen.queryByText(
        'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
      ),
    ).not.toBeInTheDocument();
  });

  it('sends an admin of an untrusted institution away from the tile editor', async () => {
    const { router } = renderApp('/dashboard-tile-editor', { server });
    await dashboardHeading();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('user without institution role', () => {
  const nobody = { ...anna, institutionUserRoles: [] };

  it('sees that no institution is assigned on the dashboard', async () => {
    renderApp('/dashboard', { server, api: { user: nobody } });
    expect(
      await screen.findByText(
        'Ihrem Benutzerkonto ist keine Institution zugeordnet.',
        undefined,
        WAIT,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('opens Mein Konto and Identifikation', async () => {
    const { router } = renderApp('/account', { server, api: { user: nobody } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mein Konto' }, WAIT),
    ).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Schmidt', undefined, WAIT)).toBeInTheDocument();
    expect(
      screen.queryByText('Ihrem Benutzerkonto ist keine Institution zugeordnet.'),
    ).not.toBeInTheDocument();
    await router.navigate('/identification');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Identifikation' }, WAIT),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Ihrem Benutzerkonto ist keine Institution zugeordnet.'),
    ).not.toBeInTheDocument();
  });
});

describe('restricted user', () => {
  it('shows the banner, counts down from 5 and signs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    const { session } = renderApp('/dashboard', { server, api: { currentUserStatus: 403 } });
    expect(
      await screen.findByText(
        'Sie sind als technischer Nutzer angemeldet! Die Bedienung des Portals ist für diese Rolle nicht vorgesehen.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Sie werden in 5 Sekunden automatisch ausgeloggt!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Dashboard' })).not.toBeInTheDocument();
    // The page's heading and window title say what happened, not 'Dashboard'.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Kein Zugang für technische Nutzer' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Kein Zugang für technische Nutzer – Institutionsportal');
    expect(screen.queryByRole('button', { name: /Benutzermenü/ })).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(2000);
    expect(
      await screen.findByText('Sie werden in 3 Sekunden automatisch ausgeloggt!'),
    ).toBeInTheDocument();
    expect(session.logout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(session.logout).toHaveBeenCalledTimes(1));
  });
});

describe('institution selection', () => {
  it('selects the first institution role without parameter and stored id', async () => {
    renderApp('/dashboard', { server });
    expect(await switcher()).toHaveTextContent('Praxis Sonnenschein');
    expect(localStorage.getItem('lastInstitutionId')).toBe(PRAXIS_ID);
  });

  it('selects the stored institution when there is no parameter', async () => {
    localStorage.setItem('lastInstitutionId', ZAHNARZT_ID);
    renderApp('/dashboard', { server });
    expect(await switcher()).toHaveTextContent('Zahnarztpraxis Dr. Müller');
  });

  it('prefers the institutionId query parameter over the stored id', async () => {
    localStorage.setItem('lastInstitutionId', PRAXIS_ID);
    renderApp(`/dashboard?institutionId=${ZAHNARZT_ID}`, { server });
    expect(await switcher()).toHaveTextContent('Zahnarztpraxis Dr. Müller');
    expect(localStorage.getItem('lastInstitutionId')).toBe(ZAHNARZT_ID);
  });

  it('falls back to the first role for a parameter naming a foreign institution', async () => {
    localStorage.setItem('lastInstitutionId', ZAHNARZT_ID);
    renderApp('/dashboard?institutionId=99999999-9999-4999-8999-999999999999', { server });
    expect(await switcher()).toHaveTextContent('Praxis Sonnenschein');
  });

  it('switches through the dropdown and remembers the choice', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { server });
    await user.click(await switcher());
    await user.click(await institutionEntry('Zahnarztpraxis Dr. Müller'));
    expect(await switcher()).toHaveTextContent('Zahnarztpraxis Dr. Müller');
    expect(screen.getByTestId('dashboard-institution')).toHaveTextContent(
      'Zahnarztpraxis Dr. Müller',
    );
    expect(localStorage.getItem('lastInstitutionId')).toBe(ZAHNARZT_ID);
    // Member there: the user menu no longer offers Unternehmen.
    await user.click(screen.getByRole('button', { name: /Benutzermenü/ }));
    expect(await screen.findByRole('menuitem', { name: 'Mein Konto' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Unternehmen' })).not.toBeInTheDocument();
  });

  it('drops a stale institutionId parameter when the dropdown chooses, so a reload keeps the choice', async () => {
    const user = userEvent.setup();
    const first = renderApp(`/dashboard?institutionId=${ZAHNARZT_ID}&x=1`, { server });
    expect(await switcher()).toHaveTextContent('Zahnarztpraxis Dr. Müller');
    await user.click(await switcher());
    await user.click(await institutionEntry('Praxis Sonnenschein'));
    expect(await switcher()).toHaveTextContent('Praxis Sonnenschein');
    await waitFor(() => expect(first.router.state.location.search).toBe('?x=1'));
    expect(first.router.state.location.pathname).toBe('/dashboard');
    // Replaced, not pushed: Back does not return to the stale parameter.
    expect(first.router.state.historyAction).toBe('REPLACE');

    // Reload at the URL the browser now shows.
    const { pathname, search } = first.router.state.location;
    first.unmount();
    renderApp(`${pathname}${search}`, { server });
    expect(await switcher()).toHaveTextContent('Praxis Sonnenschein');
  });

  it('shows the error bar and a notification when the institution fails to load', async () => {
    renderApp('/dashboard', {
      server,
      handlers: [http.get(`*/api/institution/${PRAXIS_ID}`, () => contractProblem(500, 'Fehler'))],
    });
    expect(
      await screen.findByText(
        'Es ist ein Fehler beim Laden der Institution aufgetreten. Bitte versuchen Sie es später noch einmal.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('Institution konnte nicht geladen werden.')).toBeInTheDocument();
  });

  it("shows the dropdown, but not the other institution's name, when the current one failed", async () => {
    renderApp('/dashboard', {
      server,
      handlers: [http.get(`*/api/institution/${PRAXIS_ID}`, () => contractProblem(500, 'Fehler'))],
    });
    await screen.findByText('Institution konnte nicht geladen werden.', undefined, WAIT);
    const trigger = await switcher();
    expect(trigger).toHaveTextContent('Institution auswählen');
    expect(trigger).not.toHaveTextContent('Zahnarztpraxis Dr. Müller');
    expect(screen.queryByTestId('institution-name')).not.toBeInTheDocument();
  });

  it('offers the institutions and settings in the sidebar', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard', { server });
    await switcher();
    // The sidebar opens once the institutions' list has come (after the switcher).
    await user.click(await screen.findByRole('button', { name: 'Navigation öffnen' }, WAIT));
    const sidebar = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(
      await within(sidebar).findByRole('link', { name: 'Zahnarztpraxis Dr. Müller' }),
    ).toHaveAttribute('href', `/dashboard?institutionId=${ZAHNARZT_ID}`);
    await user.click(within(sidebar).getByRole('button', { name: 'Einstellungen' }));
    expect(await within(sidebar).findByRole('link', { name: 'Mein Konto' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(sidebar).getByRole('link', { name: 'Unternehmen' })).toHaveAttribute(
      'href',
      '/institution',
    );
    // The route table's pages that nothing else opens are found here too.
    expect(
      within(sidebar)
        .getAllByRole('link')
        .filter((link) => !link.getAttribute('href')?.startsWith('/dashboard'))
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Mein Konto', '/account'],
      ['Identifikation', '/identification'],
      ['Unternehmen', '/institution'],
      ['Verträge', '/contracts'],
      ['Kundencenter', '/customer-overview'],
    ]);
  });
});

describe('tile groups in the sidebar', () => {
  const banking = {
    id: '77777777-7777-4777-8777-777777777777',
    name: 'Banking',
    description: null,
    shortDescription: null,
    icon: null,
  };
  const bankOrder = (status: string) => ({
    id: '66666666-6666-4666-8666-666666666666',
    orderType: 'BANKACCOUNT' as const,
    orderSource: 'QUNDO' as const,
    status,
    createdAt: '2026-01-01T10:00:00Z',
    onboardingURL: 'https://bank.example/onboarding?institution=',
    bankingPortal: 'https://bank.example/portal?institution=',
  });
  const bankTiles = [
    tileFixture({
      id: '55555555-5555-4555-8555-000000000001',
      name: 'Praxiskonto',
      businessCaseType: 'BANKACCOUNT',
      target: 'https://bank.example/info',
      tileGroup: banking,
    }),
    tileFixture({
      id: '55555555-5555-4555-8555-000000000002',
      name: 'Kartenzahlung',
      businessCaseType: 'BANKACCOUNT_MCC',
      target: 'https://bank.example/karten',
      tileGroup: banking,
    }),
  ];

  // Spec section 2: "Sidebar opened via a hamburger, with accordion sections for Institutionen,
  // Einstellungen and tile groups."
  it('shows a section per tile group after Institutionen and Einstellungen, with its tiles', async () => {
    const user = userEvent.setup();
    const group = (id: string, name: string) => ({ ...banking, id, name });
    const billing = group('77777777-7777-4777-8777-000000000001', 'Abrechnung');
    const about = group('77777777-7777-4777-8777-000000000002', 'Über uns');
    renderApp('/orders', {
      server,
      handlers: [
        http.get('*/api/institution/:id/tiles', () =>
          contractJson(tileList, [
            tileFixture({
              id: '55555555-5555-4555-8555-000000000011',
              name: 'Newsletter',
              target: 'https://partner.example/newsletter',
              tileGroup: about,
              priority: 2,
            }),
            tileFixture({
              id: '55555555-5555-4555-8555-000000000012',
              name: 'Fortbildung',
              target: 'https://partner.example/fortbildung',
              tileGroup: about,
              priority: 1,
            }),
            tileFixture({
              id: '55555555-5555-4555-8555-000000000013',
              name: 'Meine Aufträge',
              target: '/orders',
              isInternal: true,
              onePath: 'orders',
              tileGroup: billing,
            }),
            tileFixture({ id: '55555555-5555-4555-8555-000000000014', name: 'Ohne Gruppe' }),
          ]),
        ),
      ],
    });
    await switcher();
    // The sidebar opens once the institutions' list has come (after the switcher).
    await user.click(await screen.findByRole('button', { name: 'Navigation öffnen' }, WAIT));
    const sidebar = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await within(sidebar).findByRole('button', { name: 'Abrechnung' }, WAIT);
    const sections = within(sidebar)
      .getAllByRole('button')
      .filter((button) => button.hasAttribute('aria-expanded'))
      .map((button) => button.textContent);
    expect(sections).toEqual(['Institutionen', 'Einstellungen', 'Abrechnung', 'Über uns']);
    // The section holding the page shown is open, its link marked as the current page.
    expect(within(sidebar).getByRole('button', { name: 'Abrechnung' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const current = within(sidebar).getByRole('link', { name: 'Meine Aufträge' });
    expect(current).toHaveAttribute('href', '/orders');
    expect(current).toHaveAttribute('aria-current', 'page');
    await user.click(within(sidebar).getByRole('button', { name: 'Über uns' }));
    const links = await within(sidebar).findAllByRole('link', { name: /Fortbildung|Newsletter/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://partner.example/fortbildung',
      'https://partner.example/newsletter',
    ]);
    expect(within(sidebar).queryByRole('link', { name: /Ohne Gruppe/ })).toBeNull();
  });

  it.each([
    ['SET_UP', 'Mein Online-Banking', `https://bank.example/portal?institution=${PRAXIS_ID}`],
    ['LEGITIMISED', 'Praxiskonto', `https://bank.example/onboarding?institution=${PRAXIS_ID}`],
  ])(
    'a grouped bank tile links by the latest bank order as on the dashboard (%s), also away from it',
    async (status, name, href) => {
      const user = userEvent.setup();
      const orderRequests: string[] = [];
      renderApp('/account', {
        server,
        handlers: [
          http.get('*/api/institution/:id/tiles', () => contractJson(tileList, bankTiles)),
          http.get('*/api/institution/:id/order', ({ params }) => {
            orderRequests.push(params.id as string);
            return contractJson(orderList, [bankOrder(status)]);
          }),
        ],
      });
      await switcher();
      // The sidebar opens once the institutions' list has come (after the switcher).
      await user.click(await screen.findByRole('button', { name: 'Navigation öffnen' }, WAIT));
      const sidebar = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
      await user.click(await within(sidebar).findByRole('button', { name: 'Banking' }, WAIT));
      await waitFor(() =>
        expect(within(sidebar).getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
          'href',
          href,
        ),
      );
      // Mein Konto loads no orders of its own: the shell asked for them for the bank tile.
      expect(orderRequests).toContain(PRAXIS_ID);
    },
  );

  it('loads no orders away from the dashboard when no tile group holds a bank tile', async () => {
    const user = userEvent.setup();
    const orderRequests: string[] = [];
    renderApp('/account', {
      server,
      handlers: [
        http.get('*/api/institution/:id/tiles', () =>
          contractJson(tileList, [
            tileFixture({
              id: '55555555-5555-4555-8555-000000000003',
              name: 'Abrechnung online',
              tileGroup: banking,
            }),
          ]),
        ),
        http.get('*/api/institution/:id/order', ({ params }) => {
          orderRequests.push(params.id as string);
          return contractJson(orderList, []);
        }),
      ],
    });
    await switcher();
    // The sidebar opens once the institutions' list has come (after the switcher).
    await user.click(await screen.findByRole('button', { name: 'Navigation öffnen' }, WAIT));
    const sidebar = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(await within(sidebar).findByRole('button', { name: 'Banking' }, WAIT));
    expect(
      await within(sidebar).findByRole('link', { name: /Abrechnung online/ }),
    ).toBeInTheDocument();
    expect(orderRequests).toEqual([]);
  });
});

describe('institution selection while impersonating', () => {
  it('cannot be switched by the dropdown, the sidebar or a later institutionId parameter', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard', { server, isImpersonating: true });
    expect(await switcher()).toBeDisabled();
    expect(await switcher()).toHaveTextContent('Praxis Sonnenschein');

    // The sidebar opens once the institutions' list has come (after the switcher).
    await user.click(await screen.findByRole('button', { name: 'Navigation öffnen' }, WAIT));
    const sidebar = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const other = await within(sidebar).findByRole('link', { name: 'Zahnarztpraxis Dr. Müller' });
    expect(other).toHaveAttribute('aria-disabled', 'true');
    expect(other).not.toHaveAttribute('href');
    expect(other).toHaveAccessibleDescription(
      'Im Support-Modus kann die Institution nicht gewechselt werden.',
    );
    expect(within(sidebar).getByRole('link', { name: 'Praxis Sonnenschein' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(other);

    // A link with the parameter (it would select that institution otherwise).
    await router.navigate(`/account?institutionId=${ZAHNARZT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Mein Konto' }, WAIT);
    expect(await switcher()).toHaveTextContent('Praxis Sonnenschein');
    expect(localStorage.getItem('lastInstitutionId')).toBe(PRAXIS_ID);
  });

  it("the window title begins with 'Support-Modus', so the customer's tab differs from one's own", async () => {
    renderApp('/dashboard', { server, isImpersonating: true });
    await dashboardHeading();
    await waitFor(
      () => expect(document.title).toBe('Support-Modus – Dashboard – Institutionsportal'),
      WAIT,
    );
  });
});

describe('public pages', () => {
  it.each([
    ['/impressum', 'Impressum'],
    ['/datenschutz', 'Datenschutz'],
    ['/nutzungsbedingungen', 'Nutzungsbedingungen'],
    ['/faq', 'FAQ'],
    ['/list-helper', 'Abmeldeinformationen'],
  ])('%s opens without sign-in and without user menu', async (url, heading) => {
    const { session, log } = renderApp(url, { server, token: null });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(
      screen.getAllByText(/Beispielinhalt – vom Betreiber zu ersetzen/)[0],
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Benutzermenü/ })).not.toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
    expect(log.calls).toEqual([]);
  });
});

describe('backend down', () => {
  it('shows the banner when the health check fails', async () => {
    renderApp('/impressum', {
      server,
      token: null,
      handlers: [http.get('*/api/ping', () => HttpResponse.error())],
    });
    expect(await screen.findByText(/nicht erreichbar/)).toBeInTheDocument();
  });
});

describe('a page whose sign-in changed in another tab', () => {
  it('says so with a reload button once the session turns stale, and not before', async () => {
    const { session } = renderApp('/', { server });
    await dashboardHeading();
    expect(screen.queryByText('Die Anmeldung hat sich geändert')).not.toBeInTheDocument();
    expect(session.subscribeStale).toHaveBeenCalled();
    session.isStale.mockReturnValue(true);
    act(() => {
      for (const [listener] of session.subscribeStale.mock.calls) listener();
    });
    const banner = await screen.findByRole('alert', { name: 'Die Anmeldung hat sich geändert' });
    expect(banner).toHaveTextContent(
      'Diese Seite gehört noch zur vorherigen Anmeldung und speichert nichts mehr. Bitte laden Sie die Seite neu.',
    );
    expect(within(banner).getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument();
  });
});

describe('a session over while the page holds unsaved input', () => {
  it('keeps the page and offers Erneut anmelden, which signs in again in a window of its own', async () => {
    const { session } = renderApp('/', { server });
    await dashboardHeading();
    session.isWaitingForSignIn.mockReturnValue(true);
    act(() => {
      for (const [listener] of session.subscribeStale.mock.calls) listener();
    });
    const banner = await screen.findByRole('alert', { name: 'Sie sind nicht mehr angemeldet' });
    expect(banner).toHaveTextContent(
      'Ihre Eingaben auf dieser Seite bleiben erhalten. Melden Sie sich erneut an, um sie zu speichern.',
    );
    await userEvent.click(within(banner).getByRole('button', { name: 'Erneut anmelden' }));
    expect(session.signInAgain).toHaveBeenCalledTimes(1);
    expect(session.signIn).not.toHaveBeenCalled();
  });
});

describe('colour scheme', () => {
  it('is light whatever was stored: the build leaves out the dark scheme', async () => {
    // Mantine's own colour-scheme store: without the forced scheme, this turned the page dark.
    localStorage.setItem('mantine-color-scheme-value', 'dark');
    renderApp('/', { server });
    await dashboardHeading();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
