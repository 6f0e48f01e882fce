import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { ContractorBankOrders } from './contractor-bank-orders';

const CID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

const renderSection = () =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <ContractorBankOrders contractorId={CID} />
    </QueryClientProvider>,
  );

describe('ContractorBankOrders', () => {
  it('says nothing, and never "no bank orders", when the list fails to load', async () => {
    let loads = 0;
    server.use(
      http.get(`*/api/institution/${CID}/customer-bank-order`, () => {
        loads += 1;
        return contractProblem(500, 'Internal Server Error');
      }),
    );
    renderSection();
    await waitFor(() => expect(loads).toBe(1));
    await waitFor(() => expect(document.querySelector('.mantine-Loader-root')).toBeNull());
    expect(
      screen.getByRole('heading', { name: 'Bankkonto-Bestellungen Ihrer Kunden' }),
    ).toBeVisible();
    expect(screen.queryByText('Ihre Kunden haben keine Bankkonto-Bestellungen.')).toBeNull();
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
});
