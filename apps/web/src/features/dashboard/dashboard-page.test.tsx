import { type Tile, tileList } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders, TestProviders } from '../../test/render';
import { tileFixture } from '../../test/tile-fixture';
import { DashboardPage, type DashboardPageProps } from './dashboard-page';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const FAILING = '77777777-7777-4777-8777-777777777777';
const OWNER = '33333333-3333-4333-8333-333333333333';
const TYPE = '44444444-4444-4444-8444-444444444444';

let next = 0;
const tile = (overrides: Partial<Tile> & { name: string }): Tile => {
  next += 1;
  return tileFixture({
    id: `55555555-5555-4555-8555-${String(next).padStart(12, '0')}`,
    businessCaseTypeId: TYPE,
    institutionId: OWNER,
    ...overrides,
  });
};

const tilesOf: Record<string, Tile[]> = {
  [A]: [
    tile({ name: 'Abrechnung online', shortDescription: 'Ihre Abrechnung' }),
    tile({
      name: 'Hilfsmittel',
      tileType: 'FUNCTIONAL',
      isInternal: true,
      target: '/customer-overview',
    }),
  ],
  [B]: [tile({ name: 'Zahnersatz-Partner' })],
};

const tileRequests: string[] = [];
const server = setupMswServer(
  http.get('*/api/institution/:id/tiles', async ({ params }) => {
    tileRequests.push(params.id as string);
    if (params.id === B) await delay(150);
    if (params.id === FAILING) return contractProblem(500, 'Interner Fehler');
    return contractJson(tileList, tilesOf[params.id as string] ?? []);
  }),
);
afterEach(() => {
  tileRequests.length = 0;
});

const props = (
  institutionId: string,
  extra: Partial<DashboardPageProps> = {},
): DashboardPageProps => ({
  institutionId,
  institutionName: null,
  isTrusted: false,
  documentLabel: (type) => (type === 'invoice' ? 'Rechnungen' : type),
  ...extra,
});

function setup(institutionId: string, extra: Partial<DashboardPageProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithProviders(
    <QueryClientProvider client={client}>
      <DashboardPage {...props(institutionId, extra)} />
    </QueryClientProvider>,
  );
  const rerender = (id: string, more: Partial<DashboardPageProps> = {}) =>
    view.rerender(
      <TestProviders>
        <QueryClientProvider client={client}>
          <DashboardPage {...props(id, more)} />
        </QueryClientProvider>
      </TestProviders>,
    );
  return { ...view, rerender };
}

