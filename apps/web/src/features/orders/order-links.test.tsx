import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { Pathname, renderWithProviders } from '../../test/render';
import { BankStatusPage } from './bank-status-page';
import { TiStatusPage } from './ti-status-page';

/**
 * An order's status page opened from a link (a mail, a bookmark, a colleague's address) that
 * does not fit the current institution or the page's kind of order.
 */
const SONNENSCHEIN = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const MUELLER = 'd1d13d5a-e434-4d12-b0d3-d838588c33fb';
const OID = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04';
const server = setupMswServer();

const order = (orderType: 'TIORDER' | 'BANKACCOUNT') => ({
  id: OID,
  orderType,
  orderSource: 'QUNDO',
  status: orderType === 'TIORDER' ? 'HARDWARE_ORDERED' : 'CREATED',
  createdAt: '2025-10-06T09:00:00.000Z',
  onboardingURL: null,
  bankingPortal: null,
});

describe('a link to an order of the other kind opens its own status page', () => {
  it('a bank order at the TI address', async () => {
    server.use(
      http.get(`*/api/institution/${SONNENSCHEIN}/order-status/${OID}`, () =>
        contractProblem(404, 'Not Found', 'Dieser Auftrag ist keine TI-Bestellung.'),
      ),
      http.get(`*/api/institution/${SONNENSCHEIN}/order/${OID}`, () =>
        HttpResponse.json(order('BANKACCOUNT')),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <TiStatusPage institutionId={SONNENSCHEIN} orderId={OID} breadcrumbs={[]} />
        <Pathname />
      </QueryClientProvider>,
      { route: `/orders/ti/status/${OID}` },
    );
    expect(await screen.findByText(`/orders/bank/status/${OID}`)).toBeInTheDocument();
    expect(screen.queryByTestId('order-not-found')).toBeNull();
  });

  it('a TI order at the bank address', async () => {
    server.use(
      http.get(`*/api/institution/${SONNENSCHEIN}/order/${OID}`, () =>
        HttpResponse.json(order('TIORDER')),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <BankStatusPage institutionId={SONNENSCHEIN} orderId={OID} breadcrumbs={[]} />
        <Pathname />
      </QueryClientProvider>,
      { route: `/orders/bank/status/${OID}` },
    );
    expect(await screen.findByText(`/orders/ti/status/${OID}`)).toBeInTheDocument();
  });
});

describe('a link whose order id a mail program cut off', () => {
  it('says that the order is not found (the server answers 400), not an empty page', async () => {
    server.use(
      http.get(`*/api/institution/${SONNENSCHEIN}/order/b0f3c1d2-5a4e`, () =>
        contractProblem(400, 'Bad Request', undefined, [
          { path: 'orderId', message: 'Ungültige Kennung' },
        ]),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <BankStatusPage institutionId={SONNENSCHEIN} orderId="b0f3c1d2-5a4e" breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('order-not-found')).toHaveTextContent(
      'Dieser Auftrag wurde nicht gefunden.',
    );
  });
});

describe('a link to an order of another of the user’s institutions', () => {
  it('says whose it is and switches there with one click', async () => {
    server.use(
      http.get(`*/api/institution/${SONNENSCHEIN}/order-status/${OID}`, () =>
        contractProblem(404, 'Not Found'),
      ),
      http.get(`*/api/institution/${SONNENSCHEIN}/order/${OID}`, () =>
        contractProblem(404, 'Not Found'),
      ),
      http.get(`*/api/institution/${MUELLER}/order/${OID}`, () =>
        HttpResponse.json(order('TIORDER')),
      ),
    );
    const onSwitchInstitution = vi.fn();
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <TiStatusPage
          institutionId={SONNENSCHEIN}
          orderId={OID}
          breadcrumbs={[]}
          elsewhere={[{ id: MUELLER, name: 'Zahnarztpraxis Dr. Müller' }]}
          onSwitchInstitution={onSwitchInstitution}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('order-elsewhere')).toHaveTextContent(
      'Dieser Auftrag gehört zu Zahnarztpraxis Dr. Müller.',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Zu Zahnarztpraxis Dr. Müller wechseln' }),
    );
    expect(onSwitchInstitution).toHaveBeenCalledWith(MUELLER);
  });

  it('an order none of them has is not found', async () => {
    server.use(
      http.get(`*/api/institution/:iid/order/${OID}`, () => contractProblem(404, 'Not Found')),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <BankStatusPage
          institutionId={SONNENSCHEIN}
          orderId={OID}
          breadcrumbs={[]}
          elsewhere={[{ id: MUELLER, name: 'Zahnarztpraxis Dr. Müller' }]}
          onSwitchInstitution={() => {}}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('order-not-found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wechseln/ })).toBeNull();
  });
});
