import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppNotifications } from '../../components/notifications';
import { contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { Pathname, renderWithProviders } from '../../test/render';
import { AccountPage } from './account-page';
import { putEmail } from './api/update-email';

const USER = 'ef8aaf99-1823-4be6-829e-0adee8fcb570';
const DATA = {
  firstName: 'Max',
  lastName: 'Weiß',
  email: 'max.mitglied@praxis-sonnenschein.de',
  is2FAActivated: false,
  formOfAddress: 'Herr',
  title: null,
  onboardedByClient: 'as-bremen',
  hasAccountActivated: true,
};
const problem = (status: number) => contractProblem(status, 'x', 'Der Code ist ungültig.');

const server = setupMswServer();

function renderPage(props: Partial<Parameters<typeof AccountPage>[0]> = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const readTwoFactorStatus = vi.fn(async () => false);
  const renewTwoFactorStatus = vi.fn(async () => true);
  renderWithProviders(
    <QueryClientProvider client={client}>
      <AppNotifications />
      <Link to="/dashboard">Zum Dashboard</Link>
      <Pathname />
      <AccountPage
        userId={USER}
        institutionId={null}
        isImpersonating={false}
        readTwoFactorStatus={readTwoFactorStatus}
        renewTwoFactorStatus={renewTwoFactorStatus}
        {...props}
      />
    </QueryClientProvider>,
    { route: '/account' },
  );
  return { readTwoFactorStatus, renewTwoFactorStatus };
}

describe('AccountPage', () => {
  it('with an external identity provider says where e-mail, password and second factor are changed, and offers no change', async () => {
    server.use(http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)));
    renderPage({ credentialsAtProvider: true });
    // Names stay editable.
    expect(await screen.findByLabelText(/Vorname/)).toBeEnabled();
    expect(screen.getByText(`${DATA.email}`)).toBeInTheDocument();
    for (const text of [
      'Die E-Mail-Adresse wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
      'Das Passwort wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
      'Die Zwei-Faktor-Authentifizierung wird beim Identitätsanbieter verwaltet und kann hier nicht geändert werden.',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'E-Mail-Adresse' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Passwort' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Neue E-Mail-Adresse')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Aktuelles Passwort')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }),
    ).not.toBeInTheDocument();
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Nicht aktiv');
  });

  it('asks before typed names, an e-mail address or a password are left; not when nothing is typed', async () => {
    server.use(http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)));
    renderPage();
    const firstName = await screen.findByLabelText(/Vorname/);
    const leave = async () => {
      await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
      const dialog = await screen.findByRole('dialog', { name: 'Ungespeicherte Änderungen' });
      expect(dialog).toHaveTextContent(
        'Sie haben ungespeicherte Änderungen auf dieser Seite. Wenn Sie die Seite verlassen, gehen sie verloren. Trotzdem verlassen?',
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Auf der Seite bleiben' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByTestId('pathname')).toHaveTextContent('/account');
    };
    await userEvent.type(firstName, 'ine');
    await leave();
    expect(firstName).toHaveValue('Maxine');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Max');

    await userEvent.type(screen.getByLabelText('Neue E-Mail-Adresse'), 'max@example.org');
    await leave();
    await userEvent.clear(screen.getByLabelText('Neue E-Mail-Adresse'));

    await userEvent.type(screen.getByLabelText(/Aktuelles Passwort/), 'geheim');
    await leave();
    await userEvent.clear(screen.getByLabelText(/Aktuelles Passwort/));

    // Nothing typed any more: the link leads away without a question.
    await userEvent.click(screen.getByRole('link', { name: 'Zum Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('pathname')).toHaveTextContent('/dashboard'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the account data, its loading heard by screen readers', async () => {
    server.use(http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)));
    renderPage();
    // Heard while it loads: a status region's text (its aria-label alone was never read).
    expect(
      screen
        .getAllByRole('status')
        .some((status) => status.textContent?.includes('Kontodaten werden geladen …')),
    ).toBe(true);
    expect(await screen.findByLabelText(/Vorname/)).toHaveValue('Max');
    expect(screen.getByText(DATA.email)).toBeInTheDocument();
    expect(await screen.findByTestId('two-factor-status')).toHaveTextContent('Nicht aktiv');
  });

  it("says that the account data could not be loaded, and 'Erneut laden' shows them", async () => {
    let isDown = true;
    server.use(
      http.get('*/api/accountdata/:userId', () =>
        isDown ? problem(500) : HttpResponse.json(DATA),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Ihre Kontodaten konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByLabelText(/Vorname/)).toBeNull();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByLabelText(/Vorname/)).toHaveValue('Max');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('activates two-factor: wrong code refused, then the status comes from the renewed token', async () => {
    let attempts = 0;
    server.use(
      http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
      http.post('*/api/user/2fa/init', () =>
        HttpResponse.json({
          otpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpAuthUri:
            'otpauth://totp/Institutionsportal:max?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        }),
      ),
      http.post('*/api/user/2fa/activate', () => {
        attempts += 1;
        return attempts === 1 ? problem(400) : new HttpResponse(null, { status: 204 });
      }),
    );
    const { renewTwoFactorStatus } = renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }),
    );
    expect(await screen.findByTestId('otp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    // The pressed button is gone: the focus is on the new step's instructions, not the page;
    // Abbrechen leads back to the button, and the set-up starts again from there.
    expect(screen.getByText(/QR-Code/)).toHaveFocus();
    // The key is the way back to the app on a new phone: said while it is shown.
    expect(
      screen.getByText(/^Notieren Sie den Schlüssel und bewahren Sie ihn sicher auf/),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(
      screen.getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }),
    ).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('otp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByText(/QR-Code/)).toHaveFocus();
    await userEvent.type(screen.getByLabelText('Einmalcode'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
    // What to type instead, not only that it was wrong.
    expect(
      await screen.findByText(
        'Der Code ist ungültig. Geben Sie den Einmalcode ein, den Ihre Authenticator-App gerade anzeigt; er wechselt alle 30 Sekunden.',
      ),
    ).toBeInTheDocument();
    expect(renewTwoFactorStatus).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-status')).toHaveTextContent('Aktiv'));
    expect(renewTwoFactorStatus).toHaveBeenCalledTimes(1);
  });

  it("says a code already used is used, as the server names it, not 'ungültig'", async () => {
    const used =
      'Dieser Code wurde bereits verwendet. Bitte warten Sie, bis Ihre Authenticator-App einen neuen Code anzeigt, und geben Sie diesen ein.';
    server.use(
      http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
      http.post('*/api/user/2fa/init', () =>
        HttpResponse.json({
          otpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpAuthUri:
            'otpauth://totp/Institutionsportal:max?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        }),
      ),
      http.post('*/api/user/2fa/activate', () =>
        contractProblem(400, 'Bad Request', used, [{ path: 'body.otpCode', message: used }]),
      ),
    );
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }),
    );
    await userEvent.type(await screen.findByLabelText('Einmalcode'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Aktivieren' }));
    expect(await screen.findByText(used)).toBeInTheDocument();
    expect(screen.queryByText('Der Code ist ungültig.')).not.toBeInTheDocument();
  });

  it('shows the German message when the new e-mail address is in use', async () => {
    server.use(
      http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
      http.post('*/api/user/confirmPassword', () => HttpResponse.json({ confirmation: 'c1' })),
      http.put('*/api/user/updateEmail', () => problem(409)),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Neue E-Mail-Adresse'), 'anna@example.org');
    await userEvent.type(screen.getByLabelText('Passwort zur Bestätigung'), 'Geheim-123');
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    expect(
      await screen.findByText('Die E-Mail-Adresse wird bereits verwendet.'),
    ).toBeInTheDocument();
  });

  it('asks for a new address with the current password: a link goes to it, and the page shows it waiting', async () => {
    const NEW = 'max.neu@example.org';
    const sent: { body: unknown; confirmation: string | null }[] = [];
    server.use(
      http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
      http.post('*/api/user/confirmPassword', () => HttpResponse.json({ confirmation: 'c1' })),
      http.put('*/api/user/updateEmail', async ({ request }) => {
        sent.push({
          body: await request.json(),
          confirmation: request.headers.get('X-Password-Confirmation'),
        });
        return HttpResponse.json({ ...DATA, pendingEmail: NEW });
      }),
    );
    renderPage();
    const field = await screen.findByLabelText('Neue E-Mail-Adresse');
    await userEvent.type(field, NEW);
    // Without the password nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    const password = screen.getByLabelText('Passwort zur Bestätigung');
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining('Bitte geben Sie Ihr aktuelles Passwort ein.'),
    );
    expect(password).toHaveFocus();
    expect(sent).toHaveLength(0);

    await userEvent.type(password, 'Geheim-123');
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    expect(
      await screen.findByText(
        `Wir haben einen Link an ${NEW} gesendet. Die neue Adresse gilt, sobald Sie ihn öffnen und bestätigen.`,
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ body: { email: NEW }, confirmation: 'c1' }]);
    expect(screen.getByTestId('pending-email')).toHaveTextContent(`Wartet auf Bestätigung: ${NEW}`);
    expect(screen.getByText(DATA.email)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(password).toHaveValue('');
  });

  it('a wrong current password is said at the password field, and no change is sent', async () => {
    let puts = 0;
    server.use(
      http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
      http.post('*/api/user/confirmPassword', () =>
        contractProblem(403, 'Forbidden', 'Das aktuelle Passwort ist nicht korrekt.'),
      ),
      http.put('*/api/user/updateEmail', () => {
        puts += 1;
        return HttpResponse.json(DATA);
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Neue E-Mail-Adresse'), 'max@example.org');
    const password = screen.getByLabelText('Passwort zur Bestätigung');
    await userEvent.type(password, 'falsch');
    await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription(
        expect.stringContaining('Das aktuelle Passwort ist nicht korrekt.'),
      ),
    );
    expect(password).toHaveFocus();
    expect(puts).toBe(0);
  });

  it('shows a change that waits for its link after a reload', async () => {
    server.use(
      http.get('*/api/accountdata/:userId', () =>
        HttpResponse.json({ ...DATA, pendingEmail: 'max.neu@example.org' }),
      ),
    );
    renderPage();
    expect(await screen.findByTestId('pending-email')).toHaveTextContent(
      'Wartet auf Bestätigung: max.neu@example.org',
    );
  });

  it('returns to the current password when the confirmation has expired (403), then saves', async () => {
    const confirmations: string[] = [];
    server.use(
      http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
      http.post('*/api/user/confirmPassword', () => {
        confirmations.push(`c${confirmations.length + 1}`);
        return HttpResponse.json({ confirmation: confirmations.at(-1) });
      }),
      http.put('*/api/user/updatePassword', ({ request }) =>
        request.headers.get('X-Password-Confirmation') === 'c1'
          ? contractProblem(
              403,
              'Forbidden',
              'Bitte bestätigen Sie zuerst Ihr aktuelles Passwort (die Bestätigung ist 5 Minuten gültig).',
            )
          : new HttpResponse(null, { status: 204 }),
      ),
    );
    renderPage();
    const confirmCurrent = async () => {
      await userEvent.type(await screen.findByLabelText('Aktuelles Passwort'), 'Altes-Passwort-1');
      await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    };
    await confirmCurrent();
    await userEvent.type(
      await screen.findByLabelText('Neues Passwort'),
      'Wolkenkratzer-Zitrone-42',
    );
    await userEvent.type(
      screen.getByLabelText('Neues Passwort wiederholen'),
      'Wolkenkratzer-Zitrone-42',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));

    const current = await screen.findByLabelText('Aktuelles Passwort');
    expect(current).toHaveValue('');
    expect(current).toHaveAccessibleDescription(/Bestätigung ist 5 Minuten gültig/);
    expect(screen.queryByLabelText('Neues Passwort')).toBeNull();

    await confirmCurrent();
    expect(await screen.findByLabelText('Neues Passwort')).toHaveValue('Wolkenkratzer-Zitrone-42');
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Ihr Passwort wurde geändert.')).toBeInTheDocument();
    expect(confirmations).toEqual(['c1', 'c2']);
  });

  it('rates a password from the e-mail address parts weak, as the server does, and sends nothing', async () => {
    let puts = 0;
    server.use(
      http.get('*/api/accountdata/:userId', () =>
        HttpResponse.json({
          ...DATA,
          firstName: 'Sara',
          lastName: 'Öztürk',
          email: 'sara.support@abrechnungszentrum-nord.de',
        }),
      ),
      http.post('*/api/user/confirmPassword', () => HttpResponse.json({ confirmation: 'c1' })),
      http.put('*/api/user/updatePassword', () => {
        puts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByLabelText('Aktuelles Passwort'), 'Altes-Passwort-1');
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await userEvent.type(await screen.findByLabelText('Neues Passwort'), 'abrechnungszentrumnord');
    expect(await screen.findByText('Passwortstärke: Schwach')).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('Neues Passwort wiederholen'),
      'abrechnungszentrumnord',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(
      await screen.findByText(
        'Das Passwort besteht fast nur aus Ihrem Namen oder Ihrer E-Mail-Adresse und ist deshalb leicht zu erraten. Bitte wählen Sie ein anderes Passwort.',
      ),
    ).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it.each(['info@müller.de', 'anna..b@example.org'])(
    'refuses %s as the server would, without sending it',
    async (address) => {
      let puts = 0;
      server.use(
        http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)),
        http.put('*/api/user/updateEmail', () => {
          puts += 1;
          return HttpResponse.json(DATA);
        }),
      );
      renderPage();
      const field = await screen.findByLabelText('Neue E-Mail-Adresse');
      await userEvent.type(field, address);
      await userEvent.click(screen.getByRole('button', { name: 'E-Mail-Adresse ändern' }));
      expect(field).toHaveAccessibleDescription('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
      expect(puts).toBe(0);
    },
  );

  it('disables e-mail, password and two-factor changes while impersonating', async () => {
    server.use(http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)));
    renderPage({ isImpersonating: true });
    expect(await screen.findByLabelText('Neue E-Mail-Adresse')).toBeDisabled();
    expect(screen.getByLabelText('Aktuelles Passwort')).toBeDisabled();
    expect(
      await screen.findByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }),
    ).toBeDisabled();
  });
});

describe('putEmail', () => {
  it('never sends two changes at once', async () => {
    let requests = 0;
    let release: () => void = () => {};
    server.use(
      http.put('*/api/user/updateEmail', async () => {
        requests += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ ...DATA, email: 'neu@example.org' });
      }),
    );
    const first = putEmail('neu@example.org', 'c1');
    const second = putEmail('anders@example.org', 'c2');
    await waitFor(() => expect(requests).toBe(1));
    release();
    await expect(first).resolves.toMatchObject({ email: 'neu@example.org' });
    await expect(second).resolves.toMatchObject({ email: 'neu@example.org' });
    expect(requests).toBe(1);
  });

  describe('re-sending the invitation (spec section 8)', () => {
    const INSTITUTION = '11111111-1111-4111-8111-111111111111';
    const invitationPath = `*/api/institution/${INSTITUTION}/user/${USER}/email/invitation`;
    const notActivated = () =>
      server.use(
        http.get('*/api/accountdata/:userId', () =>
          HttpResponse.json({ ...DATA, hasAccountActivated: false }),
        ),
      );
    const resend = async () => {
      renderPage({ institutionId: INSTITUTION });
      expect(await screen.findByTestId('invitation-state')).toHaveTextContent(
        'Ihr Konto ist noch nicht aktiviert.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Einladung erneut senden' }));
    };

    it("success says 'Email erneut versendet'", async () => {
      notActivated();
      const sent: string[] = [];
      server.use(
        http.post(invitationPath, ({ request }) => {
          sent.push(new URL(request.url).pathname);
          return new HttpResponse(null, { status: 204 });
        }),
      );
      await resend();
      expect(await screen.findByText('Email erneut versendet')).toBeInTheDocument();
      expect(screen.queryByText('Die Einladung konnte nicht versendet werden.')).toBeNull();
      expect(sent).toEqual([`/api/institution/${INSTITUTION}/user/${USER}/email/invitation`]);
    });

    it("a failure says 'Die Einladung konnte nicht versendet werden.', not the success", async () => {
      notActivated();
      server.use(http.post(invitationPath, () => contractProblem(500, 'Interner Fehler')));
      await resend();
      expect(
        await screen.findByText('Die Einladung konnte nicht versendet werden.'),
      ).toBeInTheDocument();
      expect(screen.queryByText('Email erneut versendet')).toBeNull();
    });

    it('a double click sends one mail (a second would void the link of the first)', async () => {
      notActivated();
      let sent = 0;
      server.use(
        http.post(invitationPath, async () => {
          sent += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return new HttpResponse(null, { status: 204 });
        }),
      );
      renderPage({ institutionId: INSTITUTION });
      const button = await screen.findByRole('button', { name: 'Einladung erneut senden' });
      // Two clicks within one moment (before React has drawn the button busy).
      fireEvent.click(button);
      fireEvent.click(button);
      expect(await screen.findByText('Email erneut versendet')).toBeInTheDocument();
      expect(sent).toBe(1);
    });

    it('an activated account is offered no re-sending', async () => {
      server.use(http.get('*/api/accountdata/:userId', () => HttpResponse.json(DATA)));
      renderPage({ institutionId: INSTITUTION });
      expect(await screen.findByTestId('invitation-state')).toHaveTextContent(
        'Ihr Konto ist aktiviert.',
      );
      expect(screen.queryByRole('button', { name: 'Einladung erneut senden' })).toBeNull();
    });
  });
});
