import { datahubDocument, relationshipList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { ensureCustomerOverviewData } from './api/orders-api';
import { CustomerOverviewPage } from './customer-overview-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const OWN_CASE = 'a0000000-0000-4000-8000-0000000000b1';
const CUSTOMER_CASE = 'a0000000-0000-4000-8000-0000000000b3';
const server = setupMswServer();

const renderPage = () =>
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <CustomerOverviewPage institutionId={IID} breadcrumbs={[]} />
    </QueryClientProvider>,
  );

describe('CustomerOverviewPage', () => {
  it('says that the business cases could not be loaded, never "no business cases", and loads again on \'Erneut laden\'', async () => {
    let loads = 0;
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () => {
        loads += 1;
        return loads === 1
          ? contractProblem(500, 'Internal Server Error')
          : contractJson(relationshipList, []);
      }),
    );
    renderWithProviders(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <CustomerOverviewPage institutionId={IID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Ihre Geschäftsfälle konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByText('Es liegen keine Geschäftsfälle vor.')).toBeNull();
    expect(screen.queryByTestId('datahub-case')).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByText('Es liegen keine Geschäftsfälle vor.')).toBeInTheDocument();
    expect(loads).toBe(2);
  });

  it('says there are no business cases when the load succeeds with none', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () => contractJson(relationshipList, [])),
    );
    renderPage();
    expect(await screen.findByText('Es liegen keine Geschäftsfälle vor.')).toBeVisible();
  });

  it("shows the business cases of both sides: its own at its contractors and, for a provider, its customers' ones", async () => {
    const asked: string[] = [];
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () =>
        contractJson(relationshipList, [
          {
            id: 'a0000000-0000-4000-8000-000000000001',
            contractorId: 'a0000000-0000-4000-8000-0000000000c1',
            contractorName: 'Abrechnungszentrum Nord GmbH',
            referenceNumber: '100234',
            owner: false,
            createdAt: '2025-01-10T08:00:00.000Z',
            businessCases: [
              {
                id: OWN_CASE,
                businessCaseTypeName: 'TIORDER',
                businessCaseTypeLabel: 'TI-Bestellung',
                createdAt: '2025-02-03T08:00:00.000Z',
              },
            ],
          },
          {
            id: 'a0000000-0000-4000-8000-000000000003',
            contractorId: 'a0000000-0000-4000-8000-0000000000c3',
            contractorName: 'Praxis eines Kunden',
            referenceNumber: '5555',
            owner: true,
            createdAt: '2025-03-01T08:00:00.000Z',
            businessCases: [
              {
                id: CUSTOMER_CASE,
                businessCaseTypeName: 'BANKACCOUNT',
                businessCaseTypeLabel: 'Bankkonto',
                createdAt: '2025-03-02T08:00:00.000Z',
              },
            ],
          },
        ]),
      ),
      http.get(`*/api/institution/${IID}/datahub/businessCaseId/:caseId`, ({ params }) => {
        asked.push(String(params.caseId));
        return contractProblem(404, 'Not Found');
      }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'TI-Bestellung' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Bankkonto' })).toBeVisible();
    expect(screen.getAllByTestId('datahub-case')).toHaveLength(2);
    await waitFor(() => expect([...asked].sort()).toEqual([OWN_CASE, CUSTOMER_CASE].sort()));
  });

  it('renders every business case jsonData as German key/value sections, and nothing for a malformed one', async () => {
    const broken = 'a0000000-0000-4000-8000-0000000000b2';
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () =>
        contractJson(relationshipList, [
          {
            id: 'a0000000-0000-4000-8000-000000000001',
            contractorId: 'a0000000-0000-4000-8000-0000000000c1',
            contractorName: 'Abrechnungszentrum Nord GmbH',
            referenceNumber: '100567',
            owner: false,
            createdAt: '2025-01-10T08:00:00.000Z',
            businessCases: [
              {
                id: OWN_CASE,
                businessCaseTypeName: 'BANKACCOUNT',
                businessCaseTypeLabel: 'Geschäftskonto',
                createdAt: '2025-09-15T08:00:00.000Z',
              },
              {
                id: broken,
                businessCaseTypeName: 'TIORDER',
                businessCaseTypeLabel: 'TI-Bestellung',
                createdAt: '2025-02-03T08:00:00.000Z',
              },
            ],
          },
        ]),
      ),
      http.get(`*/api/institution/${IID}/datahub/businessCaseId/:caseId`, ({ params }) =>
        contractJson(datahubDocument, {
          businessCaseId: String(params.caseId),
          jsonData:
            params.caseId === OWN_CASE
              ? JSON.stringify({
                  Vertrag: {
                    'Kundennummer (Kd.-Nr.)': '100567',
                    Vertragsbeginn: '2025-09-15T08:00:00.000Z',
                  },
                  'Bankkonto-Bestellung': [{ Status: 'Eingerichtet', Abgeschlossen: true }],
                })
              : '{"Vertrag": {',
        }),
      ),
    );
    renderPage();
    // Under the partner's heading; each case's section is named with the partner too.
    const partner = await screen.findByRole('region', {
      name: 'Abrechnungszentrum Nord GmbH (Kd.-Nr. 100567)',
    });
    expect(
      within(partner).getByRole('heading', {
        level: 2,
        name: 'Abrechnungszentrum Nord GmbH (Kd.-Nr. 100567)',
      }),
    ).toBeVisible();
    const bank = within(partner).getByRole('region', {
      name: 'Geschäftskonto Abrechnungszentrum Nord GmbH (Kd.-Nr. 100567)',
    });
    expect(within(bank).getByRole('heading', { level: 3, name: 'Geschäftskonto' })).toBeVisible();
    expect(await within(bank).findByRole('heading', { name: 'Vertrag' })).toBeVisible();
    const terms = within(bank)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(bank)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Kundennummer (Kd.-Nr.)', 'Vertragsbeginn', 'Status', 'Abgeschlossen']);
    expect(values).toEqual(['100567', '15.09.2025', 'Eingerichtet', 'Ja']);
    expect(within(bank).getByRole('heading', { name: 'Bankkonto-Bestellung' })).toBeVisible();

    const ti = screen.getByRole('region', {
      name: 'TI-Bestellung Abrechnungszentrum Nord GmbH (Kd.-Nr. 100567)',
    });
    await waitFor(() => expect(within(ti).queryByLabelText('TI-Bestellung')).toBeNull());
    expect(within(ti).queryByRole('term')).toBeNull();
    expect(ti).not.toHaveTextContent('{');
  });
});

