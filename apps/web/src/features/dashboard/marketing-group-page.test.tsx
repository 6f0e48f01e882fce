import { type Tile, tileList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { tileFixture } from '../../test/tile-fixture';
import { MarketingGroupPage } from './marketing-group-page';
import type { BankOrderView } from './model/bank-tiles';

const PRAXIS = '11111111-1111-4111-8111-111111111111';
const EMPTY = '22222222-2222-4222-8222-222222222222';
const FAILING = '77777777-7777-4777-8777-777777777777';
const GROUP = 'Angebote';

const marketingTile = (n: number): Tile =>
  tileFixture({
    id: `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`,
    name: `Angebot ${n}`,
    tileType: 'MARKETING',
    businessCaseType: 'MARKETING',
    tileGroup: {
      id: '66666666-6666-4666-8666-666666666666',
      name: GROUP,
      description: 'Unsere Angebote',
      shortDescription: null,
      icon: null,
    },
  });

const server = setupMswServer(
  http.get('*/api/institution/:id/tiles', ({ params }) => {
    if (params.id === FAILING) return contractProblem(500, 'Interner Fehler');
    return contractJson(tileList, params.id === PRAXIS ? [marketingTile(1), marketingTile(2)] : []);
  }),
);

const renderPage = (institutionId: string, orders?: BankOrderView[]) =>
  renderWithProviders(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MarketingGroupPage institutionId={institutionId} groupName={GROUP} orders={orders} />
    </QueryClientProvider>,
  );

describe('MarketingGroupPage', () => {
  it("shows the group's tiles", async () => {
    renderPage(PRAXIS);
    expect(await screen.findByRole('link', { name: /Angebot 1/ })).toBeVisible();
    expect(screen.getByRole('link', { name: /Angebot 2/ })).toBeVisible();
  });

  it('a bank tile in the group links and is named by its order, as on the dashboard', async () => {
    const bankTile = {
      ...marketingTile(3),
      name: 'Praxiskonto',
      businessCaseType: 'BANKACCOUNT',
      target: 'https://bank.example/info',
      isInternal: false,
    };
    server.use(
      http.get('*/api/institution/:id/tiles', () =>
        contractJson(tileList, [marketingTile(1), bankTile]),
      ),
    );
    renderPage(PRAXIS, [
      {
        id: '33333333-3333-4333-8333-333333333333',
        orderType: 'BANKACCOUNT',
        status: 'SET_UP',
        createdAt: '2026-01-01T10:00:00Z',
        onboardingURL: 'https://bank.example/onboarding?institution=',
        bankingPortal: 'https://bank.example/portal?institution=',
      },
    ]);
    const banking = await screen.findByRole('link', { name: /Mein Online-Banking/ });
    expect(banking).toHaveAttribute('href', `https://bank.example/portal?institution=${PRAXIS}`);
    expect(screen.queryByRole('link', { name: /Praxiskonto/ })).toBeNull();
  });

  it('says the group has no tiles when it has none', async () => {
    renderPage(EMPTY);
    expect(await screen.findByText('Diese Marketing-Gruppe enthält keine Kacheln.')).toBeVisible();
  });

  it("a failed tile load claims no empty group: it says so, offers 'Erneut laden' and the way back", async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${PRAXIS}/tiles`, () =>
        isDown
          ? contractProblem(500, 'Interner Fehler')
          : contractJson(tileList, [marketingTile(1), marketingTile(2)]),
      ),
    );
    renderPage(PRAXIS);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Kacheln dieser Marketing-Gruppe konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.getByRole('link', { name: 'Zurück zum Dashboard' })).toBeVisible();
    expect(screen.queryByText('Diese Marketing-Gruppe enthält keine Kacheln.')).toBeNull();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByTestId('marketing-group-tiles')).toHaveTextContent('Angebot 2');
  });
});
