import { documentSchema } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Link, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { Pathname, renderWithProviders } from '../../../test/render';
import { TOUCH_QUERY, UploadForm } from './upload-form';

const PRAXIS = '11111111-1111-4111-8111-111111111111';
const TI = '44444444-4444-4444-8444-444444444444';
const businessCases = [
  {
    id: TI,
    businessCaseTypeName: 'TIORDER',
    businessCaseTypeLabel: 'TI-Bestellung',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];

const server = setupMswServer();

interface Sent {
  metadata: Record<string, unknown>;
  fileName: string;
  /** The Idempotency-Key the upload carried. */
  key: string | null;
}

/** Answers the uploads in turn with `answers` (a status, 201 for success, 0: no answer). */
function answerUploads(answers: number[]) {
  const sent: Sent[] = [];
  server.use(
    http.post(`*/api/institution/${PRAXIS}/business_case/${TI}/document`, async ({ request }) => {
      // jsdom's File is not undici's, so the multipart body is read as text.
      const body = await request.text();
      const metadata = JSON.parse(
        /name="metadata"\r\n(?:[^\r\n]+\r\n)*\r\n([^\r\n]*)/.exec(body)?.[1] ?? 'null',
      );
      const file = { name: /name="file"; filename="([^"]*)"/.exec(body)?.[1] ?? '', size: 13 };
      sent.push({ metadata, fileName: file.name, key: request.headers.get('idempotency-key') });
      const status = answers[sent.length - 1] ?? 201;
      if (status === 0) return HttpResponse.error();
      if (status !== 201) {
        return contractProblem(status, 'Fehler', 'Der Speicher ist gerade nicht erreichbar.');
      }
      return contractJson(
        documentSchema,
        {
          id: '77777777-7777-4777-8777-777777777777',
          documentType: metadata.type,
          displayName: metadata.displayName,
          description: metadata.description ?? null,
          createdAt: metadata.createdAt,
          contentType: 'application/pdf',
          size: file.size,
          businessCase: { id: TI, label: 'TI-Bestellung' },
          unread: true,
          version: 1,
        },
        { status: 201 },
      );
    }),
  );
  return sent;
}

/** Its children on /document only, as the page that holds the form. */
function OnDocumentPage({ children }: { children: React.ReactNode }) {
  return useLocation().pathname === '/document' ? children : null;
}

function renderForm(maxBytes?: number) {
  let uploaded = 0;
  renderWithProviders(
    <>
      <Link to="/dashboard">Zum Dashboard</Link>
      <Pathname />
      <OnDocumentPage>
        <UploadForm
          maxBytes={maxBytes}
          customerId={PRAXIS}
          businessCases={businessCases}
          documentType="invoice"
          dispatch={() => {}}
          onUploaded={() => {
            uploaded += 1;
          }}
        />
      </OnDocumentPage>
    </>,
    { route: '/document' },
  );
  return { uploadedBatches: () => uploaded };
}

const pdf = (name = 'befund.pdf') => new File(['%PDF-1.4 test'], name, { type: 'application/pdf' });

async function chooseFile(file: File) {
  await userEvent.upload(screen.getByLabelText('Dateien zum Hochladen auswählen'), file);
  return screen.findByRole('article', { name: file.name });
}

