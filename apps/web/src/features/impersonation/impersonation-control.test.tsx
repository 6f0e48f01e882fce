import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { AppNotifications } from '../../components/notifications';
import { RAN_OUT_NOTICE_KEY } from '../../lib/impersonation-tokens';
import { ImpersonationFailedError, ImpersonationRefusedError } from '../../lib/token-endpoint';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { ImpersonationControl, type ImpersonationControlProps } from './impersonation-control';

const NORD = '1d5cac2d-8d83-4abb-89d3-f5c41102c3cd';
const SONNENSCHEIN = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const MAX = 'ef8aaf99-1823-4be6-829e-0adee8fcb570';
const CUSTOMER = {
  id: SONNENSCHEIN,
  name: 'Praxis Sonnenschein',
  referenceNumber: '100234',
  postalcode: '20095',
  city: 'Hamburg',
  street: 'Mönckebergstraße 7',
};
const USER = {
  id: MAX,
  firstName: 'Max',
  lastName: 'Weiß',
  email: 'max.mitglied@praxis-sonnenschein.de',
  role: 'INSTITUTION_MEMBER' as const,
};

const server = setupMswServer();
const { searchesMock, usersMock } = vi.hoisted(() => ({
  searchesMock: vi.fn(),
  usersMock: vi.fn(),
}));

/** The query strings of the relationship loads. */
const relationshipQueries: string[] = [];

function useApi({ owner = true } = {}) {
  const searches: string[] = [];
  relationshipQueries.length = 0;
  server.use(
    http.get('*/api/institution/:id/relationship', ({ request }) => {
      relationshipQueries.push(new URL(request.url).search);
      return HttpResponse.json([
        {
          id: '7e6bda09-3a70-4854-af73-dada512fac89',
          owner,
          otherInstitutionId: SONNENSCHEIN,
          otherInstitutionName: 'Praxis Sonnenschein',
          referenceNumber: '100234',
          createdAt: '2025-04-01T00:00:00Z',
          businessCases: [],
        },
      ]);
    }),
  );
  searchesMock.mockImplementation(async (_institutionId: string, search: string) => {
    searches.push(search);
    if (search === 'kaputt') throw new Error('500');
    return search.startsWith('Sonn') ? [CUSTOMER] : [];
  });
  usersMock.mockImplementation(async (_i: string, _c: string, search: string) => {
    if (search === 'kaputt') throw new Error('500');
    return search.startsWith('Max') ? [USER] : [];
  });
  return searches;
}

function renderControl(props: Partial<ImpersonationControlProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const all: ImpersonationControlProps = {
    institutionId: NORD,
    role: 'SUPPORT_USER',
    isLoadingInstitution: false,
    isImpersonating: false,
    impersonate: vi.fn(async () => true),
    endImpersonation: vi.fn(async () => {}),
    reload: vi.fn(),
    searches: { customers: searchesMock, users: usersMock },
    ...props,
  };
  renderWithProviders(
    <QueryClientProvider client={client}>
      <AppNotifications />
      <ImpersonationControl {...all} />
    </QueryClientProvider>,
    { route: '/dashboard' },
  );
  return all;
}

const button = () => screen.findByRole('button', { name: 'Als User eines Kunden anmelden' });

async function pickMax(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await button());
  const dialog = await screen.findByRole('dialog', { name: 'Als User eines Kunden anmelden' });
  await user.type(screen.getByRole('combobox', { name: 'Kunden-Institution' }), 'Sonnen');
  await screen.findByRole('option', { name: /Praxis Sonnenschein/ });
  await user.keyboard('{ArrowDown}{Enter}');
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: 'Kunden-Institution' })).toHaveValue(
      'Praxis Sonnenschein (Kd.-Nr. 100234)',
    ),
  );
  await user.type(screen.getByRole('combobox', { name: 'Benutzer' }), 'Max');
  await user.click(await screen.findByRole('option', { name: /Max Weiß/ }));
  return dialog;
}