// A provider of 600 customers (two business cases each): the page had asked for all 1 200
// datahub documents at once, more than the per-user rate limit allows in a minute.
describe('CustomerOverviewPage of a provider with hundreds of customers', () => {
  const hex = (n: number) => n.toString(16).padStart(12, '0');
  const customers = Array.from({ length: 600 }, (_, i) => ({
    id: `b0000000-0000-4000-8000-${hex(i)}`,
    contractorId: `c0000000-0000-4000-8000-${hex(i)}`,
    contractorName: `Praxis ${i + 1}`,
    referenceNumber: String(300000 + i),
    owner: true,
    createdAt: '2025-03-01T08:00:00.000Z',
    businessCases: [0, 1].map((k) => ({
      id: `d000000${k}-0000-4000-8000-${hex(i)}`,
      businessCaseTypeName: k ? 'MARKETING' : 'TIORDER',
      businessCaseTypeLabel: k ? 'Marketing und Angebote' : 'TI-Bestellung',
      createdAt: '2025-03-01T08:00:00.000Z',
    })),
  }));

  it('shows 10 customers a page and asks only for their business cases’ documents', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () =>
        contractJson(relationshipList, customers),
      ),
      http.get(`*/api/institution/${IID}/datahub/businessCaseId/:caseId`, ({ params }) => {
        asked.push(params.caseId as string);
        return contractJson(datahubDocument, {
          businessCaseId: params.caseId as string,
          jsonData: JSON.stringify({ vertrag: { kundennummer: '1' } }),
        });
      }),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Praxis 1 (Kd.-Nr. 300000)' }),
    ).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    await waitFor(() => expect(asked).toHaveLength(20));
    expect(screen.getByTestId('partners-page-summary')).toHaveTextContent(
      'Vertragspartner 1–10 von 600',
    );

    const pages = screen.getByRole('navigation', { name: 'Seiten der Vertragspartner' });
    within(pages).getByRole('button', { name: 'Letzte Seite' }).click();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Praxis 600 (Kd.-Nr. 300599)' }),
    ).toBeVisible();
    await waitFor(() => expect(asked).toHaveLength(40));
    expect(new Set(asked).size).toBe(40);
  }, 30_000);

  it('lets the first view wait for the first page’s documents only', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`*/api/institution/${IID}/relationship`, () =>
        contractJson(relationshipList, customers),
      ),
      http.get(`*/api/institution/${IID}/datahub/businessCaseId/:caseId`, ({ params }) => {
        asked.push(params.caseId as string);
        return contractProblem(404, 'Not Found');
      }),
    );
    await ensureCustomerOverviewData(new QueryClient(), IID);
    expect(asked.sort()).toEqual(
      customers
        .slice(0, 10)
        .flatMap((customer) => customer.businessCases.map((c) => c.id))
        .sort(),
    );
  });
});
