import { documentList, documentMetadataList, type PortalDocument } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { contractJson, contractProblem } from '../test/contract-response';
import { PRAXIS_ID, renderApp, setupAppTest, ZAHNARZT_ID } from '../test/render-app';

const server = setupAppTest();

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

const TI = { id: 'b0000000-0000-4000-8000-000000000001', label: 'TI-Bestellung' };
const BANK = { id: 'b0000000-0000-4000-8000-000000000002', label: 'Geschäftskonto' };
const invoice = (
  n: number,
  businessCase: typeof TI,
  unread: boolean,
  file: Pick<PortalDocument, 'contentType' | 'size'> = {
    contentType: 'application/pdf',
    size: 200_000,
  },
): PortalDocument => ({
  id: `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  documentType: 'invoice',
  displayName: `Rechnung ${n}`,
  description: null,
  createdAt: `2026-${String(12 - n).padStart(2, '0')}-01`,
  ...file,
  businessCase,
  unread,
  version: 1,
});
const invoices = [
  invoice(1, TI, true, { contentType: 'application/pdf', size: 31_457_280 }),
  invoice(2, BANK, true, { contentType: 'text/plain; charset=utf-8', size: 56 }),
  invoice(3, TI, false),
  invoice(4, BANK, false),
  invoice(5, TI, true),
];
const rowNames = () =>
  screen
    .getAllByTestId('document-row')
    .map((row) => within(row).getByText(/^Rechnung \d$/).textContent);

describe('reading the document list of a practice with several business cases', () => {
  it('tells the kind and size of each file before it is downloaded', async () => {
    renderApp(`/document?documentType=invoice&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () => contractJson(documentList, invoices)),
      ],
    });
    const row = (await screen.findByText('Rechnung 1', {}, WAIT)).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('document-file')).toHaveTextContent('PDF, 30 MB');
    const text = screen.getByText('Rechnung 2').closest('tr') as HTMLElement;
    expect(within(text).getByTestId('document-file')).toHaveTextContent('TXT, 56 Byte');
  }, 30_000);

  it('filters by business case and to the unread ones, and says when nothing is left', async () => {
    const user = userEvent.setup();
    renderApp(`/document?documentType=invoice&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () => contractJson(documentList, invoices)),
      ],
    });
    await screen.findByText('Rechnung 1', {}, WAIT);
    const summary = screen.getByTestId('documents-search-summary');
    expect(summary).toHaveTextContent(/^$/);
    const businessCase = screen.getByRole('combobox', { name: 'Geschäftsfall' });
    expect(
      within(businessCase)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alle Geschäftsfälle', 'Geschäftskonto', 'TI-Bestellung']);
    await user.selectOptions(businessCase, 'Geschäftskonto');
    expect(rowNames()).toEqual(['Rechnung 2', 'Rechnung 4']);
    expect(summary).toHaveTextContent('2 von 5 Dokumenten gefunden');

    await user.click(screen.getByRole('checkbox', { name: 'Nur ungelesene (3)' }));
    expect(rowNames()).toEqual(['Rechnung 2']);
    expect(summary).toHaveTextContent('1 von 5 Dokumenten gefunden');

    await user.selectOptions(businessCase, 'Alle Geschäftsfälle');
    expect(rowNames()).toEqual(['Rechnung 1', 'Rechnung 2', 'Rechnung 5']);
    // With a search that finds nothing among them.
    await user.type(screen.getByRole('searchbox', { name: 'Dokumente durchsuchen' }), 'Rechnung 4');
    expect(screen.queryAllByTestId('document-row')).toHaveLength(0);
    expect(summary).toHaveTextContent('Keine Dokumente zu „Rechnung 4“ gefunden.');
    await user.clear(screen.getByRole('searchbox', { name: 'Dokumente durchsuchen' }));
    await user.selectOptions(businessCase, 'TI-Bestellung');
    await user.click(screen.getByRole('checkbox', { name: 'Nur ungelesene (3)' }));
    expect(rowNames()).toEqual(['Rechnung 1', 'Rechnung 3', 'Rechnung 5']);
  }, 30_000);

  it('a list of one business case offers no business case filter; one without unread no unread filter', async () => {
    renderApp(`/document?documentType=invoice&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () =>
          contractJson(documentList, [invoice(3, TI, false), invoice(6, TI, false)]),
        ),
      ],
    });
    await screen.findByText('Rechnung 3', {}, WAIT);
    expect(screen.queryByRole('combobox', { name: 'Geschäftsfall' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Nur ungelesene/ })).toBeNull();
  }, 30_000);

  it("another institution's list opens unsearched and unfiltered", async () => {
    const user = userEvent.setup();
    renderApp(`/document?documentType=invoice&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', ({ params }) =>
          contractJson(
            documentList,
            params.id === ZAHNARZT_ID ? [invoice(7, BANK, false), invoice(8, TI, true)] : invoices,
          ),
        ),
      ],
    });
    await screen.findByText('Rechnung 1', {}, WAIT);
    await user.type(screen.getByRole('searchbox', { name: 'Dokumente durchsuchen' }), 'Rechnung 5');
    await user.click(screen.getByRole('checkbox', { name: 'Nur ungelesene (3)' }));
    expect(rowNames()).toEqual(['Rechnung 5']);

    await user.click(await screen.findByRole('button', { name: /Institution auswählen/ }, WAIT));
    await user.click(
      await screen.findByText(
        'Zahnarztpraxis Dr. Müller',
        { selector: '[role^="menuitem"], [role^="menuitem"] *' },
        WAIT,
      ),
    );
    expect(await screen.findByText('Rechnung 7', {}, WAIT)).toBeVisible();
    expect(rowNames()).toEqual(['Rechnung 7', 'Rechnung 8']);
    expect(screen.getByRole('searchbox', { name: 'Dokumente durchsuchen' })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Nur ungelesene (1)' })).not.toBeChecked();
  }, 30_000);
});

describe('two downloads at once', () => {
  it('each button shows that its own download is on its way until that one has arrived', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:document');
    URL.revokeObjectURL = vi.fn();
    const answers = new Map<string, () => void>();
    renderApp(`/document?documentType=delivery_note&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () => contractJson(documentList, deliveryNotes)),
        http.get('*/api/institution/:id/document/:documentId', async ({ params }) => {
          await new Promise<void>((resolve) => answers.set(params.documentId as string, resolve));
          return new HttpResponse('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
        }),
      ],
    });
    const first = await screen.findByRole('button', { name: 'Lieferschein 1 herunterladen' }, WAIT);
    const second = screen.getByRole('button', { name: 'Lieferschein 2 herunterladen' });
    await user.click(first);
    await user.click(second);
    await waitFor(() => expect(answers.size).toBe(2));
    expect(first).toHaveAttribute('data-loading', 'true');
    expect(second).toHaveAttribute('data-loading', 'true');
    answers.get(deliveryNotes[0]!.id)!();
    await waitFor(() => expect(first).not.toHaveAttribute('data-loading'));
    // The second is still on its way: its button says so (and takes no second click).
    expect(second).toHaveAttribute('data-loading', 'true');
    answers.get(deliveryNotes[1]!.id)!();
    await waitFor(() => expect(second).not.toHaveAttribute('data-loading'));
  }, 30_000);
});