describe('DashboardPage', () => {
  it('shows skeletons, then Meine Partner and Meine Funktionen with built-in tiles', async () => {
    setup(A, {
      orders: [],
      documents: [{ documentType: 'invoice', countAll: 2, countUnread: 1 }],
    });
    expect(screen.getByTestId('tile-skeletons')).toBeInTheDocument();
    const partner = await screen.findByRole('region', { name: 'Meine Partner' });
    expect(within(partner).getByRole('link', { name: /Abrechnung online/ })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(within(partner).getByRole('link', { name: /Abrechnung online/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(partner).getByRole('link', { name: /Aufträge/ })).toHaveTextContent(
      'keine Aufträge',
    );
    const functions = screen.getByRole('region', { name: 'Meine Funktionen' });
    const invoices = within(functions).getByRole('link', { name: /Rechnungen/ });
    expect(invoices).toHaveAttribute('href', '/document?documentType=invoice');
    expect(invoices).toHaveTextContent('2 Dokumente');
    expect(invoices).toHaveTextContent('1 ungelesenes Dokument');
    expect(within(functions).getByRole('link', { name: /Hilfsmittel/ })).not.toHaveAttribute(
      'target',
    );
  });

  it('never shows a tile of the previous institution after switching', async () => {
    const view = setup(A);
    await screen.findByText('Abrechnung online');
    view.rerender(B);
    expect(screen.queryByText('Abrechnung online')).not.toBeInTheDocument();
    expect(screen.getByTestId('tile-skeletons')).toBeInTheDocument();
    expect(await screen.findByText('Zahnersatz-Partner')).toBeInTheDocument();
    expect(screen.queryByText('Abrechnung online')).not.toBeInTheDocument();
  });

  it('clears and reloads the tiles on every change, also back to one shown seconds before', async () => {
    const view = setup(A);
    await screen.findByText('Abrechnung online');
    view.rerender(B);
    await screen.findByText('Zahnersatz-Partner');
    // Back to A within the cache time: A's tiles from before are not shown while they reload.
    server.use(
      http.get('*/api/institution/:id/tiles', async () => {
        tileRequests.push(A);
        await delay(50);
        return contractJson(tileList, [tile({ name: 'Abrechnung neu' })]);
      }),
    );
    view.rerender(A);
    expect(screen.getByTestId('tile-skeletons')).toBeInTheDocument();
    expect(screen.queryByText('Abrechnung online')).not.toBeInTheDocument();
    expect(screen.queryByText('Zahnersatz-Partner')).not.toBeInTheDocument();
    expect(await screen.findByText('Abrechnung neu')).toBeInTheDocument();
    expect(screen.queryByText('Abrechnung online')).not.toBeInTheDocument();
    expect(tileRequests).toEqual([A, B, A]);
  });

  it('says what to do when there are no tiles, pointing only to what the person has', async () => {
    const empty = '66666666-6666-4666-8666-666666666666';
    const view = setup(empty);
    const box = await screen.findByTestId('dashboard-empty');
    expect(box).toHaveTextContent('Noch keine Kacheln');
    expect(box).toHaveTextContent(
      'Für diese Institution sind noch keine Kacheln freigeschaltet. Sobald Leistungen für sie freigeschaltet sind, erscheinen sie hier.',
    );
    // One institution and no help button: neither is mentioned (there is no switcher to use).
    expect(box).not.toHaveTextContent(/Institutionen wählen|Fragen\?/);
    view.rerender(empty, { hasOtherInstitutions: true, hasSupportContacts: true });
    expect(screen.getByTestId('dashboard-empty')).toHaveTextContent(
      'Ihre anderen Institutionen wählen Sie oben unter „Institution“ aus. Bei Fragen erreichen Sie Ihre Ansprechpartner über „Fragen?“ unten rechts.',
    );
  });

  it("a failed tile load says tiles are missing, with 'Erneut laden', and still shows the order and document tiles", async () => {
    setup(FAILING, {
      orders: [],
      documents: [{ documentType: 'invoice', countAll: 1, countUnread: 0 }],
    });
    const partner = await screen.findByRole('region', { name: 'Meine Partner' });
    expect(within(partner).getByRole('link', { name: /Aufträge/ })).toHaveTextContent(
      'keine Aufträge',
    );
    const functions = screen.getByRole('region', { name: 'Meine Funktionen' });
    const invoices = within(functions).getByRole('link', { name: /Rechnungen/ });
    expect(invoices).toHaveTextContent('1 Dokument');
    // The document type's own icon, drawn inline (no image request).
    expect(within(invoices).getByTestId('tile-icon-inline').querySelector('path')).toHaveAttribute(
      'd',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nicht alle Kacheln konnten geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
  });

  it("a failed tile load with nothing else to show is no blank page: it says so, and 'Erneut laden' shows the tiles", async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${A}/tiles`, () =>
        isDown
          ? contractProblem(503, 'Service Unavailable')
          : contractJson(tileList, tilesOf[A] ?? []),
      ),
    );
    setup(A);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nicht alle Kacheln konnten geladen werden.');
    // "No tiles unlocked" would be a guess after a failed load.
    expect(screen.queryByTestId('dashboard-empty')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-tiles')).not.toBeInTheDocument();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    const partner = await screen.findByRole('region', { name: 'Meine Partner' });
    expect(within(partner).getByRole('link', { name: /Abrechnung online/ })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a failed load of the orders or document counts says tiles are missing; 'Erneut laden' asks again", async () => {
    let retries = 0;
    setup(A, { failedLoad: { isRetrying: false, retry: () => (retries += 1) } });
    await screen.findByRole('region', { name: 'Meine Partner' });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Nicht alle Kacheln konnten geladen werden.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(retries).toBe(1);
  });
});
