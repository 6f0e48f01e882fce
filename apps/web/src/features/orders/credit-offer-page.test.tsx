import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { CreditOfferPage } from './credit-offer-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

describe('Mein Finanzierungswunsch', () => {
  it('says that the earlier requests could not be loaded, not that one could not be sent', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/financing-request`, () =>
        contractProblem(500, 'Internal Server Error'),
      ),
    );
    renderWithProviders(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CreditOfferPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('Ihre bisherigen Finanzierungswünsche konnten nicht geladen werden.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Der Finanzierungswunsch konnte nicht gesendet werden.')).toBeNull();
    // The form stays usable.
    expect(screen.getByRole('button', { name: 'Finanzierungswunsch senden' })).toBeEnabled();
  });
});
