import { relationshipList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { ContractsPage } from './contracts-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const server = setupMswServer();

const relationships = [
  {
    id: 'a0000000-0000-4000-8000-000000000001',
    contractorId: 'a0000000-0000-4000-8000-0000000000c1',
    contractorName: 'Abrechnungszentrum Nord GmbH',
    referenceNumber: '100234',
    owner: false,
    createdAt: '2025-01-10T08:00:00.000Z',
    businessCases: [
      {
        id: 'a0000000-0000-4000-8000-0000000000b1',
        businessCaseTypeName: 'TIORDER',
        businessCaseTypeLabel: 'TI-Bestellung',
        createdAt: '2025-02-03T08:00:00.000Z',
      },
    ],
  },
  {
    id: 'a0000000-0000-4000-8000-000000000002',
    contractorId: 'a0000000-0000-4000-8000-0000000000c2',
    contractorName: 'Bank Süd AG',
    referenceNumber: '7788',
    owner: false,
    createdAt: '2025-05-20T08:00:00.000Z',
    businessCases: [],
  },
  {
    id: 'a0000000-0000-4000-8000-000000000003',
    contractorId: 'a0000000-0000-4000-8000-0000000000c3',
    contractorName: 'Praxis des eigenen Kunden',
    referenceNumber: '5555',
    owner: true,
    createdAt: '2025-03-01T08:00:00.000Z',
    businessCases: [
      {
        id: 'a0000000-0000-4000-8000-0000000000b3',
        businessCaseTypeName: 'BANKACCOUNT',
        businessCaseTypeLabel: 'Bankkonto',
        createdAt: '2025-03-02T08:00:00.000Z',
      },
    ],
  },
];

describe('ContractsPage', () => {
  // A provider of 600 customers had been sent all of them (348 KB) to list none.
  it('asks only for the relationships with its own contractors', async () => {
    const queries: string[] = [];
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, ({ request }) => {
        queries.push(new URL(request.url).search);
        return contractJson(relationshipList, []);
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ContractsPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Es bestehen keine Verträge.')).toBeVisible();
    expect(queries).toEqual(['?owner=false']);
  });

  it('lists the trusted contractors (owner false) with their business cases, also one without any, but not the own customers', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () =>
        contractJson(relationshipList, relationships),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ContractsPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const table = await screen.findByTestId('contracts-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Abrechnungszentrum Nord GmbH100234TI-Bestellung03.02.2025',
      'Bank Süd AG7788Noch keine Geschäftsfälle20.05.2025',
    ]);
    expect(screen.queryByText('Praxis des eigenen Kunden')).toBeNull();
    // On a phone each row is a card of its labelled cells (ScrollTable stacked).
    expect(table.closest('[data-stacked]')).not.toBeNull();
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.dataset.label),
    ).toEqual(['Vertrags\u00ADpartner', 'Kd.-Nr.', 'Geschäftsfall', 'Seit']);
  });

  it('announces its loading to screen readers (a status region with text), then the table', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, async () => {
        await delay(50);
        return contractJson(relationshipList, relationships);
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <ContractsPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Daten werden geladen …');
    expect(await screen.findByTestId('contracts-table')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('ContractsPage when the first load fails', () => {
  it("says so and loads again on 'Erneut laden' (no blank page, no 'keine Verträge')", async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () =>
        isDown
          ? contractProblem(500, 'Internal Server Error')
          : contractJson(relationshipList, relationships),
      ),
    );
    renderWithProviders(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <ContractsPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Verträge konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByText('Es bestehen keine Verträge.')).toBeNull();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByTestId('contracts-table')).toHaveTextContent('Bank Süd AG');
  });
});