describe('a large download', () => {
  it('shows under its button how far it has come, read out in German, and nothing once it arrived', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:document');
    URL.revokeObjectURL = vi.fn();
    // 4 000 bytes that arrive in pieces: the first 1 000 with the answer (MSW answers a fetch
    // only once a first piece is there), the rest when the test lets them.
    let sendPiece: (bytes: number | 'end') => void = () => {};
    renderApp(`/document?documentType=delivery_note&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () => contractJson(documentList, deliveryNotes)),
        http.get('*/api/institution/:id/document/:documentId', () => {
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              sendPiece = (bytes) =>
                bytes === 'end' ? controller.close() : controller.enqueue(new Uint8Array(bytes));
              sendPiece(1000);
            },
          });
          return new HttpResponse(body, {
            headers: { 'Content-Type': 'application/pdf', 'Content-Length': '4000' },
          });
        }),
      ],
    });
    const button = await screen.findByRole(
      'button',
      { name: 'Lieferschein 3 herunterladen' },
      WAIT,
    );
    await user.click(button);
    const bar = await screen.findByRole(
      'progressbar',
      { name: '„Lieferschein 3“ wird heruntergeladen' },
      WAIT,
    );
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    expect(bar).toHaveAttribute('aria-valuetext', '25 %');
    sendPiece(2500);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '87'));
    expect(button).toHaveAttribute('data-loading', 'true');
    sendPiece(500);
    sendPiece('end');
    await waitFor(() => expect(button).not.toHaveAttribute('data-loading'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(blob.size).toBe(4000);
    expect(blob.type).toBe('application/pdf');
  }, 30_000);
});

describe('a list that failed to load', () => {
  it('offers to load it again, without reloading the page', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderApp(`/document?documentType=delivery_note&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () =>
          failing
            ? contractProblem(500, 'Internal Server Error')
            : contractJson(documentList, deliveryNotes),
        ),
      ],
    });
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent(
      'Die Dokumente konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByText('Lieferschein 1', {}, WAIT)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});

describe('type tabs whose unread counts failed to load', () => {
  it('keep the tabs, say the counts are missing, and show them after Erneut laden', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderApp(`/document?documentType=delivery_note&institutionId=${PRAXIS_ID}`, {
      server,
      handlers: [
        http.get('*/api/institution/:id/document', () => contractJson(documentList, deliveryNotes)),
        http.get('*/api/documents/metadata', () =>
          failing
            ? contractProblem(500, 'Internal Server Error')
            : contractJson(documentMetadataList, [
                { documentType: 'invoice', countAll: 3, countUnread: 2 },
              ]),
        ),
      ],
    });
    expect(await screen.findByText('Lieferschein 1', {}, WAIT)).toBeVisible();
    const alert = await screen.findByRole('alert', {}, WAIT);
    expect(alert).toHaveTextContent(
      'Die Anzahl ungelesener Dokumente je Dokumenttyp konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    // The tabs still lead to the lists.
    const tabs = screen.getByRole('navigation', { name: 'Dokumenttypen' });
    expect(within(tabs).getByRole('link', { name: 'Rechnungen' })).toBeVisible();
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    await waitFor(
      () => expect(screen.getByTestId('document-type-invoice')).toHaveTextContent('2 ungelesen'),
      WAIT,
    );
    expect(screen.queryByRole('alert')).toBeNull();
  }, 30_000);
});
