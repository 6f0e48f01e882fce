import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type Appointment,
  isUpcomingSlot,
  PRECHECK_BOOKING_MONTHS,
  type TiOrderStatusRecord,
} from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { focusInPlace } from '../../../components/focus-fallback';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { notifyError, notifySuccess } from '../../../components/notifications';
import { ScrollTable } from '../../../components/scroll-table';
import { isApiError } from '../../../lib/api-client';
import { germanMonth } from '../../../lib/german-today';
import { orders as t } from '../../../messages/de';
import { appointmentsQueryOptions, bookPrecheck } from '../api/orders-api';
import {
  addMonths,
  type MonthValue,
  monthGrid,
  monthWindow,
  slotLabel,
  slotsByDate,
} from '../model/appointment-month';
import { formatDate } from '../model/formats';
import classes from './precheck-picker.module.css';

/**
 * Below this width the month is a list of the days with free slots instead of the seven-column
 * grid: on a phone the grid (720 px) scrolled sideways, and its slots' labels were cut
 * ('10:00–12:'). Mantine's sm breakpoint, where the shell turns to its phone layout.
 */
export const PRECHECK_LIST_QUERY = '(max-width: 48em)';

/** 'Donnerstag, 26.11.2026' of an ISO date (the weekday of that calendar day). */
const dayHeading = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return `${t.precheck.weekdayNames[(weekday + 6) % 7]}, ${formatDate(isoDate)}`;
};

const monthName = (month: MonthValue) =>
  new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' }).format(
    new Date(month.year, month.month - 1, 1),
  );

export interface PrecheckPickerProps {
  institutionId: string;
  orderId: string;
  onBooked(record: TiOrderStatusRecord): void;
  /** The order has its pre-check: slots are shown, no longer bookable. */
  booked?: boolean;
  /**
   * Loads the order's status record anew after a refused booking (409) and answers it: booked
   * meanwhile (another window, a colleague) or the slot taken by someone else.
   */
  reload?(): Promise<TiOrderStatusRecord | undefined>;
  /** First month shown (default: the current month). */
  initialMonth?: MonthValue;
}

/**
 * Pre-check appointment picker by month: free slots of the month (first of the month to the
 * first of the next), weeks starting on Monday, six weeks shown.
 */
