import { availableAppointments, tiOrderStatusRecord } from '@portal/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { contractJson, contractProblem } from '../../../test/contract-response';
import { setupMswServer } from '../../../test/msw-server';
import { renderWithProviders } from '../../../test/render';
import { PRECHECK_LIST_QUERY, PrecheckPicker } from './precheck-picker';

const IID = '3f7160e7-2970-47c7-b55f-9fcb35b83336';
const OID = 'b0f3c1d2-5a4e-4c7b-9e1f-2a3b4c5d6e04';
const server = setupMswServer();
afterEach(() => vi.useRealTimers());

const slot = (date: string, startTime: string, endTime: string) => ({ date, startTime, endTime });

describe('PrecheckPicker', () => {
  it('offers only slots whose start lies in the future on the clock of Europe/Berlin', async () => {
    // Thursday 2030-12-05, 09:30 UTC = 10:30 in Berlin.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    server.use(
      http.get('*/api/appointment/', () =>
        contractJson(availableAppointments, {
          availableAppointments: [
            slot('2030-12-04', '14:00', '16:00'),
            slot('2030-12-05', '08:00', '10:00'),
            slot('2030-12-05', '10:00', '12:00'),
            slot('2030-12-05', '12:00', '14:00'),
            slot('2030-12-06', '08:00', '10:00'),
          ],
        }),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PrecheckPicker
          institutionId={IID}
          orderId={OID}
          onBooked={() => {}}
          initialMonth={{ year: 2030, month: 12 }}
        />
      </QueryClientProvider>,
    );
    const calendar = await screen.findByTestId('precheck-calendar');
    const bookable = within(calendar)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(bookable).toEqual([
      'Termin am 05.12.2030, 12:00–14:00 buchen',
      'Termin am 06.12.2030, 08:00–10:00 buchen',
    ]);
  });

  it('lists the days with free slots, each with its weekday and date, on a phone', async () => {
    // A phone: the seven-column grid (720 px) would scroll sideways and cut the slots' labels.
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === PRECHECK_LIST_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    server.use(
      http.get('*/api/appointment/', () =>
        contractJson(availableAppointments, {
          availableAppointments: [
            slot('2030-12-06', '08:00', '10:00'),
            slot('2030-12-05', '12:00', '14:00'),
            slot('2030-12-05', '10:00', '12:00'),
          ],
        }),
      ),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PrecheckPicker
          institutionId={IID}
          orderId={OID}
          onBooked={() => {}}
          initialMonth={{ year: 2030, month: 12 }}
        />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Dezember 2030' });
    expect(screen.queryByRole('table')).toBeNull();
    const days = within(list).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual([
      'Donnerstag, 05.12.203010:00–12:0012:00–14:00',
      'Freitag, 06.12.203008:00–10:00',
    ]);
    expect(
      within(days[0] as HTMLElement).getByRole('button', {
        name: 'Termin am 05.12.2030, 10:00–12:00 buchen',
      }),
    ).toHaveTextContent('10:00–12:00');
    matchMedia.mockRestore();
  });

  it('books a slot only once the person confirms it; Abbrechen books nothing', async () => {
    const booked: unknown[] = [];
    server.use(
      http.get('*/api/appointment/', () =>
        contractJson(availableAppointments, {
          availableAppointments: [slot('2030-12-06', '08:00', '10:00')],
        }),
      ),
      http.post(`*/api/institution/${IID}/order/${OID}/precheck`, async ({ request }) => {
        booked.push(await request.json());
        return contractJson(tiOrderStatusRecord, {
          orderStatus: 'PRE_CHECK_BOOKED',
          isRegisteredAtEgbr: false,
          isEhbaCardRequested: false,
          isEhbaCardOrdered: false,
          isSmcbCardRequested: false,
          isSmcbCardOrdered: false,
          preCheckAppointment: '2030-12-06T08:00',
          installationAppointment: null,
          errorMessage: null,
          version: 1,
        });
      }),
    );
    const onBooked = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PrecheckPicker
          institutionId={IID}
          orderId={OID}
          onBooked={onBooked}
          initialMonth={{ year: 2030, month: 12 }}
        />
      </QueryClientProvider>,
    );
    const slotButton = await screen.findByRole('button', {
      name: 'Termin am 06.12.2030, 08:00–10:00 buchen',
    });
    await user.click(slotButton);
    let dialog = await screen.findByRole('dialog', { name: 'Vor-Check-Termin buchen' });
    expect(dialog).toHaveTextContent(
      'Möchten Sie den Vor-Check-Termin am 06.12.2030, 08:00–10:00 verbindlich buchen?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(booked).toEqual([]);

    await user.click(slotButton);
    dialog = await screen.findByRole('dialog', { name: 'Vor-Check-Termin buchen' });
    await user.click(within(dialog).getByRole('button', { name: 'Termin buchen' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(booked).toEqual([{ date: '2030-12-06', startTime: '08:00', endTime: '10:00' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  // Spec section 4: "Pre-check availability flag true on success, false on error."
  it("a failed load makes the appointments unavailable: 'Die Termine konnten nicht geladen werden.', with 'Erneut laden'", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    let decemberLoads = 0;
    server.use(
      http.get('*/api/appointment/', ({ request }) => {
        if (!new URL(request.url).searchParams.get('fromDate')?.startsWith('2030-12')) {
          return contractJson(availableAppointments, {
            availableAppointments: [slot('2031-01-06', '08:00', '10:00')],
          });
        }
        decemberLoads += 1;
        return contractProblem(500, 'Interner Fehler');
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PrecheckPicker
          institutionId={IID}
          orderId={OID}
          onBooked={() => {}}
          initialMonth={{ year: 2030, month: 12 }}
        />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Die Termine konnten nicht geladen werden. Bitte versuchen Sie es gleich noch einmal oder später.',
    );
    expect(screen.queryByTestId('precheck-calendar')).toBeNull();
    expect(screen.queryByRole('button', { name: /buchen$/ })).toBeNull();

    // Tried again in the same month: asked anew; still failing, it still says so.
    const loadsBefore = decemberLoads;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut laden' }));
    await waitFor(() => expect(decemberLoads).toBe(loadsBefore + 1));
    await waitFor(() =>
      expect(within(alert).getByRole('button', { name: 'Erneut laden' })).toBeEnabled(),
    );
    expect(screen.queryByTestId('precheck-calendar')).toBeNull();

    // The next month loads: available again, the alert gone.
    await userEvent.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    const calendar = await screen.findByTestId('precheck-calendar');
    expect(calendar).toHaveAttribute('data-available', 'true');
    expect(screen.queryByText(/Die Termine konnten nicht geladen werden/)).toBeNull();
    expect(
      within(calendar).getByRole('button', { name: 'Termin am 06.01.2031, 08:00–10:00 buchen' }),
    ).toBeInTheDocument();
  });

  it('opens on the current month in Germany, whatever zone the computer is set to', async () => {
    const zoneBefore = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // 20:30 on 31 October in Los Angeles = 04:30 on 1 November in Berlin.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-11-01T03:30:00Z') });
      const windows: string[] = [];
      server.use(
        http.get('*/api/appointment/', ({ request }) => {
          const url = new URL(request.url);
          windows.push(`${url.searchParams.get('fromDate')}…${url.searchParams.get('toDate')}`);
          return contractJson(availableAppointments, {
            availableAppointments: [slot('2030-11-04', '08:00', '10:00')],
          });
        }),
      );
      renderWithProviders(
        <QueryClientProvider client={createQueryClient()}>
          <PrecheckPicker institutionId={IID} orderId={OID} onBooked={() => {}} />
        </QueryClientProvider>,
      );
      expect(screen.getByTestId('precheck-month')).toHaveTextContent('November 2030');
      expect(
        await screen.findByRole('button', { name: 'Termin am 04.11.2030, 08:00–10:00 buchen' }),
      ).toBeInTheDocument();
      expect(windows).toEqual(['2030-11-01…2030-12-01']);
    } finally {
      process.env.TZ = zoneBefore;
    }
  });
});

describe('PrecheckPicker months', () => {
  it('does not go back before the current month (no past slots to offer), and keeps the button focusable', async () => {
    // Thursday 2030-12-05 in Berlin.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    const windows: string[] = [];
    server.use(
      http.get('*/api/appointment/', ({ request }) => {
        windows.push(new URL(request.url).searchParams.get('fromDate') ?? '');
        return contractJson(availableAppointments, { availableAppointments: [] });
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PrecheckPicker institutionId={IID} orderId={OID} onBooked={() => {}} />
      </QueryClientProvider>,
    );
    const month = await screen.findByTestId('precheck-month');
    expect(month).toHaveTextContent('Dezember 2030');
    const previous = screen.getByRole('button', { name: 'Vorheriger Monat' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(previous);
    expect(month).toHaveTextContent('Dezember 2030');

    await userEvent.click(screen.getByRole('button', { name: 'Nächster Monat' }));
    expect(month).toHaveTextContent('Januar 2031');
    expect(previous).toHaveAttribute('aria-disabled', 'false');
    previous.focus();
    await userEvent.keyboard('{Enter}');
    expect(month).toHaveTextContent('Dezember 2030');
    expect(previous).toHaveFocus();
    await waitFor(() => expect(windows).toContain('2031-01-01'));
    expect(windows.every((from) => from >= '2030-12-01')).toBe(true);
  });

  it('goes no further than the sixth month (the last the API books in), keeping the button focusable', async () => {
    // Thursday 2030-12-05 in Berlin: December 2030 to May 2031.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    const windows: string[] = [];
    server.use(
      http.get('*/api/appointment/', ({ request }) => {
        windows.push(new URL(request.url).searchParams.get('fromDate') ?? '');
        return contractJson(availableAppointments, { availableAppointments: [] });
      }),
    );
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <PrecheckPicker institutionId={IID} orderId={OID} onBooked={() => {}} />
      </QueryClientProvider>,
    );
    const month = await screen.findByTestId('precheck-month');
    const next = screen.getByRole('button', { name: 'Nächster Monat' });
    for (const name of ['Januar 2031', 'Februar 2031', 'März 2031', 'April 2031', 'Mai 2031']) {
      expect(next).toHaveAttribute('aria-disabled', 'false');
      await userEvent.click(next);
      expect(month).toHaveTextContent(name);
    }
    expect(next).toHaveAttribute('aria-disabled', 'true');
    next.focus();
    await userEvent.keyboard('{Enter}');
    expect(month).toHaveTextContent('Mai 2031');
    expect(next).toHaveFocus();
    await waitFor(() => expect(windows).toContain('2031-05-01'));
    expect(windows.every((from) => from < '2031-06-01')).toBe(true);
  });
});
