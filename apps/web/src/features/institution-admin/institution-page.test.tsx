import type { Institution, InstitutionMember } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppNotifications } from '../../components/notifications';
import { contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { Pathname, renderWithProviders } from '../../test/render';
import { InstitutionPage } from './institution-page';

const ID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const member = (
  id: string,
  firstName: string,
  lastName: string,
  role: InstitutionMember['role'],
  hasAccountActivated = true,
): InstitutionMember => ({
  id,
  email: `${firstName.toLowerCase()}@example.org`,
  firstName,
  lastName,
  fullName: `${firstName} ${lastName}`,
  title: null,
  formOfAddress: null,
  hasAccountActivated,
  dateTimeCreated: new Date(Date.now() - 5 * 60_000 - 10_000).toISOString(),
  role,
});
const ANNA = member('69a18451-606a-47ed-a6dd-5aeee7cc3d31', 'Anna', 'Schäfer', 'INSTITUTION_ADMIN');
const MAX = member('ef8aaf99-1823-4be6-829e-0adee8fcb570', 'Max', 'Weiß', 'INSTITUTION_MEMBER');
const INVITED = member('022c6e2f-68ab-4f2a-853f-96b153cb21e9', 'Ida', 'Neu', 'SUPPORT_USER', false);
const INSTITUTION: Institution = {
  id: ID,
  name: 'Praxis Sonnenschein',
  city: 'Hamburg',
  postalcode: '20095',
  street: 'Mönckebergstraße 7',
  trusted: false,
  theme: null,
  version: 1,
  users: [ANNA, MAX, INVITED],
  supportContacts: [],
};
/** The answer to Lena Neu's invitation: she is a member now, her account not yet activated. */
const invitedLena = () =>
  HttpResponse.json(member(crypto.randomUUID(), 'Lena', 'Neu', 'INSTITUTION_MEMBER', false), {
    status: 201,
  });
const problem = (status: number) => contractProblem(status, 'x', 'Serverseitiger Text');
const LAST_ADMIN =
  'Der letzte aktive Administrator einer Institution kann nicht entfernt oder herabgestuft werden.';

const server = setupMswServer();

function Harness({
  onChange,
  onUnsavedChangesChange,
}: {
  onChange?: (institution: Institution) => void;
  onUnsavedChangesChange?: (hasUnsavedChanges: boolean) => void;
}) {
  const [institution, setInstitution] = useState(INSTITUTION);
  return (
    <>
      {/* What the periodic reload brings when another admin saved meanwhile. */}
      <button
        type="button"
        onClick={() =>
          setInstitution((current) => ({
            ...current,
            street: 'Jungfernstieg 1',
            version: current.version + 1,
          }))
        }
      >
        Neu geladen
      </button>
      <InstitutionPage
        onUnsavedChangesChange={onUnsavedChangesChange}
        institution={institution}
        currentUserId={ANNA.id}
        onInstitutionChange={(change) =>
          setInstitution((current) => {
            const next = change(current);
            onChange?.(next);
            return next;
          })
        }
      >
        <section aria-label="Support-Zugriffe">Zugriffe der Supportmitarbeiter</section>
      </InstitutionPage>
    </>
  );
}

function renderPage(
  onChange?: (institution: Institution) => void,
  onUnsavedChangesChange?: (hasUnsavedChanges: boolean) => void,
) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <AppNotifications />
      <Link to="/dashboard">Zum Dashboard</Link>
      <Pathname />
      <Harness onChange={onChange} onUnsavedChangesChange={onUnsavedChangesChange} />
    </QueryClientProvider>,
    { route: '/institution' },
  );
}

/** Opens Benutzer einladen and types an address and names; answers the dialog. */
async function fillInvitation(email: string, firstName: string, lastName: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Benutzer einladen' });
  await userEvent.type(within(dialog).getByLabelText(/E-Mail/), email);
  await userEvent.type(within(dialog).getByLabelText(/Vorname/), firstName);
  await userEvent.type(within(dialog).getByLabelText(/Nachname/), lastName);
  return dialog;
}

