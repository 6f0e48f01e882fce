import { z } from 'zod';
import { id } from './common';
import { calendarDate } from './document';

export const ORDER_TYPES = ['TIORDER', 'BANKACCOUNT'] as const;
export const orderType = z.enum(ORDER_TYPES);
export type OrderType = z.infer<typeof orderType>;

export const ORDER_SOURCES = ['QUNDO', 'LIONWARE'] as const;
export const orderSource = z.enum(ORDER_SOURCES);
export type OrderSource = z.infer<typeof orderSource>;

/** Bank order statuses in the only order they may take (spec section 3, domain.md). */
export const BANK_ORDER_STATUSES = [
  'CREATED',
  'INTERNAL_CHECK',
  'LEGITIMISED',
  'USER_DATA_COMPLETED',
  'SET_UP',
] as const;
export const bankOrderStatus = z.enum(BANK_ORDER_STATUSES);
export type BankOrderStatus = z.infer<typeof bankOrderStatus>;

/** TI installation statuses with their numeric order (spec section 4). */
export const TI_INSTALLATION_STATUS_ORDER = {
  HARDWARE_ORDERED: 10,
  SMCB_ORDERED: 20,
  PRE_CHECK_BOOKED: 30,
  INSTALLATION_BOOKED: 40,
  INSTALLATION_FINISHED: 50,
} as const;
export const tiInstallationStatus = z.enum([
  'HARDWARE_ORDERED',
  'SMCB_ORDERED',
  'PRE_CHECK_BOOKED',
  'INSTALLATION_BOOKED',
  'INSTALLATION_FINISHED',
]);
export type TiInstallationStatus = z.infer<typeof tiInstallationStatus>;

/**
 * An order as `GET /institution/{id}/order` lists it. `status` is a bank order status for
 * BANKACCOUNT orders and an installation status for TIORDER orders. `onboardingURL` and
 * `bankingPortal` are set on bank orders (the dashboard's bank tiles link there).
 */
export const order = z.object({
  id,
  orderType,
  orderSource,
  status: z.string(),
  createdAt: z.string(),
  onboardingURL: z.string().nullable(),
  bankingPortal: z.string().nullable(),
});
export type Order = z.infer<typeof order>;
export const orderList = z.array(order);

/** Path parameters `/institution/{id}/…/{orderId}`. */
export const orderParams = z.object({ id, orderId: id });
export type OrderParams = z.infer<typeof orderParams>;

/** The five TI order flags (`GET`/`PUT /institution/{id}/order-status/{orderId}`). */
export const orderStatusFlags = z.object({
  isRegisteredAtEgbr: z.boolean(),
  isEhbaCardRequested: z.boolean(),
  isEhbaCardOrdered: z.boolean(),
  isSmcbCardRequested: z.boolean(),
  isSmcbCardOrdered: z.boolean(),
});
export type OrderStatusFlags = z.infer<typeof orderStatusFlags>;
export const ORDER_STATUS_FLAG_NAMES = [
  'isRegisteredAtEgbr',
  'isEhbaCardRequested',
  'isEhbaCardOrdered',
  'isSmcbCardRequested',
  'isSmcbCardOrdered',
] as const satisfies readonly (keyof OrderStatusFlags)[];

/**
 * PUT /institution/{id}/order-status/{orderId}: the five flags, and optionally the record's
 * `version` they were changed on (409 when the flags changed meanwhile; without it, the flags
 * overwrite whatever is stored).
 */
export const orderStatusUpdate = orderStatusFlags.extend({
  version: z.number().int().positive().optional(),
});
export type OrderStatusUpdate = z.infer<typeof orderStatusUpdate>;

/** TI order status record (spec section 3); the API field `orderStatus` maps to `status`. */
export const tiOrderStatusRecord = orderStatusFlags.extend({
  orderStatus: tiInstallationStatus,
  preCheckAppointment: z.string().nullable(),
  installationAppointment: z.string().nullable(),
  errorMessage: z.string().nullable(),
  /** Version of the five flags, raised by every change of them (see orderStatusUpdate). */
  version: z.number().int().positive(),
});
export type TiOrderStatusRecord = z.infer<typeof tiOrderStatusRecord>;

/** One free slot: ISO date, start and end as HH:mm. */
export const appointment = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string().regex(/^\d{2}:\d{2}$/),
  endTime: z.string().regex(/^\d{2}:\d{2}$/),
});
export type Appointment = z.infer<typeof appointment>;
/** Pre-check slots are local times of Europe/Berlin (the provider's working hours). */
export const APPOINTMENT_TIME_ZONE = 'Europe/Berlin';

