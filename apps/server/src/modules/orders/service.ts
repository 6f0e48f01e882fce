import {
  type AvailableAppointments,
  type FinancingRequestInput,
  isUpcomingSlot,
  precheckBookingEnd,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { InstitutionScope } from '../../plugins/access';
import { badRequest, conflict } from '../../plugins/errors';
import { financingRequestMail } from '../account/mails';
import * as msg from './messages';
import { generateSlots, MAX_WINDOW_DAYS, type Slot, type WorkingHours } from './model';
import {
  bookedSlots,
  bookPrecheck,
  contractorAdmins,
  createFinancingRequest,
  deleteFinancingRequest,
  requester,
} from './repository';

const slotKey = (slot: Slot) => `${slot.date}T${slot.startTime}`;

/** The ISO date `days` after (or before) an ISO date. */
const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day before an ISO date, as dd.MM.yyyy. */
const dayBefore = (isoDate: string) => {
  const [year, month, day] = addDays(isoDate, -1).split('-');
  return `${day}.${month}.${year}`;
};

/**
 * Free slots in [fromDate, toDate): working slots minus booked ones, minus those whose start
 * is not in the future (on the clock of Europe/Berlin, `now` by default the current time) and
 * minus those past the booking horizon (`precheckBookingEnd`: not bookable, so not offered).
 */
export async function availableAppointments(
  db: Db,
  hours: WorkingHours,
  fromDate: string,
  toDate: string,
  now = new Date(),
): Promise<AvailableAppointments> {
  const days = (Date.parse(toDate) - Date.parse(fromDate)) / 86_400_000;
  if (!(days > 0) || days > MAX_WINDOW_DAYS) {
    throw badRequest(msg.WINDOW_INVALID, [{ path: 'toDate', message: msg.WINDOW_INVALID }]);
  }
  const end = precheckBookingEnd(now);
  const until = toDate < end ? toDate : end;
  if (until <= fromDate) return { availableAppointments: [] };
  const taken = new Set((await bookedSlots(db, fromDate, until)).map(slotKey));
  return {
    availableAppointments: generateSlots(fromDate, until, hours).filter(
      (slot) => isUpcomingSlot(slot, now) && !taken.has(slotKey(slot)),
    ),
  };
}

/**
 * Books a slot only if the working hours offer it and it lies within the booking horizon (400
 * otherwise: the picker never offers it) and it starts in the future on the clock of
 * Europe/Berlin (409 otherwise: it is no longer available, as a taken slot).
 */
export async function bookOfferedPrecheck(
  db: Db,
  scope: InstitutionScope,
  hours: WorkingHours,
  orderId: string,
  slot: Slot,
  now = new Date(),
) {
  const end = precheckBookingEnd(now);
  if (slot.date >= end) {
    const detail = msg.SLOT_TOO_FAR(dayBefore(end));
    throw badRequest(detail, [{ path: 'body.date', message: detail }]);
  }
  const offered = generateSlots(slot.date, addDays(slot.date, 1), hours).some(
    (s) => s.startTime === slot.startTime && s.endTime === slot.endTime,
  );
  if (!offered) {
    throw badRequest(msg.SLOT_UNAVAILABLE, [{ path: 'startTime', message: msg.SLOT_UNAVAILABLE }]);
  }
  if (!isUpcomingSlot(slot, now)) throw conflict(msg.SLOT_PAST);
  return bookPrecheck(db, scope, orderId, slot);
}

/**
 * Stores a financing request and mails it to each admin of the trusted contractors serving the
 * institution, one mail per admin: an admin of one contractor never sees who else received it.
 */
export async function submitFinancingRequest(
  app: FastifyInstance,
  scope: InstitutionScope,
  input: FinancingRequestInput,
) {
  const request = await createFinancingRequest(app.db, scope, input);
  const admins = await contractorAdmins(app.db, scope);
  const sender = admins.length > 0 ? await requester(app.db, scope.userId) : undefined;
  let sent = 0;
  let failure: unknown;
  for (const admin of admins) {
    try {
      await app.mailer.send(
        financingRequestMail(
          admin,
          { name: admin.institutionName, referenceNumber: admin.referenceNumber },
          sender,
          input,
        ),
      );
      sent += 1;
    } catch (error) {
      // Logged by the mailer; once one admin has it, the contractor knows.
      failure = error;
    }
  }
  if (failure !== undefined && sent === 0) {
    // Nobody has it: the request is taken back, so the practice is told it was not sent and a
    // second try does not list it twice.
    await deleteFinancingRequest(app.db, request.id);
    throw failure;
  }
  return request;
}
