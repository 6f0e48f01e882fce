import { documentSchema, type PortalDocument } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppNotifications } from '../../../components/notifications';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { DeleteDocumentDialog, EditDocumentDialog } from './document-dialogs';

const NORD = '33333333-3333-4333-8333-333333333333';
const doc: PortalDocument = {
  id: '77777777-7777-4777-8777-777777777777',
  documentType: 'invoice',
  displayName: 'Rechnung Oktober 2026.txt',
  description: 'Monatsrechnung',
  createdAt: '2026-10-31',
  contentType: 'text/plain',
  size: 10,
  businessCase: { id: '44444444-4444-4444-8444-444444444444', label: 'TI-Bestellung' },
  unread: false,
  version: 1,
};
const documentPath = `*/api/institution/${NORD}/document/${doc.id}`;

const server = setupMswServer();

beforeAll(() => {
  // jsdom has no document.fonts, which the autosizing description field listens to.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
});

function renderDialog(Dialog: typeof EditDocumentDialog | typeof DeleteDocumentDialog) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderWithProviders(
    <>
      <AppNotifications />
      <Dialog institutionId={NORD} document={doc} onClose={onClose} onChanged={onChanged} />
    </>,
  );
  return { onClose, onChanged };
}

/**
 * The toast (role alert for errors; a success is no live region of its own, but an addition to
 * the toasts' polite live region: role none).
 */
const toast = async (role: 'alert' | 'none') =>
  waitFor(() => {
    const found = document.querySelector(`.mantine-Notification-root[role="${role}"]`);
    if (!found) throw new Error(`no toast with role ${role}`);
    return found;
  });

// Spec section 8: 'Update des Dokuments erfolgreich' / 'Update des Dokuments fehlgeschlagen';
// 'Löschen des Dokuments erfolgreich' / 'Löschen des Dokuments fehlgeschlagen'.
describe('document dialogs: failure texts of spec section 8', () => {
  it("a PUT answered 500 says 'Update des Dokuments fehlgeschlagen' and keeps the dialog open", async () => {
    server.use(http.put(documentPath, () => contractProblem(500, 'Interner Fehler')));
    const { onClose, onChanged } = renderDialog(EditDocumentDialog);
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await toast('alert')).toHaveTextContent(/^Update des Dokuments fehlgeschlagen$/);
    expect(screen.getByRole('dialog', { name: 'Dokument bearbeiten' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('a change someone else saved meanwhile (409): the input stays, the dialog says so and offers the current data', async () => {
    let body: unknown;
    server.use(
      http.put(documentPath, async ({ request }) => {
        body = await request.json();
        return contractProblem(409, 'Conflict', 'Geändert');
      }),
    );
    const { onClose, onChanged } = renderDialog(EditDocumentDialog);
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    const description = within(dialog).getByLabelText(/^Beschreibung/);
    await userEvent.clear(description);
    await userEvent.type(description, 'Korrigiert');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Das Dokument wurde inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.',
    );
    expect(body).toMatchObject({ description: 'Korrigiert', version: 1 });
    expect(description).toHaveValue('Korrigiert');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(alert).getByRole('button', { name: 'Aktuelle Daten laden' }));
    expect(onClose).toHaveBeenCalled();
    expect(onChanged).toHaveBeenCalled();
  });

  it("the server's reason follows the failure text", async () => {
    server.use(
      http.put(documentPath, () =>
        contractProblem(500, 'Interner Fehler', 'Der Speicher ist nicht erreichbar.'),
      ),
    );
    renderDialog(EditDocumentDialog);
    const dialog = await screen.findByRole('dialog', { name: 'Dokument bearbeiten' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await toast('alert')).toHaveTextContent(
      /^Update des Dokuments fehlgeschlagen: Der Speicher ist nicht erreichbar\.$/,
    );
  });

  it("a DELETE answered 500 says 'Löschen des Dokuments fehlgeschlagen' and keeps the dialog open", async () => {
    server.use(http.delete(documentPath, () => contractProblem(500, 'Interner Fehler')));
    const { onClose, onChanged } = renderDialog(DeleteDocumentDialog);
    const dialog = await screen.findByRole('dialog', { name: 'Dokument löschen' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await toast('alert')).toHaveTextContent(/^Löschen des Dokuments fehlgeschlagen$/);
    expect(screen.getByRole('dialog', { name: 'Dokument löschen' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('success of an update: its text, the dialog closes and the lists reload', async () => {
    server.use(http.put(documentPath, () => contractJson(documentSchema, doc)));
    const edit = renderDialog(EditDocumentDialog);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Dokument bearbeiten' })).getByRole(
        'button',
        { name: 'Speichern' },
      ),
    );
    expect(await toast('none')).toHaveTextContent(/^Update des Dokuments erfolgreich$/);
    expect(edit.onClose).toHaveBeenCalled();
    expect(edit.onChanged).toHaveBeenCalled();
  });

  it('success of a deletion', async () => {
    server.use(http.delete(documentPath, () => new HttpResponse(null, { status: 204 })));
    const removal = renderDialog(DeleteDocumentDialog);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Dokument löschen' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    expect(await toast('none')).toHaveTextContent(/^Löschen des Dokuments erfolgreich$/);
    expect(removal.onClose).toHaveBeenCalled();
    expect(removal.onChanged).toHaveBeenCalled();
  });
});

describe('EditDocumentDialog holding changes', () => {
  it('reports them as unsaved (the leave guard and an ended session keep them), and clean when undone', async () => {
    const reportDirty = vi.fn();
    renderWithProviders(
      <EditDocumentDialog
        institutionId={NORD}
        document={doc}
        onClose={vi.fn()}
        onChanged={vi.fn()}
        reportDirty={reportDirty}
      />,
    );
    const description = await screen.findByLabelText('Beschreibung (optional)');
    await waitFor(() => expect(description).toHaveValue('Monatsrechnung'));
    // Opened with the document's data: nothing unsaved, not even for a moment.
    expect(reportDirty).not.toHaveBeenCalledWith(true);
    await userEvent.type(description, ' mit Nachtrag');
    expect(reportDirty).toHaveBeenLastCalledWith(true);
    await userEvent.clear(description);
    await userEvent.type(description, 'Monatsrechnung');
    expect(reportDirty).toHaveBeenLastCalledWith(false);
  });
});