let berlinFormat: Intl.DateTimeFormat | undefined;

/** `now` as the date (`yyyy-MM-dd`) and time (`HH:mm`) on a clock in Europe/Berlin. */
export function berlinDateTime(now: Date): { date: string; time: string } {
  berlinFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: APPOINTMENT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part = Object.fromEntries(
    berlinFormat.formatToParts(now).map((entry) => [entry.type, entry.value]),
  );
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}`,
  };
}

/**
 * A slot may be offered and booked only while its start lies in the future, on the clock of
 * Europe/Berlin: a slot starting at 10:00 is gone from 10:00 on (and on any earlier day).
 */
export function isUpcomingSlot(slot: Pick<Appointment, 'date' | 'startTime'>, now: Date): boolean {
  const { date, time } = berlinDateTime(now);
  return slot.date > date || (slot.date === date && slot.startTime > time);
}

/**
 * Pre-checks are offered for the current month and the five after it (Europe/Berlin): the
 * picker goes no further, and the API refuses a booking beyond (docs/decisions/018). A
 * pre-check prepares the installation; half a year ahead nobody knows the practice's plans.
 */
export const PRECHECK_BOOKING_MONTHS = 6;

/**
 * The first day (ISO date) on which no pre-check can be booked any more at `now`: the first of
 * the month {@link PRECHECK_BOOKING_MONTHS} after the current one in Berlin.
 */
export function precheckBookingEnd(now: Date): string {
  const [year = 0, month = 1] = berlinDateTime(now).date.split('-').map(Number);
  const index = year * 12 + (month - 1) + PRECHECK_BOOKING_MONTHS;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

export const appointmentQuery = z.object({
  fromDate: calendarDate,
  toDate: calendarDate,
});
export const availableAppointments = z.object({ availableAppointments: z.array(appointment) });
export type AvailableAppointments = z.infer<typeof availableAppointments>;

/** Path parameters of the contractor's bank order status update. */
export const bankOrderStatusParams = z.object({ contractorId: id, customerId: id, orderId: id });
export const bankOrderStatusUpdate = z.object({ status: bankOrderStatus });
export type BankOrderStatusUpdate = z.infer<typeof bankOrderStatusUpdate>;

/**
 * Datahub document of one business case (spec sections 3 and 7: "jsonData, businessCaseId").
 * `jsonData` is the document as a JSON string: an object whose keys are German section titles
 * (each an object of German labels and values, or a list of such objects) and German labels of
 * loose values. Values are strings (ISO dates and date-times among them), numbers, booleans,
 * null, money as `{ "amount": number, "currency": "EUR" }`, lists of these, or nested objects.
 * The app renders it as key/value sections.
 */
export const datahubDocument = z.object({
  businessCaseId: id,
  jsonData: z.string(),
});
export type DatahubDocument = z.infer<typeof datahubDocument>;
export const datahubParams = z.object({ id, businessCaseId: id });

/** A financing request (Mein Finanzierungswunsch). */
export const FINANCING_REQUEST_STATES = ['SUBMITTED', 'IN_REVIEW', 'ANSWERED'] as const;
export const financingRequestInput = z.object({
  // Euro and cent: stored in whole cents. A third decimal had been rounded away (100.123 stored
  // as 100,12 €), and 0.001 € became 0 cents, refused by the database with a 500.
  amount: z.number().positive().max(10_000_000).multipleOf(0.01),
  purpose: z.string().trim().min(3).max(500),
  termMonths: z.number().int().min(1).max(360),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()/-]{6,30}$/),
});
export type FinancingRequestInput = z.infer<typeof financingRequestInput>;
export const financingRequest = financingRequestInput.extend({
  id,
  state: z.enum(FINANCING_REQUEST_STATES),
  createdAt: z.string(),
});
export type FinancingRequest = z.infer<typeof financingRequest>;
export const financingRequestList = z.array(financingRequest);

/**
 * What the app may send to analytics about the signed-in user (decision 008): a keyed
 * pseudonym of the user id; name and e-mail only with ANALYTICS_PERSONAL_DATA=true.
 */
export const analyticsIdentity = z.object({
  userId: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type AnalyticsIdentity = z.infer<typeof analyticsIdentity>;
