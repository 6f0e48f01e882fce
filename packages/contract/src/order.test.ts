import { describe, expect, it } from 'vitest';
import {
  berlinDateTime,
  isUpcomingSlot,
  PRECHECK_BOOKING_MONTHS,
  precheckBookingEnd,
} from './order';

describe('berlinDateTime: the clock in Europe/Berlin', () => {
  it.each([
    ['winter (UTC+1)', '2030-12-03T09:30:00Z', '2030-12-03', '10:30'],
    ['summer (UTC+2)', '2030-07-01T06:05:00Z', '2030-07-01', '08:05'],
    [
      'past midnight in Berlin, still the day before in UTC',
      '2030-12-02T23:30:00Z',
      '2030-12-03',
      '00:30',
    ],
    ['the last day of a year', '2030-12-31T22:59:00Z', '2030-12-31', '23:59'],
    ['a new year in Berlin first', '2030-12-31T23:00:00Z', '2031-01-01', '00:00'],
  ])('%s: %s → %s %s', (_case, instant, date, time) => {
    expect(berlinDateTime(new Date(instant))).toEqual({ date, time });
  });
});

describe('isUpcomingSlot: only slots whose start lies in the future (Europe/Berlin)', () => {
  // 2030-12-03 10:30 in Berlin.
  const now = new Date('2030-12-03T09:30:00Z');
  it.each([
    ['an earlier day', '2030-12-02', '14:00', false],
    ['today, already over', '2030-12-03', '08:00', false],
    ['today, started before now', '2030-12-03', '10:00', false],
    ['today, starting later', '2030-12-03', '12:00', true],
    ['tomorrow, early', '2030-12-04', '08:00', true],
  ])('%s (%s %s) → %s', (_case, date, startTime, expected) => {
    expect(isUpcomingSlot({ date, startTime }, now)).toBe(expected);
  });

  it.each([
    ['a slot starting now is not upcoming', '2030-12-03T09:00:00Z', '2030-12-03', '10:00', false],
    ['one minute before its start it is', '2030-12-03T08:59:00Z', '2030-12-03', '10:00', true],
    [
      "00:30 in Berlin (23:30 UTC the day before): that day's 08:00 is",
      '2030-12-02T23:30:00Z',
      '2030-12-03',
      '08:00',
      true,
    ],
    [
      "00:30 in Berlin (the day before in UTC): the day before's slots are gone",
      '2030-12-02T23:30:00Z',
      '2030-12-02',
      '14:00',
      false,
    ],
  ])('%s', (_case, instant, date, startTime, expected) => {
    expect(isUpcomingSlot({ date, startTime }, new Date(instant))).toBe(expected);
  });
});

describe('precheckBookingEnd: the current month in Berlin and the five after it', () => {
  it('is six months', () => expect(PRECHECK_BOOKING_MONTHS).toBe(6));
  it.each([
    ['early in a year', '2030-01-15T09:00:00Z', '2030-07-01'],
    ['in July', '2030-07-31T12:00:00Z', '2031-01-01'],
    ['in December (into the next year)', '2030-12-05T09:30:00Z', '2031-06-01'],
    ['New Year in Berlin while UTC is still in December', '2030-12-31T23:30:00Z', '2031-07-01'],
  ])('%s: %s → first day not bookable %s', (_case, instant, end) => {
    expect(precheckBookingEnd(new Date(instant))).toBe(end);
  });
});
