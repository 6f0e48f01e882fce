import { type Order, orderList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { ordersQueryKey } from './api/list-orders';
import { OrdersPage } from './orders-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

const orders: Order[] = [
  {
    // 07:00 on 27 November in Berlin (06:00 UTC; 22:00 on the 26th in Los Angeles).
    id: 'b0000000-0000-4000-8000-000000000001',
    orderType: 'TIORDER',
    orderSource: 'QUNDO',
    status: 'HARDWARE_ORDERED',
    createdAt: '2026-11-27T06:00:00.000Z',
    onboardingURL: null,
    bankingPortal: null,
  },
  {
    // 23:30 on 26 November in Berlin.
    id: 'b0000000-0000-4000-8000-000000000002',
    orderType: 'BANKACCOUNT',
    orderSource: 'LIONWARE',
    status: 'CREATED',
    createdAt: '2026-11-26T22:30:00.000Z',
    onboardingURL: null,
    bankingPortal: null,
  },
];

describe('Aufträge with the computer set to Los Angeles (decision 012: days in Germany)', () => {
  const zoneBefore = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/Los_Angeles';
    // 23:30 on 26 November in Los Angeles = 08:30 on 27 November in Berlin.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T07:30:00.000Z'));
    server.use(http.get(`*/api/institution/${IID}/order`, () => contractJson(orderList, orders)));
  });
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = zoneBefore;
  });

  it('shows each order under its German day and lets "Angelegt ab" pick today in Germany', async () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <OrdersPage institutionId={IID} breadcrumbs={[]} isContractorAdmin={false} />
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('orders-table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[3]?.textContent),
    ).toEqual(['27.11.2026', '26.11.2026']);

    await userEvent.click(screen.getByRole('button', { name: 'Angelegt ab' }));
    const today = await screen.findByRole('button', { name: '27. November 2026' });
    expect(today).toBeEnabled();
    expect(screen.getByRole('button', { name: '28. November 2026' })).toBeDisabled();
    await userEvent.click(today);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(within(table).getByText('27.11.2026')).toBeInTheDocument();
  });
});

describe('Aufträge keeps "Angelegt ab" in the address', () => {
  afterEach(() => vi.useRealTimers());
  beforeEach(() => {
    // 08:30 on 27 November in Berlin: the newer order's day is today.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T07:30:00.000Z'));
    server.use(http.get(`*/api/institution/${IID}/order`, () => contractJson(orderList, orders)));
  });

  function Search() {
    return <p data-testid="search">{useLocation().search}</p>;
  }

  it('back from a status page (or after a reload) the list is filtered as it was', async () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <OrdersPage institutionId={IID} breadcrumbs={[]} isContractorAdmin={false} />
      </QueryClientProvider>,
      { route: '/orders?institutionId=x&createdFrom=2026-11-27' },
    );
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Angelegt ab' })).toHaveTextContent('27.11.2026');
  });

  it('a date picked is written to the address, a date cleared taken from it', async () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <OrdersPage institutionId={IID} breadcrumbs={[]} isContractorAdmin={false} />
        <Search />
      </QueryClientProvider>,
      { route: '/orders?institutionId=x&createdFrom=2026-11-27' },
    );
    await screen.findByTestId('orders-table');
    await userEvent.click(screen.getByRole('button', { name: 'Datum löschen' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^\?institutionId=x$/);
    expect(within(screen.getByTestId('orders-table')).getAllByRole('row').slice(1)).toHaveLength(2);
  });

  it('a date that is none, or lies in the future, filters nothing', async () => {
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <OrdersPage institutionId={IID} breadcrumbs={[]} isContractorAdmin={false} />
      </QueryClientProvider>,
      { route: '/orders?createdFrom=2999-01-01' },
    );
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
  });
});

describe('Aufträge when a reload of the list fails', () => {
  it('keeps the list that was loaded (silently) instead of emptying the page', async () => {
    let fail = false;
    server.use(
      http.get(`*/api/institution/${IID}/order`, () =>
        fail
          ? HttpResponse.json({ title: 'Internal Server Error', status: 500 }, { status: 500 })
          : contractJson(orderList, orders),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={client}>
        <OrdersPage institutionId={IID} breadcrumbs={[]} isContractorAdmin={false} />
      </QueryClientProvider>,
    );
    await screen.findByTestId('orders-table');
    fail = true;
    await client.refetchQueries({ queryKey: ordersQueryKey(IID) });
    await waitFor(() => expect(client.getQueryState(ordersQueryKey(IID))?.status).toBe('error'));
    expect(within(screen.getByTestId('orders-table')).getAllByRole('row').slice(1)).toHaveLength(2);
  });
});

describe('Aufträge when the first load fails (hospital Wi-Fi, a server error)', () => {
  it("says that the orders could not be loaded and loads them again on 'Erneut laden'", async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${IID}/order`, () =>
        isDown ? contractProblem(500, 'Internal Server Error') : contractJson(orderList, orders),
      ),
    );
    renderWithProviders(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <OrdersPage institutionId={IID} breadcrumbs={[]} isContractorAdmin={false} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Aufträge konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    // Not "no orders": that would be wrong.
    expect(screen.queryByText('Es liegen keine Aufträge vor.')).toBeNull();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    const table = await screen.findByTestId('orders-table');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
