import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { Pathname, renderWithProviders } from '../../test/render';
import { CreditOfferPage } from './credit-offer-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

describe('Mein Finanzierungswunsch', () => {
  it('says that the earlier requests could not be loaded, not that one could not be sent', async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${IID}/financing-request`, () =>
        isDown ? contractProblem(500, 'Internal Server Error') : HttpResponse.json([]),
      ),
    );
    renderWithProviders(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CreditOfferPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Ihre bisherigen Finanzierungswünsche konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByText('Der Finanzierungswunsch konnte nicht gesendet werden.')).toBeNull();
    // The form stays usable.
    expect(screen.getByRole('button', { name: 'Finanzierungswunsch senden' })).toBeEnabled();
    // Another try, the server back: the list (here: none yet) instead of the message.
    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(
      await screen.findByText('Sie haben noch keinen Finanzierungswunsch gesendet.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Mein Finanzierungswunsch: the amount as written in Germany', () => {
  it.each([
    ['1.500,55', '1.500,55 €', 1500.55],
    ['1500,5', '1.500,5 €', 1500.5],
    ['25.000', '25.000 €', 25000],
  ])('typed %s reads %s and is sent as %s', async (typed, shown, sent) => {
    const posts: unknown[] = [];
    server.use(
      http.get(`*/api/institution/${IID}/financing-request`, () => HttpResponse.json([])),
      http.post(`*/api/institution/${IID}/financing-request`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push(body);
        return HttpResponse.json(
          {
            ...body,
            id: 'c0000000-0000-4000-8000-000000000001',
            state: 'SUBMITTED',
            createdAt: '2026-11-26T10:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <CreditOfferPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const amount = await screen.findByLabelText(/Betrag in EUR/);
    await userEvent.type(amount, typed);
    expect(amount).toHaveValue(shown);
    await userEvent.type(screen.getByLabelText(/Laufzeit in Monaten/), '48');
    await userEvent.type(screen.getByLabelText(/Verwendungszweck/), 'Neues Ultraschallgerät');
    await userEvent.type(screen.getByLabelText(/Telefonnummer für Rückfragen/), '040 1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Finanzierungswunsch senden' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ amount: sent });
  });
});

describe('Mein Finanzierungswunsch refused for its own fields', () => {
  it('takes the focus to the first field to fix, whose error is its description', async () => {
    server.use(http.get(`*/api/institution/${IID}/financing-request`, () => HttpResponse.json([])));
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <CreditOfferPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const amount = await screen.findByLabelText(/Betrag in EUR/);
    await userEvent.type(amount, '25000');
    await userEvent.click(screen.getByRole('button', { name: 'Finanzierungswunsch senden' }));
    const term = screen.getByLabelText(/Laufzeit in Monaten/);
    await waitFor(() => expect(term).toHaveFocus());
    expect(term).toHaveAccessibleDescription(
      'Bitte geben Sie eine Laufzeit von 1 bis 360 Monaten an.',
    );
  });
});

describe('Mein Finanzierungswunsch typed but not sent', () => {
  it('asks before a link leaves the page, and tells the shell (another institution asks too)', async () => {
    server.use(http.get(`*/api/institution/${IID}/financing-request`, () => HttpResponse.json([])));
    const reports: boolean[] = [];
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <CreditOfferPage
          institutionId={IID}
          breadcrumbs={[]}
          onUnsavedChangesChange={(dirty) => reports.push(dirty)}
        />
        <Link to="/dashboard">Dashboard</Link>
        <Pathname />
      </QueryClientProvider>,
      { route: '/credit-offer-widget' },
    );
    await userEvent.type(
      await screen.findByLabelText(/Verwendungszweck/),
      'Neue Behandlungseinheit für Raum 2',
    );
    expect(reports.at(-1)).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(screen.getByTestId('pathname')).toHaveTextContent('/credit-offer-widget');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' }));
    expect(screen.getByLabelText(/Verwendungszweck/)).toHaveValue(
      'Neue Behandlungseinheit für Raum 2',
    );
  });
});

describe('Mein Finanzierungswunsch: a term beyond 360 months', () => {
  it('is kept as typed and refused with its message, not silently made 360', async () => {
    server.use(http.get(`*/api/institution/${IID}/financing-request`, () => HttpResponse.json([])));
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <CreditOfferPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const term = await screen.findByLabelText(/Laufzeit in Monaten/);
    await userEvent.type(term, '400');
    await userEvent.tab();
    expect(term).toHaveValue('400');
    await userEvent.click(screen.getByRole('button', { name: 'Finanzierungswunsch senden' }));
    expect(
      await screen.findByText('Bitte geben Sie eine Laufzeit von 1 bis 360 Monaten an.'),
    ).toBeInTheDocument();
  });
});
