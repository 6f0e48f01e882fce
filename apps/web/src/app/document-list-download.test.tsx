import { notifications } from '@mantine/notifications';
import { documentList, type PortalDocument } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setAccessTokenProvider } from '../lib/api-client';
import { contractJson, contractProblem } from '../test/contract-response';
import { PRAXIS_ID, renderApp, stubScrolling } from './testing/render-app';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  localStorage.clear();
  stubScrolling();
});
afterEach(() => {
  server.resetHandlers();
  setAccessTokenProvider(null);
  // A toast that stays until dismissed would stay into the next test.
  notifications.clean();
});
afterAll(() => server.close());

const WAIT = { timeout: 10_000 };
const deliveryNotes: PortalDocument[] = Array.from({ length: 40 }, (_, i) => ({
  id: `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  documentType: 'delivery_note',
  displayName: `Lieferschein ${i + 1}`,
  description: null,
  createdAt: '2026-11-01',
  contentType: 'application/pdf',
  size: 1000,
  businessCase: { id: 'b0000000-0000-4000-8000-000000000001', label: 'TI-Bestellung' },
  unread: true,
  version: 1,
}));

/** The toast stack at the window's bottom right, wherever the list was scrolled to. */
const toasts = () =>
  document.querySelector(
    '.mantine-Notifications-root[data-position="bottom-right"]',
  ) as HTMLElement;

describe('a download that fails on the document list', () => {
  it('tells in a toast that stays, naming the document, to try again later (server error)', async () => {
    const user = userEvent.setup();
    renderApp(`/document?documentType=delivery_note&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () => contractJson(documentList, deliveryNotes)),
        http.get('*/api/institution/:id/document/:documentId', () =>
          contractProblem(500, 'Internal Server Error'),
        ),
      ],
    });
    // A row far down the list: a notice below the list was out of sight.
    await user.click(
      await screen.findByRole('button', { name: 'Lieferschein 37 herunterladen' }, WAIT),
    );
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(toasts()).toContainElement(alert);
    expect(alert).toHaveTextContent(
      '„Lieferschein 37“ konnte nicht heruntergeladen werden. Bitte versuchen Sie es in einigen Minuten erneut.',
    );
    // It stays until dismissed (a close button), the row stays.
    expect(within(alert).getByRole('button', { name: 'Schließen' })).toBeVisible();
    expect(screen.getByText('Lieferschein 37')).toBeVisible();
  }, 30_000);

  it('a document removed meanwhile (404): says so instead of "try again", and the list reloads without it', async () => {
    const user = userEvent.setup();
    let removed = false;
    renderApp(`/document?documentType=delivery_note&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () =>
          contractJson(
            documentList,
            removed
              ? deliveryNotes.filter((d) => d.displayName !== 'Lieferschein 2')
              : deliveryNotes,
          ),
        ),
        http.get('*/api/institution/:id/document/:documentId', () => {
          removed = true;
          return contractProblem(404, 'Not Found', 'Das Dokument wurde nicht gefunden.');
        }),
      ],
    });
    await user.click(
      await screen.findByRole('button', { name: 'Lieferschein 2 herunterladen' }, WAIT),
    );
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent(
      '„Lieferschein 2“ ist nicht mehr vorhanden: Das Dokument wurde inzwischen entfernt. Die Liste wurde aktualisiert.',
    );
    await waitFor(() => expect(screen.queryByText('Lieferschein 2')).toBeNull(), WAIT);
    expect(screen.getAllByTestId('document-row')).toHaveLength(39);
  }, 30_000);
});
