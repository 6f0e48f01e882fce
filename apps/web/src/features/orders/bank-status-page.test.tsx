import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { orderQueryKey } from './api/orders-api';
import { BankStatusPage } from './bank-status-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const OID = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e05';
const server = setupMswServer();

const renderPage = (client = new QueryClient()) =>
  renderWithProviders(
    <QueryClientProvider client={client}>
      <BankStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
    </QueryClientProvider>,
  );

const bankOrder = (status: string) => ({
  id: OID,
  orderType: 'BANKACCOUNT',
  orderSource: 'LIONWARE',
  status,
  createdAt: '2025-11-03T10:15:00.000Z',
  onboardingURL: 'https://onboarding.bank.example/konto-eroeffnen?institution=',
  bankingPortal: 'https://banking.bank.example/login?institution=',
});

describe('BankStatusPage links: the stored URL plus the institution id (as the dashboard tile)', () => {
  it.each([
    [
      'LEGITIMISED',
      'Kontoeröffnung fortsetzen',
      `https://onboarding.bank.example/konto-eroeffnen?institution=${IID}`,
    ],
    ['SET_UP', 'Zum Online-Banking', `https://banking.bank.example/login?institution=${IID}`],
  ])('%s links to %s', async (status, name, href) => {
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () => HttpResponse.json(bankOrder(status))),
    );
    renderPage();
    const link = await screen.findByRole('link', { name: new RegExp(name) });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('BankStatusPage says what comes next where there is nothing to click yet', () => {
  it.each([
    [
      'CREATED',
      'Sobald Ihre Legitimation abgeschlossen ist, setzen Sie die Kontoeröffnung hier fort.',
    ],
    ['INTERNAL_CHECK', 'Der Bankpartner prüft Ihre Bestellung.'],
    ['USER_DATA_COMPLETED', 'finden Sie hier den Zugang zum Online-Banking.'],
  ])('%s', async (status, text) => {
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () => HttpResponse.json(bankOrder(status))),
    );
    renderPage();
    expect(await screen.findByTestId('bank-next-step')).toHaveTextContent(text);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each(['LEGITIMISED', 'SET_UP'])('%s has its link instead', async (status) => {
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () => HttpResponse.json(bankOrder(status))),
    );
    renderPage();
    expect(await screen.findByRole('link')).toBeInTheDocument();
    expect(screen.queryByTestId('bank-next-step')).toBeNull();
  });
});

describe('BankStatusPage of an order the institution does not have', () => {
  it('says so on a 404 and links to the orders', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () =>
        HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404 }),
      ),
    );
    renderPage(createQueryClient());
    expect(await screen.findByTestId('order-not-found')).toHaveTextContent(
      'Dieser Auftrag wurde nicht gefunden.',
    );
    expect(screen.getByRole('link', { name: 'Zu den Aufträgen' })).toHaveAttribute(
      'href',
      '/orders',
    );
  });

  it("a server error on the first load says so (not 'not found', not a blank page) and 'Erneut laden' shows the order", async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () =>
        isDown
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 })
          : HttpResponse.json(bankOrder('INTERNAL_CHECK')),
      ),
    );
    renderPage(createQueryClient());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Der Bestellstatus konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByTestId('order-not-found')).toBeNull();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByTestId('bank-current-status')).toHaveTextContent(
      'Aktueller Status: Interne Prüfung',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('BankStatusPage on a phone', () => {
  it('stands the five steps one below the other (side by side each trailed a connector to nothing)', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () =>
        HttpResponse.json(bankOrder('LEGITIMISED')),
      ),
    );
    // The test environment's window matches no media query: below Mantine's sm breakpoint.
    renderPage();
    await screen.findByTestId('bank-current-status');
    const steps = document.querySelector('.mantine-Stepper-steps');
    expect(steps).toHaveAttribute('data-orientation', 'vertical');
  });
});

describe('BankStatusPage when a reload fails', () => {
  it('keeps the order shown (silently, polling stopped) instead of emptying the page', async () => {
    let fail = false;
    server.use(
      http.get(`*/api/institution/${IID}/order/${OID}`, () =>
        fail
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 })
          : HttpResponse.json(bankOrder('INTERNAL_CHECK')),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderPage(client);
    expect(await screen.findByTestId('bank-current-status')).toHaveTextContent('Interne Prüfung');
    expect(screen.getByText(/alle 10 Sekunden aktualisiert/)).toBeInTheDocument();
    // The next poll meets the server away for a moment.
    fail = true;
    await client.refetchQueries({ queryKey: orderQueryKey(IID, OID) });
    await waitFor(() => expect(screen.queryByText(/alle 10 Sekunden aktualisiert/)).toBeNull());
    expect(screen.getByTestId('bank-current-status')).toHaveTextContent(
      'Aktueller Status: Interne Prüfung',
    );
    expect(screen.queryByTestId('order-not-found')).toBeNull();
  });
});
