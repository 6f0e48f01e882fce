import { afterAll, describe, expect, it } from 'vitest';
import { germanMonth, germanToday } from './german-today';

const zoneBefore = process.env.TZ;
afterAll(() => {
  process.env.TZ = zoneBefore;
});

// The browser's zone must not matter: each case runs with the process on another clock.
describe.each([
  'America/Los_Angeles',
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'UTC',
  'Europe/Berlin',
])('germanToday with the computer set to %s', (zone) => {
  it.each([
    [
      '00:30 in Berlin, still the day before in UTC and Los Angeles',
      '2026-11-26T23:30:00Z',
      '2026-11-27',
    ],
    [
      '11:30 in Berlin, already the next day on Kiritimati (UTC+14)',
      '2026-11-26T10:30:00Z',
      '2026-11-26',
    ],
    ['23:59 in Berlin before the spring DST change', '2026-03-28T22:59:00Z', '2026-03-28'],
    [
      'midnight in Berlin on the day of the spring DST change',
      '2026-03-28T23:00:00Z',
      '2026-03-29',
    ],
    ['23:30 CEST in Berlin before the autumn DST change', '2026-10-24T21:30:00Z', '2026-10-24'],
    [
      '00:30 CEST in Berlin on the day of the autumn DST change',
      '2026-10-24T22:30:00Z',
      '2026-10-25',
    ],
    ['23:30 CET on the day of the autumn DST change', '2026-10-25T22:30:00Z', '2026-10-25'],
  ])('%s: %s → %s', (_case, instant, day) => {
    process.env.TZ = zone;
    expect(germanToday(new Date(instant))).toBe(day);
  });

  it('names the month of that day: 1 December at 00:30 in Berlin', () => {
    process.env.TZ = zone;
    expect(germanMonth(new Date('2026-11-30T23:30:00Z'))).toEqual({ year: 2026, month: 12 });
  });
});
