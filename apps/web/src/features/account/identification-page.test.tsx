import { identStatusResponse } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { TestProviders } from '../../test/render';
import { IdentificationPage } from './identification-page';

const USER = 'ef8aaf99-1823-4be6-829e-0adee8fcb570';
const server = setupMswServer();

describe('IdentificationPage', () => {
  it('loads the ident status after each successful user load (spec §4), and only then', async () => {
    let answer = 'true';
    let loads = 0;
    server.use(
      http.get('*/api/multiconnect/userlegitimation/status', () => {
        loads += 1;
        return contractJson(identStatusResponse, { status: answer });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const page = (userLoadedAt: number) => (
      <TestProviders route="/identification">
        <QueryClientProvider client={client}>
          <IdentificationPage userId={USER} userLoadedAt={userLoadedAt} />
        </QueryClientProvider>
      </TestProviders>
    );
    const view = render(page(1));
    // Heard while it loads: a status region's text (its aria-label alone was never read).
    expect(screen.getByRole('status')).toHaveTextContent('Status wird geladen …');
    expect(await screen.findByTestId('ident-status')).toHaveTextContent('Gestartet');
    expect(loads).toBe(1);

    // The identification completed at the service; the user has not loaded again yet.
    answer = '1';
    view.rerender(page(1));
    expect(screen.getByTestId('ident-status')).toHaveTextContent('Gestartet');
    expect(loads).toBe(1);

    // The next successful user load: the status loads again.
    view.rerender(page(2));
    await waitFor(() =>
      expect(screen.getByTestId('ident-status')).toHaveTextContent('Identifiziert'),
    );
    expect(loads).toBe(2);
    expect(screen.getByText('Sie sind erfolgreich identifiziert.')).toBeInTheDocument();
  });

  it('a failed load is NOT_EXISTENT: the identification can be started', async () => {
    server.use(
      http.get('*/api/multiconnect/userlegitimation/status', () => contractProblem(500, 'x')),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <TestProviders route="/identification">
        <QueryClientProvider client={client}>
          <IdentificationPage userId={USER} userLoadedAt={1} />
        </QueryClientProvider>
      </TestProviders>,
    );
    expect(await screen.findByTestId('ident-status')).toHaveTextContent('Nicht identifiziert');
    expect(screen.getByRole('button', { name: 'Identifikation starten' })).toBeInTheDocument();
  });
});