describe('InstitutionPage', () => {
  it('lists users with role labels, invitation state and minutes since invite; renders children last', () => {
    renderPage();
    const rows = within(screen.getByTestId('institution-users')).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Rolle von Anna Schäfer' })).toHaveDisplayValue(
      'Administrator',
    );
    expect(screen.getByRole('combobox', { name: 'Rolle von Max Weiß' })).toHaveDisplayValue(
      'Mitglied',
    );
    expect(screen.getByRole('combobox', { name: 'Rolle von Ida Neu' })).toHaveDisplayValue(
      'Supportmitarbeiter',
    );
    expect(screen.getByText('Eingeladen vor 5 Minuten')).toBeInTheDocument();
    expect(screen.getAllByText('Aktiv')).toHaveLength(2);
    const support = screen.getByRole('region', { name: 'Support-Zugriffe' });
    const users = screen.getByRole('region', { name: 'Benutzer' });
    expect(users.compareDocumentPosition(support) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('saves the institution data and applies the change at once', async () => {
    let body: unknown;
    server.use(
      http.put(`*/api/institution/${ID}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...INSTITUTION, street: 'Jungfernstieg 1' });
      }),
    );
    const changes: Institution[] = [];
    renderPage((next) => changes.push(next));
    const street = screen.getByLabelText(/Straße und Hausnummer/);
    await userEvent.clear(street);
    await userEvent.type(street, 'Jungfernstieg 1');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Einstellungen wurden übernommen.')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Praxis Sonnenschein',
      postalcode: '20095',
      city: 'Hamburg',
      street: 'Jungfernstieg 1',
      version: 1,
    });
    expect(changes.at(-1)?.street).toBe('Jungfernstieg 1');
  });

  it("refuses a postal code that reaches no one ('00000') as the server would, without sending it", async () => {
    let puts = 0;
    server.use(
      http.put(`*/api/institution/${ID}`, () => {
        puts += 1;
        return HttpResponse.json(INSTITUTION);
      }),
    );
    renderPage();
    const postalcode = screen.getByLabelText(/Postleitzahl/);
    await userEvent.clear(postalcode);
    await userEvent.type(postalcode, '00000');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(postalcode).toHaveAccessibleDescription(
      'Bitte geben Sie eine gültige fünfstellige Postleitzahl ein.',
    );
    expect(puts).toBe(0);
  });

  it("a reload bringing another admin's change keeps what is typed (and its version); with nothing typed it shows the new data", async () => {
    let body: unknown;
    server.use(
      http.put(`*/api/institution/${ID}`, async ({ request }) => {
        body = await request.json();
        return contractProblem(409, 'Conflict');
      }),
    );
    renderPage();
    // Nothing typed: the new data shows.
    await userEvent.click(screen.getByRole('button', { name: 'Neu geladen' }));
    expect(screen.getByLabelText(/Straße/)).toHaveValue('Jungfernstieg 1');

    await userEvent.clear(screen.getByLabelText(/Ort/));
    await userEvent.type(screen.getByLabelText(/Ort/), 'Altona');
    await userEvent.click(screen.getByRole('button', { name: 'Neu geladen' }));
    // Typed input is not replaced by the reload …
    expect(screen.getByLabelText(/Ort/)).toHaveValue('Altona');
    // … and its save names the version it was typed on, so the server can refuse it.
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert', { name: 'Inzwischen geändert' })).toBeInTheDocument();
    expect(body).toMatchObject({ city: 'Altona', version: 2 });
  });

  it('a double click on Speichern saves once', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.put(`*/api/institution/${ID}`, async ({ request }) => {
        bodies.push(await request.json());
        await new Promise((resolve) => setTimeout(resolve, 50));
        return HttpResponse.json({ ...INSTITUTION, city: 'Altona', version: 2 });
      }),
    );
    renderPage();
    await userEvent.clear(screen.getByLabelText(/Ort/));
    await userEvent.type(screen.getByLabelText(/Ort/), 'Altona');
    // Two clicks within one moment (before React has drawn the button busy).
    const save = screen.getByRole('button', { name: 'Speichern' });
    fireEvent.click(save);
    fireEvent.click(save);
    expect(await screen.findByText('Einstellungen wurden übernommen.')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(screen.queryByText('Daten wurden nicht gespeichert.')).toBeNull();
  });

  it('a save over a change made meanwhile (409) keeps the input, says so, and loads the current data on request', async () => {
    const CURRENT = { ...INSTITUTION, street: 'Jungfernstieg 1', version: 2 };
    let body: unknown;
    server.use(
      http.put(`*/api/institution/${ID}`, async ({ request }) => {
        body = await request.json();
        return contractProblem(
          409,
          'Conflict',
          'Die Daten der Institution wurden inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert.',
        );
      }),
      http.get(`*/api/institution/${ID}`, () => HttpResponse.json(CURRENT)),
    );
    const changes: Institution[] = [];
    const reports: boolean[] = [];
    renderPage(
      (next) => changes.push(next),
      (dirty) => reports.push(dirty),
    );
    await userEvent.clear(screen.getByLabelText(/Ort/));
    await userEvent.type(screen.getByLabelText(/Ort/), 'Altona');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));

    const alert = await screen.findByRole('alert', { name: 'Inzwischen geändert' });
    expect(alert).toHaveTextContent(
      'Die Daten der Institution wurden inzwischen von jemand anderem geändert. Ihre Änderungen wurden nicht gespeichert. Laden Sie die aktuellen Daten und geben Sie Ihre Änderungen bei Bedarf erneut ein.',
    );
    expect(alert).toHaveFocus();
    expect(screen.getByText('Daten wurden nicht gespeichert.')).toBeInTheDocument();
    expect(body).toMatchObject({ city: 'Altona', version: 1 });
    // Nothing typed is lost, and leaving still asks.
    expect(screen.getByLabelText(/Ort/)).toHaveValue('Altona');
    expect(reports.at(-1)).toBe(true);
    expect(changes).toEqual([]);

    await userEvent.click(within(alert).getByRole('button', { name: 'Aktuelle Daten laden' }));
    await waitFor(() => expect(screen.getByLabelText(/Straße/)).toHaveValue('Jungfernstieg 1'));
    expect(screen.getByLabelText(/Ort/)).toHaveValue('Hamburg');
    expect(screen.queryByRole('alert', { name: 'Inzwischen geändert' })).toBeNull();
    expect(changes.at(-1)).toMatchObject({ street: 'Jungfernstieg 1', version: 2 });
    await waitFor(() => expect(reports.at(-1)).toBe(false));

    // The next save names the version now loaded.
    server.use(
      http.put(`*/api/institution/${ID}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...CURRENT, city: 'Altona', version: 3 });
      }),
    );
    await userEvent.clear(screen.getByLabelText(/Ort/));
    await userEvent.type(screen.getByLabelText(/Ort/), 'Altona');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Einstellungen wurden übernommen.')).toBeInTheDocument();
    expect(body).toMatchObject({ street: 'Jungfernstieg 1', city: 'Altona', version: 2 });
  });

  it('asks before typed institution data is left; staying keeps it, a saved change asks nothing', async () => {
    server.use(
      http.put(`*/api/institution/${ID}`, async () =>
        HttpResponse.json({ ...INSTITUTION, city: 'Altona' }),
      ),
    );
    const reports: boolean[] = [];
    renderPage(undefined, (hasUnsavedChanges) => reports.push(hasUnsavedChanges));
    const city = screen.getByLabelText(/Ort/);
    await userEvent.clear(city);
    await userEvent.type(city, 'Altona');
    // The shell asks before another institution replaces the page.
    expect(reports.at(-1)).toBe(true);

    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    expect(dialog).toHaveTextContent(
      'Sie haben Eingaben auf dieser Seite noch nicht gespeichert (Daten der Institution oder eine Einladung). Wenn Sie die Seite verlassen, gehen sie verloren. Trotzdem verlassen?',
    );
    expect(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Ort/)).toHaveValue('Altona');
    expect(screen.getByTestId('pathname')).toHaveTextContent('/institution');

    // Typed back to what is saved: nothing to lose.
    await userEvent.clear(screen.getByLabelText(/Ort/));
    await userEvent.type(screen.getByLabelText(/Ort/), 'Hamburg');
    expect(reports.at(-1)).toBe(false);
    await userEvent.type(screen.getByLabelText(/Ort/), 'X');
    await userEvent.clear(screen.getByLabelText(/Ort/));
    await userEvent.type(screen.getByLabelText(/Ort/), 'Altona');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Einstellungen wurden übernommen.')).toBeInTheDocument();
    await waitFor(() => expect(reports.at(-1)).toBe(false));
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a typed invitation is left by navigation; Abbrechen drops it without asking', async () => {
    const reports: boolean[] = [];
    renderPage(undefined, (hasUnsavedChanges) => reports.push(hasUnsavedChanges));
    const invitation = await fillInvitation('neu@example.org', 'Nina', 'Neu');
    expect(reports.at(-1)).toBe(true);

    // The browser's Back (any navigation) with the dialog open asks first.
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard', hidden: true }));
    const question = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await userEvent.click(within(question).getByRole('button', { name: 'Auf der Seite bleiben' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Ungespeicherte Änderungen' })).toBeNull(),
    );
    expect(within(invitation).getByLabelText(/Vorname/)).toHaveValue('Nina');

    await userEvent.click(within(invitation).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(reports.at(-1)).toBe(false));
  });

  it('Escape or × keeps a typed invitation: it opens again with it, leaving asks; Abbrechen drops it', async () => {
    const reports: boolean[] = [];
    renderPage(undefined, (hasUnsavedChanges) => reports.push(hasUnsavedChanges));
    let invitation = await fillInvitation('neu@example.org', 'Nina', 'Neu');
    await userEvent.selectOptions(within(invitation).getByLabelText('Rolle'), 'INSTITUTION_ADMIN');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Still typed input of this page.
    await waitFor(() => expect(reports.at(-1)).toBe(true));
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    const question = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
    await userEvent.click(within(question).getByRole('button', { name: 'Auf der Seite bleiben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
    invitation = await screen.findByRole('dialog', { name: 'Benutzer einladen' });
    expect(within(invitation).getByLabelText(/E-Mail/)).toHaveValue('neu@example.org');
    expect(within(invitation).getByLabelText(/Vorname/)).toHaveValue('Nina');
    expect(within(invitation).getByLabelText('Rolle')).toHaveValue('INSTITUTION_ADMIN');
    await userEvent.click(within(invitation).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
    invitation = await screen.findByRole('dialog', { name: 'Benutzer einladen' });
    expect(within(invitation).getByLabelText(/Nachname/)).toHaveValue('Neu');
    await userEvent.click(within(invitation).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(reports.at(-1)).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
    invitation = await screen.findByRole('dialog', { name: 'Benutzer einladen' });
    expect(within(invitation).getByLabelText(/E-Mail/)).toHaveValue('');
  });

  it('says "Daten wurden nicht gespeichert." when saving fails', async () => {
    server.use(http.put(`*/api/institution/${ID}`, () => problem(500)));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden nicht gespeichert.')).toBeInTheDocument();
  });

  it('invites: 409 shows the German message, success appends the user', async () => {
    let status = 409;
    server.use(
      http.post(`*/api/institution/${ID}/user`, () =>
        status === 409 ? problem(409) : invitedLena(),
      ),
    );
    renderPage();
    const dialog = await fillInvitation('lena@example.org', 'Lena', 'Neu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    // The notification, and the field's own message.
    expect(await screen.findAllByText('Die E-Mail-Adresse wird bereits verwendet.')).toHaveLength(
      2,
    );

    // Sent again unchanged (the member was removed meanwhile): it goes through.
    status = 201;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByText('User wurde erfolgreich eingeladen.')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Rolle von Lena Neu' })).toBeInTheDocument();
  });

  it("a member's address (409) is marked at the field, which takes the focus, until it is changed", async () => {
    let calls = 0;
    server.use(
      http.post(`*/api/institution/${ID}/user`, () => {
        calls += 1;
        return contractProblem(409, 'Conflict', 'Die E-Mail-Adresse wird bereits verwendet.');
      }),
    );
    renderPage();
    const dialog = await fillInvitation('Max@Example.org', 'Max', 'Weiß');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    const email = within(dialog).getByLabelText(/E-Mail/);
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeVisible();
    // Another address: the mark goes, and it is sent.
    await userEvent.clear(email);
    await userEvent.type(email, 'maximilian@example.org');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('a refused invitation puts the focus on the first field to fix', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer einladen' });
    await userEvent.type(within(dialog).getByLabelText(/E-Mail/), 'lena@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Vorname/)).toHaveFocus());
    expect(within(dialog).getByLabelText(/Vorname/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('inviting the address of an existing account says who was added', async () => {
    server.use(
      http.post(`*/api/institution/${ID}/user`, () =>
        HttpResponse.json(
          member(crypto.randomUUID(), 'Tom', 'Krüger', 'INSTITUTION_MEMBER', true),
          {
            status: 201,
          },
        ),
      ),
    );
    renderPage();
    const dialog = await fillInvitation('tom@example.org', 'Max', 'Weiß');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByText('User wurde erfolgreich eingeladen.')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Zu dieser E-Mail-Adresse gibt es bereits ein Konto: Tom Krüger wurde der Institution hinzugefügt.',
      ),
    ).toBeInTheDocument();
  });

  it('a double click on Einladen invites once', async () => {
    let posts = 0;
    server.use(
      http.post(`*/api/institution/${ID}/user`, () => {
        posts += 1;
        return posts > 1 ? problem(409) : invitedLena();
      }),
    );
    renderPage();
    const dialog = await fillInvitation('lena@example.org', 'Lena', 'Neu');
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByText('User wurde erfolgreich eingeladen.')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(screen.queryByText('Die E-Mail-Adresse wird bereits verwendet.')).toBeNull();
  });

  it('invite failure other than 409 says "Daten wurden nicht gespeichert."', async () => {
    server.use(http.post(`*/api/institution/${ID}/user`, () => problem(500)));
    renderPage();
    const dialog = await fillInvitation('lena@example.org', 'Lena', 'Neu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
    expect(await screen.findByText('Daten wurden nicht gespeichert.')).toBeInTheDocument();
  });

  it.each(['info@müller.de', 'anna..b@example.org'])(
    'refuses to invite %s as the server would, without sending it',
    async (address) => {
      let posts = 0;
      server.use(
        http.post(`*/api/institution/${ID}/user`, () => {
          posts += 1;
          return problem(400);
        }),
      );
      renderPage();
      await userEvent.click(screen.getByRole('button', { name: 'Benutzer einladen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Benutzer einladen' });
      const email = within(dialog).getByLabelText(/E-Mail/);
      await userEvent.type(email, address);
      await userEvent.type(within(dialog).getByLabelText(/Vorname/), 'Lena');
      await userEvent.type(within(dialog).getByLabelText(/Nachname/), 'Neu');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Einladen' }));
      expect(email).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      expect(posts).toBe(0);
    },
  );

  /** Opens the role list of a user and picks a role, as a person does. */
  async function chooseRole(field: string, role: string) {
    await userEvent.click(screen.getByRole('combobox', { name: field }));
    await userEvent.click(await screen.findByRole('option', { name: role }));
  }

  it('changes a role only when one is chosen: the arrow keys move through the list, Enter picks', async () => {
    const saved: string[] = [];
    server.use(
      http.put(`*/api/institution/${ID}/user/:userId`, async ({ request }) => {
        const { role } = (await request.json()) as { role: string };
        saved.push(role);
        return HttpResponse.json({ ...MAX, role });
      }),
    );
    renderPage();
    const field = screen.getByRole('combobox', { name: 'Rolle von Max Weiß' });
    field.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(saved).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(field).toHaveFocus();
  });

  it('changes a role with the exact texts of spec section 8', async () => {
    let fail = false;
    server.use(
      http.put(`*/api/institution/${ID}/user/:userId`, async ({ request }) =>
        fail
          ? contractProblem(409, 'Conflict', LAST_ADMIN)
          : HttpResponse.json({ ...MAX, role: ((await request.json()) as { role: string }).role }),
      ),
    );
    renderPage();
    await chooseRole('Rolle von Max Weiß', 'Administrator');
    expect(
      await screen.findByText(
        'Die Rolle von Nutzer Max Weiß wurde erfolgreich auf Administrator geändert.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rolle von Max Weiß' })).toHaveDisplayValue(
      'Administrator',
    );

    fail = true;
    await chooseRole('Rolle von Anna Schäfer', 'Mitglied');
    // The spec's message, then why the server refused (the last active admin).
    expect(
      await screen.findByText(
        `Die Rolle von Nutzer Anna Schäfer konnte nicht geändert werden. ${LAST_ADMIN}`,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Rolle von Anna Schäfer' })).toHaveDisplayValue(
        'Administrator',
      ),
    );
  });

  it('a user another admin removed meanwhile: the role change says why it failed and the list drops them', async () => {
    const GONE = 'Der Nutzer wurde in dieser Institution nicht gefunden.';
    server.use(
      http.put(`*/api/institution/${ID}/user/:userId`, () =>
        contractProblem(404, 'Not Found', GONE),
      ),
      http.get(`*/api/institution/${ID}`, () =>
        HttpResponse.json({ ...INSTITUTION, users: [ANNA, INVITED] }),
      ),
    );
    renderPage();
    await chooseRole('Rolle von Max Weiß', 'Administrator');
    expect(
      await screen.findByText(
        `Die Rolle von Nutzer Max Weiß konnte nicht geändert werden. ${GONE}`,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('combobox', { name: 'Rolle von Max Weiß' })).toBeNull(),
    );
    expect(screen.getByRole('combobox', { name: 'Rolle von Anna Schäfer' })).toBeInTheDocument();
  });

  it('deletes only after confirmation, with the exact texts', async () => {
    let deleted: string[] = [];
    let fail = true;
    server.use(
      http.delete(`*/api/institution/${ID}/user/:userId`, ({ params }) => {
        if (fail) return problem(500);
        deleted = [...deleted, params.userId as string];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Max Weiß löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen' });
    expect(dialog).toHaveTextContent(
      'Möchten Sie den Nutzer Max Weiß wirklich aus der Institution entfernen?',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(deleted).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Max Weiß löschen' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Benutzer löschen' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    expect(
      await screen.findByText('Nutzer Max Weiß konnte nicht gelöscht werden.'),
    ).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Max Weiß löschen' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Benutzer löschen' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    expect(
      await screen.findByText('Nutzer Max Weiß wurden erfolgreich gelöscht.'),
    ).toBeInTheDocument();
    expect(deleted).toEqual([MAX.id]);
    await waitFor(() =>
      expect(screen.queryByLabelText('Rolle von Max Weiß')).not.toBeInTheDocument(),
    );
  });

  it('warns admins who are about to remove themselves that they lose access; not for others', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Max Weiß löschen' }));
    let dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen' });
    expect(dialog).not.toHaveTextContent('Sie entfernen sich damit selbst');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: /Anna Schäfer .*löschen/ }));
    dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen' });
    expect(dialog).toHaveTextContent(
      'Möchten Sie den Nutzer Anna Schäfer wirklich aus der Institution entfernen?',
    );
    expect(dialog).toHaveTextContent(
      'Sie entfernen sich damit selbst und haben danach keinen Zugriff mehr auf diese Institution.',
    );
  });

  it('re-sends an invitation: "Email erneut versendet"', async () => {
    let calls = 0;
    server.use(
      http.post(`*/api/institution/${ID}/user/:userId/email/invitation`, () => {
        calls += 1;
        return new HttpResponse(null, { status: 204 });
      }),
      // The list is loaded again for the new link's validity.
      http.get(`*/api/institution/${ID}`, () => HttpResponse.json(INSTITUTION)),
    );
    renderPage();
    await userEvent.click(
      screen.getByRole('button', { name: 'Einladung erneut senden an Ida Neu' }),
    );
    expect(await screen.findByText('Email erneut versendet')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it("re-sending an expired invitation shows the new link's validity: the badge goes", async () => {
    const expired = {
      ...INVITED,
      invitationValidUntil: new Date(Date.now() - 60_000).toISOString(),
    };
    const renewedUntil = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
    let sent = false;
    server.use(
      http.post(`*/api/institution/${ID}/user/:userId/email/invitation`, () => {
        sent = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`*/api/institution/${ID}`, () =>
        HttpResponse.json({
          ...INSTITUTION,
          users: [
            ANNA,
            MAX,
            {
              ...INVITED,
              invitationValidUntil: sent ? renewedUntil : expired.invitationValidUntil,
            },
          ],
        }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    function ExpiredHarness() {
      const [institution, setInstitution] = useState({
        ...INSTITUTION,
        users: [ANNA, MAX, expired],
      });
      return (
        <InstitutionPage
          institution={institution}
          currentUserId={ANNA.id}
          onInstitutionChange={(change) => setInstitution((current) => change(current))}
        />
      );
    }
    renderWithProviders(
      <QueryClientProvider client={client}>
        <AppNotifications />
        <ExpiredHarness />
      </QueryClientProvider>,
    );
    const ida = within(screen.getByTestId('user-row-ida@example.org'));
    expect(ida.getByText('Einladung abgelaufen')).toBeVisible();
    await userEvent.click(ida.getByRole('button', { name: 'Einladung erneut senden an Ida Neu' }));
    expect(await screen.findByText('Email erneut versendet')).toBeInTheDocument();
    await waitFor(() => expect(ida.queryByText('Einladung abgelaufen')).toBeNull());
    expect(ida.getByText(/^Link gültig bis /)).toBeVisible();
  });

  it('a resend for a person who accepted meanwhile says why and shows the list as it is now', async () => {
    const ACTIVATED = 'Das Konto ist bereits aktiviert; eine Einladung ist nicht mehr nötig.';
    server.use(
      http.post(`*/api/institution/${ID}/user/:userId/email/invitation`, () =>
        contractProblem(409, 'Conflict', ACTIVATED),
      ),
      http.get(`*/api/institution/${ID}`, () =>
        HttpResponse.json({
          ...INSTITUTION,
          users: [ANNA, MAX, { ...INVITED, hasAccountActivated: true }],
        }),
      ),
    );
    renderPage();
    await userEvent.click(
      screen.getByRole('button', { name: 'Einladung erneut senden an Ida Neu' }),
    );
    expect(
      await screen.findByText(`Die Einladung konnte nicht versendet werden. ${ACTIVATED}`),
    ).toBeInTheDocument();
    // Ida accepted meanwhile: Aktiv, nothing left to resend.
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Einladung erneut senden an Ida Neu' }),
      ).toBeNull(),
    );
    expect(screen.getAllByText('Aktiv')).toHaveLength(3);
  });
});
