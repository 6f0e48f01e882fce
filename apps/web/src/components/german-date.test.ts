import { describe, expect, it } from 'vitest';
import { parseGermanDate } from './german-date';

describe('parseGermanDate: dates typed as dd.MM.yyyy or d.M.yyyy', () => {
  it.each([
    ['day before month', '05.03.2026', '2026-03-05'],
    ['without leading zeros', '5.3.2026', '2026-03-05'],
    ['mixed', '05.3.2026', '2026-03-05'],
    ['the last day of the year (new Date refuses it)', '31.12.2026', '2026-12-31'],
    ['29 February of a leap year', '29.02.2028', '2028-02-29'],
    ['29 February of 2000', '29.02.2000', '2000-02-29'],
    ['31 January', '31.01.2026', '2026-01-31'],
    ['30 April', '30.04.2026', '2026-04-30'],
    ['spaces around', '  05.03.2026 ', '2026-03-05'],
    ['the year 1', '01.01.0001', '0001-01-01'],
    ['an ISO date pasted in', '2026-03-05', '2026-03-05'],
    ['31 February', '31.02.2026', null],
    ['29 February outside a leap year', '29.02.2027', null],
    ['29 February of 1900', '29.02.1900', null],
    ['31 April', '31.04.2026', null],
    ['month 13', '01.13.2026', null],
    ['month 0', '01.00.2026', null],
    ['day 0', '00.03.2026', null],
    ['day 32', '32.01.2026', null],
    ['the year 0', '01.01.0000', null],
    ['an impossible ISO date', '2026-02-30', null],
    ['still typing the year', '05.03.20', null],
    ['a two-digit year', '05.03.26', null],
    ['a five-digit year', '05.03.20260', null],
    ['slashes', '05/03/2026', null],
    ['words', 'morgen', null],
    ['empty', '', null],
  ])('%s: "%s" → %s', (_case, text, expected) => {
    expect(parseGermanDate(text)).toBe(expected);
  });
});
