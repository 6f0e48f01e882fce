import { MantineProvider } from '@mantine/core';
import { businessCaseTypeList, type Tile, tileGroupList, tileList } from '@portal/contract';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppNotifications } from '../../components/notifications';
import { contractJson, contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { tileFixture } from '../../test/tile-fixture';
import { type PreviewTile, TileEditorPage } from './tile-editor-page';

const INST = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222222';
const OTHER_TYPE = '44444444-4444-4444-8444-444444444444';
const stored = (id: string, name: string, businessCaseTypeId = TYPE): Tile =>
  tileFixture({
    id: `33333333-3333-4333-8333-${id.padStart(12, '0')}`,
    version: 1,
    name,
    tileType: 'MARKETING',
    businessCaseType: 'MARKETING',
    businessCaseTypeId,
    institutionId: INST,
  });

const server = setupMswServer(
  http.get('*/api/institution/:id/business-case-type', () =>
    contractJson(businessCaseTypeList, [
      { id: TYPE, name: 'MARKETING', label: 'Marketing' },
      { id: OTHER_TYPE, name: 'ABRECHNUNG', label: 'Abrechnung' },
    ]),
  ),
  http.get('*/api/institution/:id/dashboard-tile/group', () => contractJson(tileGroupList, [])),
  http.get('*/api/institution/:id/dashboard-tile', async ({ request }) => {
    if (new URL(request.url).searchParams.get('businessCaseTypeId') === OTHER_TYPE) {
      await delay(200);
      return contractJson(tileList, [stored('3', 'Abrechnung online', OTHER_TYPE)]);
    }
    return contractJson(tileList, [stored('1', 'Newsletter'), stored('2', 'Seminare')]);
  }),
);
afterEach(() => {
  vi.restoreAllMocks();
});

function setup(
  onUnsavedChangesChange?: (hasUnsavedChanges: boolean) => void,
  path = '/dashboard-tile-editor',
) {
  const preview = (tiles: PreviewTile[]) => (
    <ul data-testid="preview">
      {tiles.map((tile) => (
        <li key={tile.id}>{tile.name}</li>
      ))}
    </ul>
  );
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard-tile-editor',
        element: (
          <TileEditorPage
            institutionId={INST}
            renderPreview={preview}
            onUnsavedChangesChange={onUnsavedChangesChange}
          />
        ),
      },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <MantineProvider env="test">
      <AppNotifications />
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(router, { unmount: view.unmount });
}

/** The stored tiles of the type are `tiles` (instead of Newsletter and Seminare). */
const answerTiles = (tiles: Tile[]) =>
  server.use(http.get('*/api/institution/:id/dashboard-tile', () => contractJson(tileList, tiles)));

