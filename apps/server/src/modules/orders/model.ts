import {
  BANK_ORDER_STATUSES,
  type BankOrderStatus,
  TI_INSTALLATION_STATUS_ORDER,
  type TiInstallationStatus,
} from '@portal/contract';
import { isHoliday } from 'feiertagejs';

/** Working hours for pre-check slots (Monday to Friday), local time Europe/Berlin. */
export interface WorkingHours {
  /** Start hour of the first slot, e.g. 8. */
  startHour: number;
  /** End hour of the last slot, e.g. 16. */
  endHour: number;
  /** Slot length in hours (two). */
  slotHours: number;
}

export const DEFAULT_WORKING_HOURS: WorkingHours = { startHour: 8, endHour: 16, slotHours: 2 };

/** Parses `HH-HH` (e.g. `08-16`) into working hours with two-hour slots. */
export function parseWorkingHours(value: string | undefined): WorkingHours {
  if (!value) return DEFAULT_WORKING_HOURS;
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  const start = Number(match?.[1]);
  const end = Number(match?.[2]);
  if (!match || start < 0 || end > 24 || end - start < 2) {
    throw new Error(`APPOINTMENT_HOURS: expected e.g. 08-16, got ${value}`);
  }
  return { startHour: start, endHour: end, slotHours: 2 };
}

export interface Slot {
  date: string;
  startTime: string;
  endTime: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * Every working slot from `fromDate` (inclusive) to `toDate` (exclusive), ISO dates: Monday
 * to Friday, not on a German (nationwide) public holiday, two-hour slots within the hours.
 */
export function generateSlots(fromDate: string, toDate: string, hours: WorkingHours): Slot[] {
  const slots: Slot[] = [];
  const end = Date.parse(`${toDate}T00:00:00Z`);
  for (let t = Date.parse(`${fromDate}T00:00:00Z`); t < end; t += 86_400_000) {
    const day = new Date(t);
    const weekday = day.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const date = isoDate(day);
    if (isHoliday(date, 'BUND')) continue;
    for (let h = hours.startHour; h + hours.slotHours <= hours.endHour; h += hours.slotHours) {
      slots.push({ date, startTime: `${pad(h)}:00`, endTime: `${pad(h + hours.slotHours)}:00` });
    }
  }
  return slots;
}

/** Longest window the availability endpoint answers (a month plus slack), in days. */
export const MAX_WINDOW_DAYS = 62;

export const statusRank = (status: TiInstallationStatus) => TI_INSTALLATION_STATUS_ORDER[status];

/**
 * The installation status derived from the flags and bookings, never lower than `current`:
 * SMCB ordered → at least SMCB_ORDERED, pre-check booked → at least PRE_CHECK_BOOKED,
 * installation booked → at least INSTALLATION_BOOKED.
 */
export function deriveInstallationStatus(
  current: TiInstallationStatus,
  facts: { isSmcbCardOrdered: boolean; preCheckBooked: boolean; installationBooked: boolean },
): TiInstallationStatus {
  let status = current;
  const raise = (to: TiInstallationStatus) => {
    if (statusRank(to) > statusRank(status)) status = to;
  };
  if (facts.isSmcbCardOrdered) raise('SMCB_ORDERED');
  if (facts.preCheckBooked) raise('PRE_CHECK_BOOKED');
  if (facts.installationBooked) raise('INSTALLATION_BOOKED');
  return status;
}

/** A bank order status may only move forward (CREATED → … → SET_UP). */
export const isForwardBankStatus = (from: BankOrderStatus, to: BankOrderStatus) =>
  BANK_ORDER_STATUSES.indexOf(to) > BANK_ORDER_STATUSES.indexOf(from);
