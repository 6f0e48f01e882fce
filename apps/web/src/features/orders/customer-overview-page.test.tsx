import { relationshipList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { CustomerOverviewPage } from './customer-overview-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

const renderPage = () =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <CustomerOverviewPage institutionId={IID} breadcrumbs={[]} />
    </QueryClientProvider>,
  );

describe('CustomerOverviewPage', () => {
  it('says nothing, and never "no business cases", when the relationships fail to load', async () => {
    let loads = 0;
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () => {
        loads += 1;
        return contractProblem(500, 'Internal Server Error');
      }),
    );
    renderPage();
    await waitFor(() => expect(loads).toBe(1));
    await waitFor(() =>
      expect(
        screen.queryByLabelText('Kundencenter', { selector: '.mantine-Loader-root' }),
      ).toBeNull(),
    );
    expect(screen.queryByText('Es liegen keine Geschäftsfälle vor.')).toBeNull();
    expect(screen.queryByTestId('datahub-case')).toBeNull();
  });

  it('says there are no business cases when the load succeeds with none', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () => contractJson(relationshipList, [])),
    );
    renderPage();
    expect(await screen.findByText('Es liegen keine Geschäftsfälle vor.')).toBeVisible();
  });
});
