import { describe, expect, it } from 'vitest';
import {
  calendarDate,
  documentSchema,
  documentUpdate,
  documentUploadMetadata,
  storedCalendarDate,
} from './document';

describe('calendarDate: a calendar date that exists, JJJJ-MM-TT, from 1900 to 2099', () => {
  it.each([
    ['an ordinary day', '2026-03-05', true],
    ['the last day of a year', '2026-12-31', true],
    ['29 February of a leap year', '2028-02-29', true],
    ['29 February of 2000 (divisible by 400)', '2000-02-29', true],
    ['the first day the date fields take', '1900-01-01', true],
    ['the last day the date fields take', '2099-12-31', true],
    ['the first day of the year 1 (a slip, not a date)', '0001-01-01', false],
    ['the day before 1900', '1899-12-31', false],
    ['the day after 2099', '2100-01-01', false],
    ['the year 9999', '9999-12-31', false],
    ['30 February', '2026-02-30', false],
    ['29 February outside a leap year', '2027-02-29', false],
    ['29 February of 1900 (a century)', '1900-02-29', false],
    ['31 April', '2026-04-31', false],
    ['month 13', '2026-13-01', false],
    ['month 00', '2026-00-10', false],
    ['day 00', '2026-01-00', false],
    ['the year 0', '0000-01-01', false],
    ['German order', '05.03.2026', false],
    ['a timestamp', '2026-03-05T10:00:00Z', false],
    ['a short year', '26-03-05', false],
  ])('%s: %s → %s', (_case, value, valid) => {
    expect(calendarDate.safeParse(value).success).toBe(valid);
  });

  it('says the allowed days in German', () => {
    const result = calendarDate.safeParse('0001-01-01');
    expect(result.error?.issues[0]?.message).toBe(
      'Das Datum muss zwischen dem 01.01.1900 und dem 31.12.2099 liegen.',
    );
  });

  it('still answers a stored date of any year from 1 on (taken before the limits)', () => {
    expect(storedCalendarDate.safeParse('0001-01-01').success).toBe(true);
    expect(storedCalendarDate.safeParse('0000-01-01').success).toBe(false);
    expect(documentSchema.shape.createdAt).toBe(storedCalendarDate);
  });

  it('guards the upload metadata and the update alike', () => {
    const metadata = { displayName: 'Befund', type: 'invoice', createdAt: '2026-02-30' };
    expect(documentUploadMetadata.safeParse(metadata).success).toBe(false);
    expect(documentUpdate.safeParse(metadata).success).toBe(false);
    expect(documentUploadMetadata.safeParse({ ...metadata, createdAt: '2026-02-28' }).success).toBe(
      true,
    );
  });
});
