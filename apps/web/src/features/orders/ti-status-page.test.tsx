import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppNotifications } from '../../components/notifications';
import { createQueryClient } from '../../lib/query-client';
import { contractProblem } from '../../test/contract-response';
import { setupMswServer } from '../../test/msw-server';
import { renderWithProviders } from '../../test/render';
import { TiStatusPage } from './ti-status-page';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const OID = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04';
// The order itself (its date) for every test; a test about a missing order answers 404.
const server = setupMswServer(
  http.get(`*/api/institution/${IID}/order/${OID}`, () =>
    HttpResponse.json({
      id: OID,
      orderType: 'TIORDER',
      orderSource: 'QUNDO',
      status: 'SMCB_ORDERED',
      createdAt: '2025-10-06T09:30:00.000Z',
    }),
  ),
);
afterEach(() => vi.useRealTimers());

describe('TiStatusPage', () => {
  it('sends all five flags, clears the status while reloading after SMC-B ordered, shows error and appointments', async () => {
    let record = {
      orderStatus: 'HARDWARE_ORDERED',
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: false,
      preCheckAppointment: '2026-12-01T08:00',
      installationAppointment: null as string | null,
      errorMessage: 'Die SMC-B wurde vom Anbieter zurückgewiesen.',
      version: 4,
    };
    const puts: unknown[] = [];
    let gets = 0;
    // The reload after the change is held until the test has seen the status cleared (a fixed
    // delay could pass unseen on a busy machine).
    let releaseReload = () => {};
    const reloadReleased = new Promise<void>((resolve) => {
      releaseReload = resolve;
    });
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, async () => {
        gets += 1;
        if (gets > 1) await reloadReleased;
        return HttpResponse.json(record);
      }),
      http.put(`*/api/institution/${IID}/order-status/${OID}`, async ({ request }) => {
        const body = (await request.json()) as typeof record;
        puts.push(body);
        record = {
          ...record,
          ...body,
          orderStatus: body.isSmcbCardOrdered ? 'SMCB_ORDERED' : record.orderStatus,
          version: record.version + 1,
        };
        return HttpResponse.json(record);
      }),
      http.get('*/api/appointment/', () => HttpResponse.json({ availableAppointments: [] })),
    );
    const client = new QueryClient();
    renderWithProviders(
      <QueryClientProvider client={client}>
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const status = await screen.findByTestId('ti-current-status');
    expect(status).toHaveTextContent('Aktueller Status: Hardware bestellt');
    expect(screen.getByTestId('ti-error')).toHaveTextContent(
      'Die SMC-B wurde vom Anbieter zurückgewiesen.',
    );
    expect(screen.getByTestId('precheck-appointment')).toHaveTextContent('01.12.2026 08:00');
    expect(screen.getByTestId('installation-appointment')).toHaveTextContent(
      'noch nicht vereinbart',
    );

    await userEvent.click(screen.getByRole('checkbox', { name: 'SMC-B bestellt' }));
    await waitFor(() => expect(status).toHaveTextContent('Status wird aktualisiert …'));
    expect(status).not.toHaveTextContent('Hardware bestellt');
    releaseReload();
    await waitFor(() => expect(status).toHaveTextContent('Aktueller Status: SMC-B bestellt'));
    expect(puts).toEqual([
      {
        isRegisteredAtEgbr: true,
        isEhbaCardRequested: false,
        isEhbaCardOrdered: false,
        isSmcbCardRequested: true,
        isSmcbCardOrdered: true,
        version: 4,
      },
    ]);
    expect(gets).toBe(2);
  });

  it('a tick on flags someone else changed meanwhile (409) says so and shows what is stored now', async () => {
    const stored = {
      orderStatus: 'HARDWARE_ORDERED',
      isRegisteredAtEgbr: false,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: false,
      isSmcbCardOrdered: false,
      preCheckAppointment: null,
      installationAppointment: null,
      errorMessage: null,
      version: 1,
    };
    let record = stored;
    const puts: unknown[] = [];
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () => HttpResponse.json(record)),
      http.put(`*/api/institution/${IID}/order-status/${OID}`, async ({ request }) => {
        puts.push(await request.json());
        return contractProblem(409, 'Conflict', 'Geändert');
      }),
      http.get('*/api/appointment/', () => HttpResponse.json({ availableAppointments: [] })),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <AppNotifications />
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const egbr = await screen.findByRole('checkbox', { name: 'Beim eGBR registriert' });
    // Meanwhile another tab ticked 'eHBA beantragt'.
    record = { ...stored, isEhbaCardRequested: true, version: 2 };
    await userEvent.click(egbr);
    expect(
      await screen.findByText(
        'Der Bestellstatus wurde inzwischen von jemand anderem geändert. Ihre Änderung wurde nicht gespeichert; der aktuelle Stand wird angezeigt.',
      ),
    ).toBeInTheDocument();
    expect(puts).toEqual([expect.objectContaining({ isRegisteredAtEgbr: true, version: 1 })]);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'eHBA beantragt' })).toBeChecked(),
    );
    expect(screen.getByRole('checkbox', { name: 'Beim eGBR registriert' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Beim eGBR registriert' })).toBeEnabled();
  });

  it('a booking refused because the order got its pre-check meanwhile (another window) shows that booking, not "taken"', async () => {
    // Thursday 2030-12-05, 10:30 in Berlin: the month shown is December 2030.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    const open = {
      orderStatus: 'SMCB_ORDERED',
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: true,
      isEhbaCardOrdered: true,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: true,
      preCheckAppointment: null as string | null,
      installationAppointment: null,
      errorMessage: null,
      version: 3,
    };
    let record = open;
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () => HttpResponse.json(record)),
      http.get('*/api/appointment/', () =>
        HttpResponse.json({
          availableAppointments: [{ date: '2030-12-06', startTime: '08:00', endTime: '10:00' }],
        }),
      ),
      http.post(`*/api/institution/${IID}/order/${OID}/precheck`, () =>
        contractProblem(
          409,
          'Conflict',
          'Für diesen Auftrag ist bereits ein Vor-Check-Termin gebucht.',
        ),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <AppNotifications />
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const slot = await screen.findByRole('button', {
      name: 'Termin am 06.12.2030, 08:00–10:00 buchen',
    });
    // Meanwhile the same order's pre-check was booked in another window.
    record = { ...open, orderStatus: 'PRE_CHECK_BOOKED', preCheckAppointment: '2030-12-09T10:00' };
    await userEvent.click(slot);
    await userEvent.click(await screen.findByRole('button', { name: 'Termin buchen' }));
    expect(
      await screen.findByText(
        'Für diesen Auftrag wurde inzwischen ein Vor-Check-Termin gebucht, etwa in einem anderen Fenster. Der gebuchte Termin wird angezeigt.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('precheck-appointment')).toHaveTextContent('09.12.2030 10:00');
    expect(screen.getByText('Ihr Vor-Check-Termin ist gebucht.')).toBeInTheDocument();
    expect(
      screen.queryByText(
        'Dieser Termin ist nicht mehr verfügbar. Bitte wählen Sie einen anderen Termin.',
      ),
    ).toBeNull();
  });

  it('after booking with the keyboard the focus is on the confirmation, not on the calendar table', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    const open = {
      orderStatus: 'SMCB_ORDERED',
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: true,
      isEhbaCardOrdered: true,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: true,
      preCheckAppointment: null as string | null,
      installationAppointment: null,
      errorMessage: null,
      version: 3,
    };
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () => HttpResponse.json(open)),
      http.get('*/api/appointment/', () =>
        HttpResponse.json({
          availableAppointments: [{ date: '2030-12-06', startTime: '08:00', endTime: '10:00' }],
        }),
      ),
      http.post(`*/api/institution/${IID}/order/${OID}/precheck`, () =>
        HttpResponse.json({
          ...open,
          orderStatus: 'PRE_CHECK_BOOKED',
          preCheckAppointment: '2030-12-06T08:00',
          version: 4,
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={new QueryClient()}>
        <AppNotifications />
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const slot = await screen.findByRole('button', {
      name: 'Termin am 06.12.2030, 08:00–10:00 buchen',
    });
    slot.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Vor-Check-Termin buchen' });
    within(dialog).getByRole('button', { name: 'Termin buchen' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const confirmation = await screen.findByTestId('precheck-booked');
    expect(confirmation).toHaveTextContent('Ihr Vor-Check-Termin ist gebucht.');
    await waitFor(() => expect(document.activeElement).toBe(confirmation));
    expect(screen.getByTestId('precheck-appointment')).toHaveTextContent('06.12.2030 08:00');
  });

  it('a failed reload after SMC-B ordered keeps the ticks and appointments shown, not an empty page', async () => {
    const record = {
      orderStatus: 'HARDWARE_ORDERED',
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: false,
      preCheckAppointment: null,
      installationAppointment: '2026-12-10T09:00',
      errorMessage: null,
      version: 2,
    };
    let gets = 0;
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () => {
        gets += 1;
        return gets === 1
          ? HttpResponse.json(record)
          : contractProblem(500, 'Internal Server Error');
      }),
      http.put(`*/api/institution/${IID}/order-status/${OID}`, async ({ request }) =>
        HttpResponse.json({
          ...record,
          ...((await request.json()) as object),
          orderStatus: 'SMCB_ORDERED',
          version: 3,
        }),
      ),
      http.get('*/api/appointment/', () => HttpResponse.json({ availableAppointments: [] })),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'SMC-B bestellt' }));
    await waitFor(() => expect(gets).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'SMC-B bestellt' })).toBeEnabled(),
    );
    expect(screen.getByRole('checkbox', { name: 'SMC-B bestellt' })).toBeChecked();
    expect(screen.getByTestId('installation-appointment')).toHaveTextContent('10.12.2026 09:00');
  });

  it('a tick with the space bar keeps the focus on its box while it is saved; a second tick meanwhile is ignored', async () => {
    const record = {
      orderStatus: 'HARDWARE_ORDERED',
      isRegisteredAtEgbr: false,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: false,
      isSmcbCardOrdered: false,
      preCheckAppointment: null,
      installationAppointment: null,
      errorMessage: null,
      version: 1,
    };
    const puts: unknown[] = [];
    let releasePut = () => {};
    const putReleased = new Promise<void>((resolve) => {
      releasePut = resolve;
    });
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () => HttpResponse.json(record)),
      http.put(`*/api/institution/${IID}/order-status/${OID}`, async ({ request }) => {
        const body = (await request.json()) as object;
        puts.push(body);
        await putReleased;
        return HttpResponse.json({ ...record, ...body, version: 2 });
      }),
      http.get('*/api/appointment/', () => HttpResponse.json({ availableAppointments: [] })),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const egbr = await screen.findByRole('checkbox', { name: 'Beim eGBR registriert' });
    egbr.focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(puts).toHaveLength(1));
    // Saving: the box stays focusable (a disabled one drops the focus to the page) and busy.
    expect(egbr).not.toBeDisabled();
    expect(egbr).toHaveFocus();
    expect(egbr).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard(' ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'eHBA beantragt' }));
    releasePut();
    await waitFor(() => expect(egbr).toHaveAttribute('aria-disabled', 'false'));
    expect(puts).toHaveLength(1);
    expect(egbr).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'eHBA beantragt' })).not.toBeChecked();
  });

  it('an order the institution does not have (a link from another institution) says so, not an empty page', async () => {
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () =>
        contractProblem(404, 'Not Found'),
      ),
      http.get(`*/api/institution/${IID}/order/${OID}`, () => contractProblem(404, 'Not Found')),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('order-not-found')).toHaveTextContent(
      'Dieser Auftrag wurde nicht gefunden.',
    );
    expect(screen.getByRole('link', { name: 'Zu den Aufträgen' })).toBeInTheDocument();
  });

  it("a server error on the first load says so (not 'not found', not a blank page) and 'Erneut laden' shows the order", async () => {
    let isDown = true;
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () =>
        isDown
          ? contractProblem(503, 'Service Unavailable')
          : HttpResponse.json({
              orderStatus: 'SMCB_ORDERED',
              isRegisteredAtEgbr: true,
              isEhbaCardRequested: false,
              isEhbaCardOrdered: false,
              isSmcbCardRequested: true,
              isSmcbCardOrdered: true,
              preCheckAppointment: null,
              installationAppointment: null,
              errorMessage: null,
              version: 1,
            }),
      ),
      http.get('*/api/appointment/', () => HttpResponse.json({ availableAppointments: [] })),
    );
    renderWithProviders(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Der Bestellstatus konnte nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByTestId('order-not-found')).toBeNull();

    isDown = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    expect(await screen.findByTestId('ti-current-status')).toHaveTextContent(
      'Aktueller Status: SMC-B bestellt',
    );
    expect(screen.getByRole('checkbox', { name: 'SMC-B bestellt' })).toBeChecked();
  });

  it('says which order it is: the date it was created, on screen and so on paper', async () => {
    const record = {
      orderStatus: 'SMCB_ORDERED',
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: false,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: true,
      preCheckAppointment: null,
      installationAppointment: null,
      errorMessage: null,
      version: 1,
    };
    server.use(
      http.get(`*/api/institution/${IID}/order-status/${OID}`, () => HttpResponse.json(record)),
      http.get('*/api/appointment/', () => HttpResponse.json({ availableAppointments: [] })),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <TiStatusPage institutionId={IID} orderId={OID} breadcrumbs={[]} />
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('ti-created-at')).toHaveTextContent('Angelegt am: 06.10.2025');
  });
});