describe('UploadForm', () => {
  it('asks before chosen files that are not uploaded yet are left; not once they are sent', async () => {
    answerUploads([201]);
    renderForm();
    await chooseFile(pdf());
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    const question = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(question).toHaveTextContent(
      'Sie haben Dateien ausgewählt, die noch nicht hochgeladen sind. Wenn Sie die Seite verlassen, gehen die Auswahl und Ihre Angaben verloren. Trotzdem verlassen?',
    );
    await userEvent.click(within(question).getByRole('button', { name: 'Auf der Seite bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('pathname')).toHaveTextContent('/document');

    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    expect(await screen.findByText('Hinzufügen des Dokuments erfolgreich')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a failed file with its fields and message; it can be corrected and sent again', async () => {
    const sent = answerUploads([503, 201]);
    renderForm();
    const entry = await chooseFile(pdf());
    const name = within(entry).getByRole('textbox', { name: /^Anzeigename/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Befund März');
    await userEvent.type(
      within(entry).getByRole('textbox', { name: /^Beschreibung/ }),
      'Zweite Seite fehlt',
    );
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));

    expect(await within(entry).findByRole('alert')).toHaveTextContent(
      'Hinzufügen des Dokuments fehlgeschlagen: Der Speicher ist gerade nicht erreichbar.',
    );
    expect(within(entry).getByText(/bleiben erhalten/)).toBeInTheDocument();
    // Still editable, still removable, and the fields keep what was typed.
    expect(name).toBeEnabled();
    expect(name).toHaveValue('Befund März');
    expect(within(entry).getByRole('textbox', { name: /^Beschreibung/ })).toHaveValue(
      'Zweite Seite fehlt',
    );
    expect(
      within(entry).getByRole('button', { name: 'befund.pdf aus der Auswahl entfernen' }),
    ).toBeInTheDocument();
    // Hiding the results does not throw it away (there is no success to hide yet).
    expect(screen.queryByRole('button', { name: 'Ergebnisse ausblenden' })).toBeNull();

    await userEvent.clear(name);
    await userEvent.type(name, 'Befund März korrigiert');
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    expect(await within(entry).findByRole('status')).toHaveTextContent(
      'Hinzufügen des Dokuments erfolgreich',
    );
    expect(within(entry).queryByRole('alert')).toBeNull();
    expect(sent.map((s) => [s.fileName, s.metadata.displayName, s.metadata.description])).toEqual([
      ['befund.pdf', 'Befund März', 'Zweite Seite fehlt'],
      ['befund.pdf', 'Befund März korrigiert', 'Zweite Seite fehlt'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Ergebnisse ausblenden' }));
    expect(screen.queryByRole('article', { name: 'befund.pdf' })).toBeNull();
  });

  it('sends a file again with the key it was first sent with: a lost answer stores nothing twice', async () => {
    // The connection dropped on the way back: the server may have stored the file already.
    const sent = answerUploads([0, 201, 201]);
    renderForm();
    const entry = await chooseFile(pdf());
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    expect(await within(entry).findByRole('alert')).toHaveTextContent(
      'Hinzufügen des Dokuments fehlgeschlagen: Die Verbindung wurde unterbrochen. Bitte versuchen Sie es erneut.',
    );
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    expect(await within(entry).findByRole('status')).toHaveTextContent(
      'Hinzufügen des Dokuments erfolgreich',
    );
    // The same file chosen once more is another upload, with a key of its own.
    await userEvent.upload(screen.getByLabelText('Dateien zum Hochladen auswählen'), pdf());
    await userEvent.click(await screen.findByRole('button', { name: '1 Datei hochladen' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    const [first, again, other] = sent.map((upload) => upload.key);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('stops the files on their way when the person leaves after the question: nothing is stored behind their back', async () => {
    let aborted = false;
    let started = 0;
    server.use(
      http.post(`*/api/institution/${PRAXIS}/business_case/${TI}/document`, async ({ request }) => {
        started += 1;
        // A slow line: no answer until the upload is stopped.
        await new Promise<void>((resolve) => {
          request.signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        });
        return HttpResponse.error();
      }),
    );
    renderForm();
    await chooseFile(pdf());
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    await waitFor(() => expect(started).toBe(1));
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    const question = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(aborted).toBe(false);
    await userEvent.click(within(question).getByRole('button', { name: 'Seite verlassen' }));
    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent('/dashboard'));
    await waitFor(() => expect(aborted).toBe(true));
    // The person chose to leave: no failure is reported on the next page.
    expect(screen.queryByText(/fehlgeschlagen/)).toBeNull();
  });

  it('Abbrechen stops one file on its way: it waits again with its fields, nothing failed, and it can be sent again', async () => {
    let aborted = 0;
    const keys: (string | null)[] = [];
    server.use(
      http.post(`*/api/institution/${PRAXIS}/business_case/${TI}/document`, async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        if (keys.length === 1) {
          // A slow line: no answer until the upload is stopped.
          await new Promise<void>((resolve) => {
            request.signal.addEventListener('abort', () => {
              aborted += 1;
              resolve();
            });
          });
          return HttpResponse.error();
        }
        return contractProblem(503, 'Fehler', 'Der Speicher ist gerade nicht erreichbar.');
      }),
    );
    const form = renderForm();
    const entry = await chooseFile(pdf());
    await userEvent.clear(within(entry).getByRole('textbox', { name: /Anzeigename/ }));
    await userEvent.type(
      within(entry).getByRole('textbox', { name: /Anzeigename/ }),
      'Befund März',
    );
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await userEvent.click(
      within(entry).getByRole('button', { name: 'Hochladen von befund.pdf abbrechen' }),
    );
    await waitFor(() => expect(aborted).toBe(1));
    expect(await within(entry).findByRole('status')).toHaveTextContent(
      'Hochladen abgebrochen. Die Datei und Ihre Angaben bleiben in der Auswahl, bis Sie sie hochladen oder entfernen.',
    );
    // Not a failure: no alert, no error toast, and the fields are open again.
    expect(screen.queryByText(/fehlgeschlagen/)).toBeNull();
    expect(within(entry).getByRole('textbox', { name: /Anzeigename/ })).toBeEnabled();
    expect(within(entry).getByRole('textbox', { name: /Anzeigename/ })).toHaveValue('Befund März');
    expect(
      within(entry).queryByRole('button', { name: 'Hochladen von befund.pdf abbrechen' }),
    ).toBeNull();
    expect(
      within(entry).getByRole('button', { name: 'befund.pdf aus der Auswahl entfernen' }),
    ).toBeEnabled();
    await waitFor(() => expect(form.uploadedBatches()).toBe(1));
    // Sent again, with the key it was first sent with (the server stored nothing of it).
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(await within(entry).findByRole('alert')).toHaveTextContent('fehlgeschlagen');
  });

  it('a failed file can be removed, and hiding the results keeps it while others succeeded', async () => {
    answerUploads([201, 503]);
    renderForm();
    await chooseFile(pdf('a.pdf'));
    await chooseFile(pdf('b.pdf'));
    await userEvent.click(screen.getByRole('button', { name: '2 Dateien hochladen' }));
    await waitFor(() => expect(screen.getAllByTestId('upload-result')).toHaveLength(2));
    const failed = screen
      .getAllByRole('article')
      .find((article) => within(article).queryByRole('alert'));
    expect(failed).toBeDefined();
    await userEvent.click(screen.getByRole('button', { name: 'Ergebnisse ausblenden' }));
    // Only the success is hidden; the failed file waits to be sent again.
    expect(screen.getAllByRole('article')).toEqual([failed]);
    expect(screen.getByRole('button', { name: '1 Datei hochladen' })).toBeInTheDocument();
    const name = (failed as HTMLElement).getAttribute('aria-label') as string;
    await userEvent.click(
      screen.getByRole('button', { name: `${name} aus der Auswahl entfernen` }),
    );
    expect(screen.queryAllByRole('article')).toEqual([]);
  });

  it("stops display name and description at the server's limits; a long name wraps beside ✕", async () => {
    renderForm();
    const entry = await chooseFile(pdf(`${'n'.repeat(240)}.pdf`));
    expect(within(entry).getByRole('textbox', { name: /^Anzeigename/ })).toHaveAttribute(
      'maxlength',
      '255',
    );
    expect(within(entry).getByRole('textbox', { name: /^Beschreibung/ })).toHaveAttribute(
      'maxlength',
      '2000',
    );
    // The remove button keeps its place whatever the name's length.
    expect(within(entry).getByRole('button', { name: /entfernen/ })).toHaveStyle({
      flexShrink: '0',
    });
  });

  it('reads a date typed as 05.03.2026 as 5 March', async () => {
    const sent = answerUploads([201]);
    renderForm();
    const entry = await chooseFile(pdf());
    const date = within(entry).getByRole('textbox', { name: /^Datum/ });
    await userEvent.clear(date);
    await userEvent.type(date, '05.03.2026');
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.metadata.createdAt).toBe('2026-03-05');
  });

  it('names the upload limit and refuses a larger file when chosen, before sending anything', async () => {
    const sent = answerUploads([]);
    renderForm(50 * 1024 * 1024);
    expect(screen.getByText(/höchstens 50 MB je Datei/)).toBeInTheDocument();
    const big = new File(['%PDF'], 'scan-gross.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 51 * 1024 * 1024 });
    await userEvent.upload(screen.getByLabelText('Dateien zum Hochladen auswählen'), [big, pdf()]);

    expect(await screen.findByTestId('upload-refused')).toHaveTextContent(
      '„scan-gross.pdf“ (51 MB) ist zu groß und wurde nicht übernommen. Erlaubt sind höchstens 50 MB je Datei.',
    );
    expect(screen.getByTestId('upload-refused')).toHaveAttribute('role', 'alert');
    // The small file is taken; the large one is not, so it is never sent.
    expect(screen.queryByRole('article', { name: 'scan-gross.pdf' })).toBeNull();
    await screen.findByRole('article', { name: 'befund.pdf' });
    await userEvent.click(screen.getByRole('button', { name: '1 Datei hochladen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.fileName).toBe('befund.pdf');

    // The next choice replaces the refusal.
    await userEvent.upload(screen.getByLabelText('Dateien zum Hochladen auswählen'), pdf('c.pdf'));
    await screen.findByRole('article', { name: 'c.pdf' });
    expect(screen.queryByTestId('upload-refused')).toBeNull();
  });

  it('the same file chosen again while it waits is not taken twice, and the person is told', async () => {
    const sent = answerUploads([201]);
    renderForm();
    const file = pdf();
    await chooseFile(file);
    // Chosen once more from the disk: the same name, size and time of change.
    const again = new File(['%PDF-1.4 test'], 'befund.pdf', {
      type: 'application/pdf',
      lastModified: file.lastModified,
    });
    await userEvent.upload(screen.getByLabelText('Dateien zum Hochladen auswählen'), again);
    expect(await screen.findByTestId('upload-refused')).toHaveTextContent(
      '„befund.pdf“ ist bereits ausgewählt und wurde nicht noch einmal übernommen.',
    );
    expect(screen.getAllByRole('article', { name: 'befund.pdf' })).toHaveLength(1);
    // Another file of the same name is another file.
    await userEvent.upload(
      screen.getByLabelText('Dateien zum Hochladen auswählen'),
      new File(['%PDF-1.4 zweite Fassung'], 'befund.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('article', { name: 'befund.pdf' })).toHaveLength(2),
    );
    expect(screen.queryByTestId('upload-refused')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '2 Dateien hochladen' }));
    await waitFor(() => expect(sent).toHaveLength(2));
  });

  it('a file just over the limit is not called as large as the limit: both to the byte', async () => {
    renderForm(2 * 1024 * 1024);
    const over = new File(['%PDF'], 'knapp.pdf', { type: 'application/pdf' });
    Object.defineProperty(over, 'size', { value: 2 * 1024 * 1024 + 1 });
    await userEvent.upload(screen.getByLabelText('Dateien zum Hochladen auswählen'), [over]);
    expect(await screen.findByTestId('upload-refused')).toHaveTextContent(
      '„knapp.pdf“ (2.097.153 Byte) ist zu groß und wurde nicht übernommen. Erlaubt sind höchstens 2 MB (2.097.152 Byte) je Datei.',
    );
  });

  it('offers only the types the server takes, so a phone converts its photos to JPEG', async () => {
    const sent = answerUploads([]);
    renderForm(50 * 1024 * 1024);
    const input = screen.getByLabelText('Dateien zum Hochladen auswählen');
    const accept = input.getAttribute('accept')?.split(',') ?? [];
    expect(accept).toEqual(expect.arrayContaining(['application/pdf', 'image/jpeg', '.jpeg']));
    expect(accept.some((entry) => /heic/i.test(entry))).toBe(false);
    // A file of another type (a picker showing all files, or dropped) is refused with the reason.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' })]);
    expect(await screen.findByTestId('upload-refused')).toHaveTextContent(
      '„tool.exe“ wurde nicht übernommen. Dieser Dateityp ist nicht erlaubt.',
    );
    expect(sent).toHaveLength(0);
  });

  it('without a limit from the server the hint names none and the server decides', () => {
    renderForm();
    expect(screen.getByText(/mehrere Dateien auf einmal möglich/)).not.toHaveTextContent(
      'höchstens',
    );
  });

  it('asks a touch screen to tap the zone, a mouse to click it', () => {
    const media = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === TOUCH_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      renderForm();
      expect(
        screen.getByText('Dateien hierher ziehen oder tippen, um Dateien auszuwählen'),
      ).toBeInTheDocument();
      expect(screen.queryByText(/klicken/)).toBeNull();
    } finally {
      media.mockRestore();
    }
  });

  it('with a mouse the zone says klicken', () => {
    renderForm();
    expect(
      screen.getByText('Dateien hierher ziehen oder klicken, um Dateien auszuwählen'),
    ).toBeInTheDocument();
  });
});