/** Chooses the business case type `label` in the editor's picker. */
async function chooseType(user: UserEvent, label = 'Marketing') {
  await user.click(await screen.findByRole('combobox', { name: 'Geschäftsfalltyp' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('TileEditorPage', () => {
  it('keeps the chosen type in the address: a reload or a link opens its tiles; an unknown id is no choice', async () => {
    const user = userEvent.setup();
    const first = setup();
    await chooseType(user);
    await screen.findByRole('button', { name: 'Kachel „Seminare“ bearbeiten' });
    expect(first.state.location.search).toBe(`?businessCaseTypeId=${TYPE}`);
    // Replaced, not pushed: Back leaves the editor instead of going to "no type chosen".
    expect(first.state.historyAction).toBe('REPLACE');
    first.unmount();

    const reloaded = setup(undefined, `/dashboard-tile-editor?businessCaseTypeId=${TYPE}`);
    expect(
      await screen.findByRole('button', { name: 'Kachel „Seminare“ bearbeiten' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Geschäftsfalltyp' })).toHaveValue('Marketing');
    reloaded.unmount();

    setup(
      undefined,
      '/dashboard-tile-editor?businessCaseTypeId=55555555-5555-4555-8555-555555555555',
    );
    expect(
      await screen.findByText('Wählen Sie einen Geschäftsfalltyp, um seine Kacheln zu bearbeiten.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Geschäftsfalltyp' })).toHaveValue('');
    // Also once the types have arrived.
    await user.click(screen.getByRole('combobox', { name: 'Geschäftsfalltyp' }));
    await screen.findByRole('option', { name: 'Marketing' });
    expect(screen.queryByRole('button', { name: /bearbeiten/ })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Geschäftsfalltyp' })).toHaveValue('');
  });

  it('lists the tiles in the order of the dashboard and marks edited ones; an edit moves its tile', async () => {
    answerTiles([
      { ...stored('1', 'Newsletter'), priority: 3 },
      { ...stored('2', 'Seminare'), priority: 3 },
      { ...stored('4', 'Leasing'), priority: 4 },
      { ...stored('5', 'Zahlung'), priority: 5, tileType: 'PRIMARY' },
      { ...stored('6', 'Formulare'), priority: 1, tileType: 'FUNCTIONAL' },
    ]);
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    const list = await screen.findByTestId('editor-tiles');
    const rows = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent);
    // Partnerkacheln, Funktionskacheln, Marketingkacheln; each by priority, then name.
    expect(rows()).toEqual(['Zahlung', 'Formulare', 'Newsletter', 'Seminare', 'Leasing']);
    expect(within(list).queryByText('Bearbeitet')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Kachel „Seminare“ bearbeiten' }));
    const dialog = await screen.findByRole('dialog');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Abrechnung kompakt');
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));

    await vi.waitFor(() =>
      expect(rows()).toEqual([
        'Zahlung',
        'Formulare',
        'Abrechnung kompakt',
        'Newsletter',
        'Leasing',
      ]),
    );
    const edited = within(list).getAllByRole('listitem')[2]!;
    expect(within(edited).getByText('Bearbeitet')).toBeTruthy();
    expect(within(list).getAllByText('Bearbeitet')).toHaveLength(1);
  });

  it('lists the pending operations, hides deletions in list and preview, discards, and blocks leaving', async () => {
    const user = userEvent.setup();
    const router = setup();
    await chooseType(user);
    const preview = await screen.findByTestId('preview');
    expect(await within(preview).findByText('Seminare')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    expect(within(preview).queryByText('Seminare')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Kachel „Seminare“ bearbeiten' }),
    ).not.toBeInTheDocument();
    const pending = screen.getByTestId('pending-operations');
    expect(within(pending).getByText('Gelöscht')).toBeInTheDocument();

    await router.navigate('/dashboard');
    expect(
      await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Auf der Seite bleiben' }));
    expect(router.state.location.pathname).toBe('/dashboard-tile-editor');

    await user.click(screen.getByRole('button', { name: 'Alle verwerfen' }));
    expect(within(preview).getByText('Seminare')).toBeInTheDocument();
    expect(within(pending).getByText('Keine ausstehenden Änderungen.')).toBeInTheDocument();
    await router.navigate('/dashboard');
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });

  // Spec section 2: "Pending operations can be discarded: all, the last, or a specific one."
  it('discards the last pending operation, a specific one, or all', async () => {
    answerTiles([stored('1', 'Newsletter'), stored('2', 'Seminare'), stored('4', 'Webinare')]);
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    const preview = await screen.findByTestId('preview');
    await within(preview).findByText('Webinare');
    const pending = screen.getByTestId('pending-operations');
    const listed = () =>
      within(pending)
        .queryAllByTestId('pending-operation')
        .map((item) => item.textContent);
    const shown = () =>
      within(preview)
        .queryAllByRole('listitem')
        .map((item) => item.textContent);
    const discardLast = () => within(pending).getByRole('button', { name: 'Letzte verwerfen' });
    const discardAll = () => within(pending).getByRole('button', { name: 'Alle verwerfen' });
    expect(discardLast()).toBeDisabled();
    expect(discardAll()).toBeDisabled();

    for (const name of ['Seminare', 'Newsletter', 'Webinare']) {
      await user.click(screen.getByRole('button', { name: `Kachel „${name}“ löschen` }));
    }
    expect(listed()).toEqual(['GelöschtSeminare', 'GelöschtNewsletter', 'GelöschtWebinare']);
    expect(shown()).toEqual([]);

    // A specific one: the one in the middle, neither the first nor the last.
    await user.click(
      within(pending).getByRole('button', { name: 'Gelöscht: Newsletter verwerfen' }),
    );
    expect(listed()).toEqual(['GelöschtSeminare', 'GelöschtWebinare']);
    expect(shown()).toEqual(['Newsletter']);

    // The last: the deletion of Webinare, made last.
    await user.click(discardLast());
    expect(listed()).toEqual(['GelöschtSeminare']);
    expect(shown()).toEqual(expect.arrayContaining(['Newsletter', 'Webinare']));
    expect(shown()).not.toContain('Seminare');

    // All.
    await user.click(screen.getByRole('button', { name: 'Kachel „Webinare“ löschen' }));
    expect(listed()).toEqual(['GelöschtSeminare', 'GelöschtWebinare']);
    await user.click(discardAll());
    expect(listed()).toEqual([]);
    expect(within(pending).getByText('Keine ausstehenden Änderungen.')).toBeInTheDocument();
    expect(shown()).toHaveLength(3);
    expect(discardLast()).toBeDisabled();
    expect(discardAll()).toBeDisabled();
  });

  it('changing the type asks first, then discards the pending changes at once', async () => {
    const user = userEvent.setup();
    setup();
    const picker = await screen.findByRole('combobox', { name: 'Geschäftsfalltyp' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Marketing' }));
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    const pending = screen.getByTestId('pending-operations');
    const save = within(pending).getByRole('button', { name: 'Änderungen speichern' });
    expect(save).toBeEnabled();

    // Staying: nothing changes. Asked in the app's own dialog, which opens on staying.
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Abrechnung' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(dialog).toHaveTextContent(
      'Sie haben ungespeicherte Änderungen an Kacheln dieses Geschäftsfalltyps. Wenn Sie den Geschäftsfalltyp wechseln, gehen sie verloren. Trotzdem wechseln?',
    );
    await vi.waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Beim Geschäftsfalltyp bleiben' }),
      ).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Beim Geschäftsfalltyp bleiben' }));
    expect(picker).toHaveValue('Marketing');
    expect(within(pending).getByText('Gelöscht')).toBeInTheDocument();

    // Switching: the changes are gone before the new type's tiles have arrived.
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Abrechnung' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' })).getByRole(
        'button',
        { name: 'Geschäftsfalltyp wechseln' },
      ),
    );
    expect(picker).toHaveValue('Abrechnung');
    expect(screen.getByText('Kacheln werden geladen …')).toBeInTheDocument();
    expect(within(pending).getByText('Keine ausstehenden Änderungen.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    expect(within(screen.getByTestId('preview')).queryByText('Newsletter')).not.toBeInTheDocument();
    expect(await screen.findAllByText('Abrechnung online')).not.toHaveLength(0);
  });

  it('the chosen type cannot be deselected', async () => {
    const user = userEvent.setup();
    setup();
    const picker = await screen.findByRole('combobox', { name: 'Geschäftsfalltyp' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Marketing' }));
    expect(await screen.findAllByText('Newsletter')).not.toHaveLength(0);
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Marketing' }));
    expect(picker).toHaveValue('Marketing');
    expect(screen.getAllByText('Newsletter').length).toBeGreaterThan(0);
  });

  it('no tile can be added, edited or deleted, nor the type changed, while a save runs', async () => {
    const deletion = { finish: null as (() => void) | null };
    server.use(
      http.delete('*/api/institution/:id/dashboard-tile/:tileId/:version', async () => {
        await new Promise<void>((resolve) => {
          deletion.finish = resolve;
        });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    setup();
    const picker = await screen.findByRole('combobox', { name: 'Geschäftsfalltyp' });
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Marketing' }));
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    const pending = screen.getByTestId('pending-operations');
    await user.click(within(pending).getByRole('button', { name: 'Änderungen speichern' }));

    const controls = () => [
      screen.getByRole('button', { name: 'Neue Kachel' }),
      screen.getByRole('button', { name: 'Kachel „Newsletter“ bearbeiten' }),
      screen.getByRole('button', { name: 'Kachel „Newsletter“ löschen' }),
      picker,
    ];
    await vi.waitFor(() => expect(deletion.finish).not.toBeNull());
    for (const control of controls()) expect(control).toBeDisabled();

    deletion.finish?.();
    expect(await within(pending).findByText('Keine ausstehenden Änderungen.')).toBeInTheDocument();
    await vi.waitFor(() => {
      for (const control of controls()) expect(control).toBeEnabled();
    });
  });

  it('tells its parent whether there are unsaved changes, and no longer once unmounted', async () => {
    const user = userEvent.setup();
    const onUnsavedChangesChange = vi.fn();
    const view = setup(onUnsavedChangesChange);
    await chooseType(user);
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    expect(onUnsavedChangesChange).toHaveBeenLastCalledWith(true);
    const calls = onUnsavedChangesChange.mock.calls.length;

    // A second pending change changes nothing for the parent.
    await user.click(screen.getByRole('button', { name: 'Kachel „Newsletter“ löschen' }));
    expect(onUnsavedChangesChange).toHaveBeenCalledTimes(calls);

    await user.click(screen.getByRole('button', { name: 'Alle verwerfen' }));
    expect(onUnsavedChangesChange).toHaveBeenLastCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    expect(onUnsavedChangesChange).toHaveBeenLastCalledWith(true);

    view.unmount();
    expect(onUnsavedChangesChange).toHaveBeenLastCalledWith(false);
    expect(onUnsavedChangesChange.mock.calls.map(([value]) => value)).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
  });

  // Spec section 2: "error toasts for tile operations stay until dismissed (close button)";
  // other toasts close after 3000 ms.
  it('a failed save shows an error toast that stays past 3000 ms until its close button is used', async () => {
    server.use(
      http.delete('*/api/institution/:id/dashboard-tile/:tileId/:version', () =>
        contractProblem(500, 'Interner Fehler'),
      ),
    );
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    const message = "Es ist etwas beim Löschen der Kachel 'Seminare' schief gelaufen.";
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(message);

    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(screen.getByRole('alert')).toHaveTextContent(message);

    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Schließen' }));
    await vi.waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
  });

  // Decision 013: two editors at once. Someone else deleted both tiles after this page loaded.
  it('a tile deleted meanwhile by someone else leaves the list: its deletion counts as done, its change is dropped with the reason', async () => {
    const sent: string[] = [];
    server.use(
      http.put('*/api/institution/:id/dashboard-tile/:tileId', ({ request }) => {
        sent.push(request.method);
        return contractProblem(404, 'Die Kachel wurde nicht gefunden.');
      }),
      http.delete('*/api/institution/:id/dashboard-tile/:tileId/:version', ({ request }) => {
        sent.push(request.method);
        return contractProblem(404, 'Die Kachel wurde nicht gefunden.');
      }),
    );
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ bearbeiten' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Seminare 2027');
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    await user.click(await screen.findByRole('button', { name: 'Kachel „Newsletter“ löschen' }));
    const pending = screen.getByTestId('pending-operations');
    await user.click(within(pending).getByRole('button', { name: 'Änderungen speichern' }));

    expect(await within(pending).findByText('Keine ausstehenden Änderungen.')).toBeInTheDocument();
    expect(sent.sort()).toEqual(['DELETE', 'PUT']);
    // One message, for the change that could not be made; none for the deletion.
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      "Es ist etwas mit der Kachel 'Seminare 2027' schief gelaufen. Sie wurde inzwischen von jemand anderem gelöscht.",
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Kachel „Seminare/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Kachel „Newsletter/ })).toBeNull();
    expect(screen.getByTestId('preview')).toBeEmptyDOMElement();
    expect(within(pending).getByRole('button', { name: 'Änderungen speichern' })).toBeDisabled();
  });

  // Spec section 4: loading tiles clears the pending operations, so no load may happen unasked.
  it('keeps the pending changes when the connection returns, though the tiles changed on the server', async () => {
    let answers = 0;
    let loads = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname.endsWith('/dashboard-tile')) loads += 1;
    };
    server.events.on('request:start', count);
    server.use(
      http.get('*/api/institution/:id/dashboard-tile', () => {
        answers += 1;
        return contractJson(
          tileList,
          answers === 1
            ? [stored('1', 'Newsletter'), stored('2', 'Seminare')]
            : [stored('1', 'Newsletter'), stored('2', 'Seminare'), stored('7', 'Von Kollegin')],
        );
      }),
    );
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    const pending = screen.getByTestId('pending-operations');
    expect(within(pending).getByText('Seminare')).toBeInTheDocument();

    expect(loads).toBe(1);
    onlineManager.setOnline(false);
    onlineManager.setOnline(true);
    // A reload would have been sent at once (TanStack refetches in the online event's turn).
    await new Promise((resolve) => setTimeout(resolve, 0));
    server.events.removeListener('request:start', count);
    expect(loads).toBe(1);
    expect(within(pending).getByText('Seminare')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Änderungen speichern' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Kachel „Seminare“ löschen' })).toBeNull();
  });

  // Decision 013: what a colleague saved meanwhile shows up once this editor has saved.
  it('after a save with nothing left pending, loads the tiles again and shows what a colleague added', async () => {
    let colleagueSaved = false;
    server.use(
      http.get('*/api/institution/:id/dashboard-tile', () =>
        contractJson(tileList, [
          stored('1', 'Newsletter'),
          ...(colleagueSaved ? [] : [stored('2', 'Seminare')]),
          ...(colleagueSaved ? [stored('7', 'Von Kollegin')] : []),
        ]),
      ),
      http.delete('*/api/institution/:id/dashboard-tile/:tileId/:version', () => {
        colleagueSaved = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    await user.click(await screen.findByRole('button', { name: 'Kachel „Seminare“ löschen' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    expect(
      await screen.findByRole('button', { name: 'Kachel „Von Kollegin“ bearbeiten' }),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('preview')).getByText('Von Kollegin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kachel „Seminare“ bearbeiten' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Neue Kachel' })).toBeEnabled();
  });

  it('keeps the keyboard focus in the lists when a deleted tile or a discarded change leaves them', async () => {
    answerTiles([stored('1', 'Abrechnung'), stored('2', 'Newsletter'), stored('4', 'Seminare')]);
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    const remove = (name: string) =>
      screen.getByRole('button', { name: `Kachel „${name}“ löschen` });
    // From the keyboard: the focus goes to the Löschen button now in that row.
    (await screen.findByRole('button', { name: 'Kachel „Newsletter“ löschen' })).focus();
    await user.keyboard('{Enter}');
    expect(remove('Seminare')).toHaveFocus();
    await user.keyboard('{Enter}');
    // The last row gone: the row above.
    expect(remove('Abrechnung')).toHaveFocus();
    await user.keyboard('{Enter}');
    // The list empty: its heading.
    expect(screen.getByRole('heading', { name: 'Kacheln' })).toHaveFocus();

    // Discarding one change of three: the next change's discard button, then the heading.
    const pending = screen.getByTestId('pending-operations');
    within(pending).getByRole('button', { name: 'Gelöscht: Seminare verwerfen' }).focus();
    await user.keyboard('{Enter}');
    expect(
      within(pending).getByRole('button', { name: 'Gelöscht: Abrechnung verwerfen' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      within(pending).getByRole('button', { name: 'Gelöscht: Newsletter verwerfen' }),
    ).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(pending).getByRole('heading', { name: 'Ausstehende Änderungen' })).toHaveFocus();
    // Every tile is back.
    expect(remove('Seminare')).toBeInTheDocument();
  });

  it('a new tile opened again before saving shows the icon chosen for it', async () => {
    const created: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      created.push(`blob:icon-${created.length + 1}`);
      return created.at(-1)!;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const user = userEvent.setup();
    setup();
    await chooseType(user);
    await user.click(await screen.findByRole('button', { name: 'Neue Kachel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Podcast');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Ziel/ }),
      'https://partner.example/podcast',
    );
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['<svg/>'], 'podcast.svg', { type: 'image/svg+xml' }));
    await user.click(within(dialog).getByRole('button', { name: 'Übernehmen' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Kachel „Podcast“ bearbeiten' }));
    const again = await screen.findByRole('dialog');
    const preview = within(again).getByRole('img', { name: 'Vorschau des Icons' });
    // The URL the page made of the chosen file (not the form's own of a new choice).
    expect(created).toContain(preview.getAttribute('src'));
  });
});
