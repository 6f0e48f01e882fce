import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { ContractorBankOrders } from './contractor-bank-orders';

const CID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

const renderSection = () =>
  renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <ContractorBankOrders contractorId={CID} />
    </QueryClientProvider>,
  );

describe('ContractorBankOrders', () => {
  it('says the list could not be loaded, never "no bank orders", and loads again on \'Erneut laden\'', async () => {
    let loads = 0;
    server.use(
      http.get(`*/api/institution/${CID}/customer-bank-order`, () => {
        loads += 1;
        return loads === 1 ? contractProblem(500, 'Internal Server Error') : HttpResponse.json([]);
      }),
    );
    renderSection();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Bankkonto-Bestellungen Ihrer Kunden konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(
      screen.getByRole('heading', { name: 'Bankkonto-Bestellungen Ihrer Kunden' }),
    ).toBeVisible();
    expect(screen.queryByText('Ihre Kunden haben keine Bankkonto-Bestellungen.')).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(
      await screen.findByText('Ihre Kunden haben keine Bankkonto-Bestellungen.'),
    ).toBeVisible();
    expect(loads).toBe(2);
  });

  it('says the customers have no bank orders when the list is empty', async () => {
    server.use(
      http.get(`*/api/institution/${CID}/customer-bank-order`, () => HttpResponse.json([])),
    );
    renderSection();
    expect(
      await screen.findByText('Ihre Kunden haben keine Bankkonto-Bestellungen.'),
    ).toBeVisible();
  });

  it("tells a customer's orders apart by the date they were placed", async () => {
    const order = (orderId: string, status: string, createdAt: string) => ({
      customerId: 'd1d13d5a-e434-4d12-b0d3-d838588c33fb',
      customerName: 'Zahnarztpraxis Dr. Müller',
      referenceNumber: '100567',
      orderId,
      status,
      createdAt,
    });
    server.use(
      http.get(`*/api/institution/${CID}/customer-bank-order`, () =>
        HttpResponse.json([
          order('a0000000-0000-4000-8000-000000000001', 'SET_UP', '2026-03-02T09:00:00Z'),
          order('a0000000-0000-4000-8000-000000000002', 'INTERNAL_CHECK', '2025-11-20T09:00:00Z'),
        ]),
      ),
    );
    renderSection();
    expect(await screen.findByRole('columnheader', { name: 'Angelegt am' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Kd.-Nr.' })).toBeVisible();
    expect(screen.getAllByRole('cell', { name: '100567' })).toHaveLength(2);
    expect(screen.getByText('02.03.2026')).toBeVisible();
    expect(screen.getByText('20.11.2025')).toBeVisible();
  });

  it('sets a status only once it is confirmed; Abbrechen sends nothing', async () => {
    const MUELLER = 'd1d13d5a-e434-4d12-b0d3-d838588c33fb';
    const OID = 'a0000000-0000-4000-8000-000000000002';
    const sent: unknown[] = [];
    server.use(
      http.get(`*/api/institution/${CID}/customer-bank-order`, () =>
        HttpResponse.json([
          {
            customerId: MUELLER,
            customerName: 'Zahnarztpraxis Dr. Müller',
            referenceNumber: '100567',
            orderId: OID,
            status: 'INTERNAL_CHECK',
            createdAt: '2025-11-20T09:00:00Z',
          },
        ]),
      ),
      http.put(
        `*/api/institution/${CID}/customer/${MUELLER}/bank-order/${OID}/status`,
        async ({ request }) => {
          sent.push(await request.json());
          return new HttpResponse(null, { status: 204 });
        },
      ),
    );
    const user = userEvent.setup();
    renderSection();
    // The select is named for its row; the column header is its visible label (a label above
    // every row's select repeated it).
    expect(
      await screen.findByRole('combobox', { name: 'Neuer Status (Zahnarztpraxis Dr. Müller)' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Neuer Status (Zahnarztpraxis Dr. Müller)')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Status setzen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Status setzen' });
    expect(dialog).toHaveTextContent(
      'Möchten Sie die Bankkonto-Bestellung von Zahnarztpraxis Dr. Müller (angelegt am 20.11.2025) von „Interne Prüfung“ auf „Legitimiert“ setzen? Das lässt sich nicht rückgängig machen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Status setzen' }));
    dialog = await screen.findByRole('dialog', { name: 'Status setzen' });
    await user.click(within(dialog).getByRole('button', { name: 'Status setzen' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'LEGITIMISED' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('ContractorBankOrders: a long list', () => {
  // 120 customers, each with a set-up order, and every third with an open one too.
  const customers = Array.from({ length: 120 }, (_, index) => ({
    id: `c0000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Praxis ${String(index + 1).padStart(3, '0')}`,
    referenceNumber: String(730_000 + index * 17),
  }));
  const rows = customers.flatMap((customer, index) => [
    {
      customerId: customer.id,
      customerName: customer.name,
      referenceNumber: customer.referenceNumber,
      orderId: `a0000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      status: 'SET_UP',
      createdAt: '2025-03-02T09:00:00Z',
    },
    ...(index % 3 === 0
      ? [
          {
            customerId: customer.id,
            customerName: customer.name,
            referenceNumber: customer.referenceNumber,
            orderId: `b0000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
            status: 'INTERNAL_CHECK',
            createdAt: '2026-10-02T09:00:00Z',
          },
        ]
      : []),
  ]);
  const orderRows = () => screen.getAllByTestId(/^contractor-order-/);

  it('shows 50 at a time, finds a customer or a status, and only the open orders on request', {
    timeout: 20_000,
  }, async () => {
    server.use(
      http.get(`*/api/institution/${CID}/customer-bank-order`, () => HttpResponse.json(rows)),
    );
    renderSection();
    expect(await screen.findByText('Bestellungen 1–50 von 160')).toBeVisible();
    expect(orderRows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    expect(await screen.findByText('Bestellungen 51–100 von 160')).toBeVisible();

    // A search starts on its first page; every word counts.
    const search = screen.getByLabelText('Kunde, Kd.-Nr. oder Status suchen');
    // Typed at once (a keystroke each would draw the 50 rows again each time in jsdom).
    fireEvent.change(search, { target: { value: 'praxis 004' } });
    await waitFor(() => expect(orderRows()).toHaveLength(2));
    expect(screen.queryByRole('navigation', { name: /Seiten/ })).toBeNull();
    // By the Kd.-Nr. the customer gives on the phone: its orders, the number beside the name.
    fireEvent.change(search, { target: { value: '730068' } });
    await waitFor(() => expect(orderRows()).toHaveLength(1));
    expect(within(orderRows()[0]!).getByText('730068')).toBeVisible();
    expect(within(orderRows()[0]!).getByText('Praxis 005')).toBeVisible();
    fireEvent.change(search, { target: { value: 'interne prüfung' } });
    await waitFor(() => expect(orderRows()).toHaveLength(40));

    fireEvent.change(search, { target: { value: '' } });
    await userEvent.click(screen.getByLabelText('Nur offene Bestellungen'));
    await waitFor(() => expect(orderRows()).toHaveLength(40));
    expect(screen.queryByText('abgeschlossen')).toBeNull();

    fireEvent.change(search, { target: { value: 'praxis 002' } });
    expect(
      await screen.findByText(
        'Keine Bankkonto-Bestellungen gefunden, die zu Ihrer Auswahl passen.',
      ),
    ).toBeVisible();
  });
});