describe('ImpersonationControl', () => {
  // A provider of 600 customers had been sent all of them (348 KB) on every page load.
  it('asks only whether the institution serves anyone: one relationship of its own side', async () => {
    useApi();
    renderControl();
    expect(await button()).toBeVisible();
    expect(relationshipQueries).toEqual(['?owner=true&limit=1']);
  });

  it('is hidden for a SUPPORT_USER whose institution owns no relationship, and for members', async () => {
    useApi({ owner: false });
    renderControl();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Als User eines Kunden anmelden' })).toBeNull();
  });

  it('shows while impersonating even without the role', async () => {
    useApi({ owner: false });
    renderControl({ role: 'INSTITUTION_MEMBER', isImpersonating: true });
    expect(await button()).toBeInTheDocument();
  });

  it('keyboard: searches from 3 characters, picks customer and user, exchanges for Max', async () => {
    const searches = useApi();
    const props = renderControl();
    const user = userEvent.setup();
    await user.click(await button());
    await screen.findByRole('dialog');
    const institution = screen.getByRole('combobox', { name: 'Kunden-Institution' });
    // What can be typed, not only how much.
    expect(institution).toHaveAccessibleDescription(
      'Name, Kd.-Nr., PLZ oder Ort, mindestens 3 Zeichen',
    );
    expect(screen.getByRole('combobox', { name: 'Benutzer' })).toHaveAccessibleDescription(
      'Name oder E-Mail-Adresse, mindestens 3 Zeichen',
    );
    expect(screen.getByRole('combobox', { name: 'Benutzer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Eigener User' })).toBeDisabled();
    await user.type(institution, 'So ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searches).toEqual([]);
    await user.clear(institution);
    // Typed letter by letter within one moment (user.type on a loaded machine can leave more
    // than the debounce's 200 ms between two keys, and then 'Gibt' is rightly searched too).
    const word = 'Gibtsnicht';
    for (let length = 1; length <= word.length; length += 1) {
      fireEvent.change(institution, { target: { value: word.slice(0, length) } });
    }
    // debounced: one request for the whole word
    await waitFor(() => expect(searches).toEqual(['Gibtsnicht']));
    // The answer is the list's one option, and it cannot be picked.
    expect(
      await screen.findByRole('option', { name: 'Keine Institution gefunden.' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryAllByRole('option')).toHaveLength(1);
    await user.clear(institution);
    await pickMax(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    // The page reloads in the customer institution chosen (not the user's first one).
    await waitFor(() => expect(props.reload).toHaveBeenCalledWith(SONNENSCHEIN));
    expect(props.impersonate).toHaveBeenCalledWith(MAX, {
      owner: [NORD],
      contractor: [SONNENSCHEIN],
    });
  });

  it('Enter takes the first result, as in the Kunde picker: a Kd.-Nr. typed and Enter', async () => {
    useApi();
    renderControl();
    const user = userEvent.setup();
    await user.click(await button());
    await screen.findByRole('dialog');
    const institution = screen.getByRole('combobox', { name: 'Kunden-Institution' });
    await user.type(institution, 'Sonnen');
    await screen.findByRole('option', { name: /Praxis Sonnenschein/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(institution).toHaveValue('Praxis Sonnenschein (Kd.-Nr. 100234)'));
    const users = screen.getByRole('combobox', { name: 'Benutzer' });
    await waitFor(() => expect(users).toBeEnabled());
    await user.type(users, 'Max');
    await screen.findByRole('option', { name: /Max Weiß/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled());
    expect((users as HTMLInputElement).value).toContain('Max Weiß');
  });

  it('a failed search shows an empty list', async () => {
    useApi();
    renderControl();
    const user = userEvent.setup();
    await user.click(await button());
    await user.type(screen.getByRole('combobox', { name: 'Kunden-Institution' }), 'kaputt');
    await waitFor(() => expect(searchesMock).toHaveBeenCalledWith(NORD, 'kaputt'));
    // The answer is the list's one option, and it cannot be picked.
    expect(
      await screen.findByRole('option', { name: 'Keine Institution gefunden.' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryAllByRole('option')).toHaveLength(1);
  });

  it.each([
    ['finds no user', 'Niemand'],
    ['fails', 'kaputt'],
  ])(
    "a user search that %s shows 'Keine Benutzer gefunden.', which cannot be picked",
    async (_case, search) => {
      useApi();
      renderControl();
      const user = userEvent.setup();
      await user.click(await button());
      await user.type(screen.getByRole('combobox', { name: 'Kunden-Institution' }), 'Sonnen');
      await user.click(await screen.findByRole('option', { name: /Praxis Sonnenschein/ }));
      const users = screen.getByRole('combobox', { name: 'Benutzer' });
      await waitFor(() => expect(users).toBeEnabled());
      await user.type(users, search);
      await waitFor(() => expect(usersMock).toHaveBeenCalledWith(NORD, SONNENSCHEIN, search));
      // The answer is the list's one option, and it cannot be picked.
      const placeholder = await screen.findByRole('option', { name: 'Keine Benutzer gefunden.' });
      expect(placeholder).toHaveAttribute('aria-disabled', 'true');
      expect(screen.queryAllByRole('option')).toHaveLength(1);
      await user.click(placeholder);
      await user.keyboard('{ArrowDown}{Enter}');
      expect(users).toHaveValue(search);
      expect(screen.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    },
  );

  it('a refusal closes the modal with "Nachahmung des Users nicht erlaubt."', async () => {
    useApi();
    const props = renderControl({
      impersonate: vi.fn(async () => {
        throw new ImpersonationRefusedError();
      }),
    });
    const user = userEvent.setup();
    await pickMax(user);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Nachahmung des Users nicht erlaubt.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(props.reload).not.toHaveBeenCalled();
  });

  it('a missing result keeps the modal open with the failure message', async () => {
    useApi();
    renderControl({
      impersonate: vi.fn(async () => {
        throw new ImpersonationFailedError();
      }),
    });
    const user = userEvent.setup();
    await pickMax(user);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(
      await screen.findByText(
        'Fehler bei Nachahmung der Kunden-Institution. Versuchen Sie es später noch einmal!',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('while impersonating: institution field and Anmelden disabled, Eigener User ends it', async () => {
    useApi();
    const props = renderControl({ isImpersonating: true });
    const user = userEvent.setup();
    await user.click(await button());
    await screen.findByRole('dialog');
    expect(screen.getByRole('combobox', { name: 'Kunden-Institution' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Eigener User' }));
    await waitFor(() => expect(props.reload).toHaveBeenCalled());
    expect(props.endImpersonation).toHaveBeenCalledTimes(1);
  });

  it('while impersonating, the keyboard reaches Eigener User (Space) after a click on the button', async () => {
    useApi();
    const props = renderControl({ isImpersonating: true });
    const user = userEvent.setup();
    await user.click(await button());
    await screen.findByRole('dialog');
    screen.getByRole('button', { name: 'Eigener User' }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect(props.endImpersonation).toHaveBeenCalledTimes(1));
  });

  it('after the reload out of an impersonation that ran out, says so until dismissed', async () => {
    useApi();
    sessionStorage.setItem(RAN_OUT_NOTICE_KEY, 'ran-out');
    renderControl();
    const notice = await screen.findByText(
      'Die Nachahmung ist abgelaufen. Sie sind wieder als eigener User angemeldet.',
    );
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
    const toast = notice.closest('[role="none"]');
    expect(toast).not.toBeNull();
    // Heard as an addition to the toasts' polite live region.
    expect(toast?.closest('[aria-live="polite"]')).not.toBeNull();
    // Persistent: it waits for the close button (the run-out is usually found on coming back).
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect(screen.getByText(/Die Nachahmung ist abgelaufen/)).toBeInTheDocument();
    await userEvent
      .setup()
      .click(within(toast as HTMLElement).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByText(/Die Nachahmung ist abgelaufen/)).toBeNull());
  });

  it('after the reload out of an impersonation ended before its time, says that instead', async () => {
    useApi();
    sessionStorage.setItem(RAN_OUT_NOTICE_KEY, 'ended-early');
    renderControl();
    await screen.findByText(
      'Die Nachahmung wurde vor ihrem Ablauf beendet, zum Beispiel weil der Zugriff auf den Kunden nicht mehr erlaubt ist. Sie sind wieder als eigener User angemeldet.',
    );
    expect(screen.queryByText(/abgelaufen/)).toBeNull();
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
  });

  it('says nothing of a run-out while (again) impersonating', async () => {
    useApi();
    sessionStorage.setItem(RAN_OUT_NOTICE_KEY, '1');
    renderControl({ isImpersonating: true });
    await button();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Die Nachahmung ist abgelaufen/)).toBeNull();
    expect(sessionStorage.getItem(RAN_OUT_NOTICE_KEY)).toBeNull();
  });

  it('opens with the focus in Kunden-Institution and gives it back to the button when closed', async () => {
    useApi();
    renderControl();
    const user = userEvent.setup();
    await user.click(await button());
    await screen.findByRole('dialog');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Kunden-Institution' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await button()).toHaveFocus();
  });
});