export function PrecheckPicker({
  institutionId,
  orderId,
  onBooked,
  booked = false,
  reload,
  initialMonth,
}: PrecheckPickerProps) {
  // The current month in Germany (decision 012), as the slots' days and times are German ones.
  const [month, setMonth] = useState<MonthValue>(() => initialMonth ?? germanMonth());
  // Months before the current one have no slots to offer: there the picker had said 'In diesem
  // Monat sind keine Termine frei.' for every month one went back.
  const current = germanMonth();
  const isFirstMonth = month.year * 12 + month.month <= current.year * 12 + current.month;
  // Nor beyond the months a pre-check can be booked in (the API refuses those, decision 018):
  // it had gone on month after month, into years no practice plans a pre-check for.
  const isLastMonth =
    month.year * 12 + month.month >=
    current.year * 12 + current.month + PRECHECK_BOOKING_MONTHS - 1;
  const window = monthWindow(month);
  const options = appointmentsQueryOptions(window.fromDate, window.toDate);
  const query = useQuery(options);
  const client = useQueryClient();
  // Read while rendering (not after a first paint of the grid), so a phone never shows the grid.
  const isList = useMediaQuery(PRECHECK_LIST_QUERY, false, { getInitialValueInEffect: false });
  const [booking, setBooking] = useState<string | null>(null);
  // The slot chosen, waiting for the person's confirmation: a booking commits the practice to
  // the appointment and cannot be changed here, so a slip of the finger must not book it.
  const [chosen, setChosen] = useState<Appointment | null>(null);
  // After a booking the focus goes to its confirmation ('Ihr Vor-Check-Termin ist gebucht.'):
  // returned to the slot's button, which is disabled or gone once booked, it had landed on the
  // calendar table, and a keyboard or screen-reader user heard nothing of the booking there.
  const [isConfirmationDue, setIsConfirmationDue] = useState(false);
  const confirmation = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isConfirmationDue || !booked || chosen !== null || !confirmation.current) return;
    focusInPlace(confirmation.current);
    setIsConfirmationDue(false);
  }, [isConfirmationDue, booked, chosen]);
  // Pre-check availability: true on success, false on error.
  const isAvailable = query.isSuccess;
  // Only slots whose start lies in the future (Europe/Berlin), as the server offers and books.
  const now = new Date();
  const byDate = slotsByDate(
    (query.data?.availableAppointments ?? []).filter((slot) => isUpcomingSlot(slot, now)),
  );

  const book = async (slot: Appointment) => {
    const key = `${slot.date}T${slot.startTime}`;
    setBooking(key);
    try {
      const record = await bookPrecheck(institutionId, orderId, slot);
      notifySuccess(t.precheck.booked);
      setIsConfirmationDue(true);
      onBooked(record);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        // Refused: the slot is taken, or this order got its pre-check meanwhile (a second
        // window, a colleague). Told "taken" in the latter case, she picked slot after slot and
        // was refused each time, the booked appointment never shown.
        const fresh = await reload?.().catch(() => undefined);
        notifyError(fresh?.preCheckAppointment ? t.precheck.bookedMeanwhile : t.precheck.taken);
      } else {
        notifyError(t.precheck.bookFailed);
      }
    } finally {
      setBooking(null);
      setChosen(null);
      // The booked (or taken) slot disappears from the picker.
      await client.invalidateQueries({ queryKey: ['appointments'] });
    }
  };

  /** A free slot's button: asks for confirmation before it books. */
  const slotButton = (slot: Appointment, size: 'compact-xs' | 'sm') => (
    <Button
      key={slot.startTime}
      size={size}
      variant="light"
      className={classes.slot}
      loading={booking === `${slot.date}T${slot.startTime}`}
      disabled={booking !== null || booked}
      aria-label={t.precheck.book(formatDate(slot.date), slotLabel(slot))}
      data-slot={`${slot.date}T${slot.startTime}`}
      onClick={() => setChosen(slot)}
    >
      {slotLabel(slot)}
    </Button>
  );

  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="precheck-title"
      className={classes.picker}
    >
      <Title order={2} size="h3" id="precheck-title" mb="sm">
        {t.precheck.title}
      </Title>
      {booked && (
        <Alert
          color="green"
          mb="sm"
          ref={confirmation}
          className={classes.confirmation}
          data-testid="precheck-booked"
        >
          {t.precheck.alreadyBooked}
        </Alert>
      )}
      <Group justify="space-between" mb="sm">
        <Button
          variant="default"
          // Focusable while it does nothing (aria-disabled, not disabled): a keyboard user who
          // went back to the current month keeps the focus on it instead of losing it.
          data-disabled={isFirstMonth || undefined}
          aria-disabled={isFirstMonth}
          onClick={() => {
            if (!isFirstMonth) setMonth((m) => addMonths(m, -1));
          }}
        >
          {t.precheck.previousMonth}
        </Button>
        <Text fw={600} aria-live="polite" data-testid="precheck-month">
          {monthName(month)}
        </Text>
        <Button
          variant="default"
          data-disabled={isLastMonth || undefined}
          aria-disabled={isLastMonth}
          onClick={() => {
            if (!isLastMonth) setMonth((m) => addMonths(m, 1));
          }}
        >
          {t.precheck.nextMonth}
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingStatus size="sm" label={t.loading} />
      ) : !isAvailable ? (
        <LoadFailed
          message={t.precheck.unavailable}
          isRetrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <>
          {byDate.size === 0 && <Text c="dimmed">{t.precheck.noSlots}</Text>}
          {isList ? (
            byDate.size > 0 && (
              <Stack
                component="ul"
                gap="md"
                className={classes.dayList}
                data-testid="precheck-calendar"
                data-available={isAvailable}
                aria-label={monthName(month)}
              >
                {[...byDate.keys()].sort().map((date) => (
                  <li key={date} data-date={date}>
                    <Text fw={600} size="sm" mb={6}>
                      {dayHeading(date)}
                    </Text>
                    <Group gap="xs">
                      {(byDate.get(date) ?? []).map((slot) => slotButton(slot, 'sm'))}
                    </Group>
                  </li>
                ))}
              </Stack>
            )
          ) : (
            <ScrollTable minWidth={720} label={t.precheck.title}>
              <Table
                withColumnBorders
                layout="fixed"
                data-testid="precheck-calendar"
                data-available={isAvailable}
              >
                <Table.Thead>
                  <Table.Tr>
                    {t.precheck.weekdays.map((day, index) => (
                      <Table.Th key={day}>
                        <abbr title={t.precheck.weekdayNames[index]}>{day}</abbr>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {monthGrid(month).map((week) => (
                    <Table.Tr key={week[0]?.date}>
                      {week.map((cell) => {
                        const slots = cell.inMonth ? (byDate.get(cell.date) ?? []) : [];
                        return (
                          <Table.Td key={cell.date} valign="top" data-date={cell.date}>
                            <Text size="sm" c={cell.inMonth ? undefined : 'dimmed'}>
                              {cell.day}
                            </Text>
                            <Stack gap={4} mt={4}>
                              {slots.map((slot) => slotButton(slot, 'compact-xs'))}
                            </Stack>
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </>
      )}
      <ConfirmModal
        opened={chosen !== null}
        headline={t.precheck.title}
        confirmLabel={t.precheck.confirm}
        cancelLabel={t.precheck.cancel}
        onConfirm={() => chosen && void book(chosen)}
        onCancel={() => setChosen(null)}
        pending={booking !== null}
        focus="cancel"
      >
        {chosen && <Text>{t.precheck.question(formatDate(chosen.date), slotLabel(chosen))}</Text>}
      </ConfirmModal>
    </Paper>
  );
}
