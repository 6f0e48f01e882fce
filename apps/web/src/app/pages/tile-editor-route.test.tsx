import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LeaveGuard } from '../../components/leave-guard';
import type { TileEditorPageProps } from '../../features/tile-editor/tile-editor-page';
import { ABRECHNUNG_ID, anna, PRAXIS_ID, renderApp, setupAppTest } from '../../test/render-app';

// The editor itself is tested in its feature; here a stand-in with its leave guard that reports
// unsaved changes through the same prop, as the real one does.
vi.mock('../../features/tile-editor/tile-editor-page', () => ({
  TileEditorPage: function FakeTileEditorPage({
    institutionId,
    onUnsavedChangesChange,
  }: TileEditorPageProps) {
    const [isDirty, setDirty] = useState(false);
    useEffect(() => onUnsavedChangesChange?.(isDirty), [isDirty, onUnsavedChangesChange]);
    useEffect(() => () => onUnsavedChangesChange?.(false), [onUnsavedChangesChange]);
    return (
      <>
        <LeaveGuard isDirty={isDirty} body={LEAVE_QUESTION} />
        <h1>Kacheleditor</h1>
        <p data-testid="editor-institution">{institutionId}</p>
        <p data-testid="editor-state">{isDirty ? 'ungespeichert' : 'unverändert'}</p>
        <button type="button" onClick={() => setDirty(true)}>
          Kachel ändern
        </button>
      </>
    );
  },
}));

const server = setupAppTest();

const WAIT = { timeout: 5000 };
/** Admin of the trusted Abrechnungszentrum Nord (may edit tiles) and of Praxis Sonnenschein. */
const editor = {
  ...anna,
  institutionUserRoles: [
    { institutionId: ABRECHNUNG_ID, role: 'INSTITUTION_ADMIN' as const },
    { institutionId: PRAXIS_ID, role: 'INSTITUTION_ADMIN' as const },
  ],
};
/** The editor's own leave question (its guard; the stand-in passes the editor's text). */
const LEAVE_QUESTION =
  'Sie haben ungespeicherte Änderungen an Kacheln. Wenn Sie die Seite verlassen, gehen sie verloren. Trotzdem verlassen?';
/** The shell's question when another institution is chosen. */
const SWITCH_QUESTION =
  'Sie haben ungespeicherte Änderungen auf dieser Seite. Wenn Sie die Institution wechseln, gehen sie verloren. Trotzdem wechseln?';

async function openEditor() {
  const user = userEvent.setup();
  const view = renderApp('/dashboard-tile-editor', { server, api: { user: editor } });
  expect(await screen.findByTestId('editor-institution', undefined, WAIT)).toHaveTextContent(
    ABRECHNUNG_ID,
  );
  return { user, ...view };
}

async function chooseInDropdown(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: /Institution auswählen/ }, WAIT));
  await user.click(
    await screen.findByText(name, { selector: '[role^="menuitem"], [role^="menuitem"] *' }, WAIT),
  );
}

describe('switching the institution in the tile editor', () => {
  it('asks first while there are unsaved changes; staying keeps institution and changes', async () => {
    const { user, router } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Kachel ändern' }));

    await chooseInDropdown(user, 'Praxis Sonnenschein');
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' }, WAIT);
    expect(dialog).toHaveTextContent(SWITCH_QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('editor-institution')).toHaveTextContent(ABRECHNUNG_ID);
    expect(screen.getByTestId('editor-state')).toHaveTextContent('ungespeichert');
    expect(screen.getByRole('button', { name: /Institution auswählen/ })).toHaveTextContent(
      'Abrechnungszentrum Nord',
    );
    expect(localStorage.getItem('lastInstitutionId')).toBe(ABRECHNUNG_ID);
    expect(router.state.location.pathname).toBe('/dashboard-tile-editor');
  });

  it('switches after "Seite verlassen" without asking a second time', async () => {
    const { user, router } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Kachel ändern' }));

    await chooseInDropdown(user, 'Praxis Sonnenschein');
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Seite verlassen' }));

    // Praxis Sonnenschein is not trusted: no tile editor there, the guard sends to the dashboard.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, WAIT),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByTestId('dashboard-institution')).toHaveTextContent('Praxis Sonnenschein');
    expect(localStorage.getItem('lastInstitutionId')).toBe(PRAXIS_ID);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches at once without unsaved changes', async () => {
    const { user } = await openEditor();
    await chooseInDropdown(user, 'Praxis Sonnenschein');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, WAIT),
    ).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-institution')).toHaveTextContent('Praxis Sonnenschein');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("leaves the sidebar's switch to the editor's leave guard: staying keeps the institution", async () => {
    const { user, router } = await openEditor();
    await user.click(screen.getByRole('button', { name: 'Kachel ändern' }));
    await user.click(screen.getByRole('button', { name: 'Navigation öffnen' }));
    const sidebar = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    await user.click(await within(sidebar).findByRole('link', { name: 'Praxis Sonnenschein' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' }, WAIT);
    expect(dialog).toHaveTextContent(LEAVE_QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('editor-institution')).toHaveTextContent(ABRECHNUNG_ID);
    expect(screen.getByTestId('editor-state')).toHaveTextContent('ungespeichert');
    expect(localStorage.getItem('lastInstitutionId')).toBe(ABRECHNUNG_ID);
    expect(router.state.location.pathname).toBe('/dashboard-tile-editor');

    await user.click(within(sidebar).getByRole('link', { name: 'Praxis Sonnenschein' }));
    const again = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' }, WAIT);
    await user.click(within(again).getByRole('button', { name: 'Seite verlassen' }));
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-institution')).toHaveTextContent('Praxis Sonnenschein'),
    );
    expect(router.state.location.search).toBe(`?institutionId=${PRAXIS_ID}`);
  });
});
