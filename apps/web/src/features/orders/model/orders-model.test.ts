import { describe, expect, it } from 'vitest';
import { addMonths, monthGrid, monthWindow, slotLabel, slotsByDate } from './appointment-month';
import { checkDateLimits, DateRangeError, yearRange } from './date-range';
import { calendarDate, createdFrom, formatDate, formatDateTime } from './formats';
import {
  contractorRelationships,
  contractRows,
  customerBusinessCases,
  laterBankStatuses,
  latestBankOrder,
  ORDER_POLLING_MS,
  pollingInterval,
  replaceFlag,
  TI_STATUSES,
  tiStepIndex,
} from './orders-model';

describe('installation status ordering', () => {
  it('orders the steps 10 … 50', () => {
    expect(TI_STATUSES).toEqual([
      'HARDWARE_ORDERED',
      'SMCB_ORDERED',
      'PRE_CHECK_BOOKED',
      'INSTALLATION_BOOKED',
      'INSTALLATION_FINISHED',
    ]);
    expect(tiStepIndex('SMCB_ORDERED')).toBe(1);
    expect(tiStepIndex(null)).toBe(-1);
  });
});

describe('polling condition', () => {
  it.each([
    [{ orderType: 'BANKACCOUNT', status: 'LEGITIMISED' }, false, ORDER_POLLING_MS],
    [{ orderType: 'BANKACCOUNT', status: 'CREATED' }, false, 10_000],
    [{ orderType: 'BANKACCOUNT', status: 'SET_UP' }, false, false],
    [{ orderType: 'BANKACCOUNT', status: 'LEGITIMISED' }, true, false],
    [{ orderType: 'TIORDER', status: 'SMCB_ORDERED' }, false, false],
    [undefined, false, false],
  ] as const)('%o error=%s → %s', (order, error, expected) => {
    expect(pollingInterval(order, error)).toBe(expected);
  });
});

describe('latest bank order', () => {
  it('is the bank order with the newest createdAt', () => {
    const orders = [
      { id: 'a', orderType: 'BANKACCOUNT', createdAt: '2025-01-01T00:00:00Z' },
      { id: 'b', orderType: 'TIORDER', createdAt: '2026-01-01T00:00:00Z' },
      { id: 'c', orderType: 'BANKACCOUNT', createdAt: '2025-06-01T00:00:00Z' },
    ] as const;
    expect(latestBankOrder(orders)?.id).toBe('c');
    expect(latestBankOrder([orders[1]])).toBeUndefined();
  });
});

describe('flags', () => {
  it('sends all five flags with the changed one replaced', () => {
    const flags = {
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: true,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: false,
      orderStatus: 'HARDWARE_ORDERED',
    };
    expect(replaceFlag(flags, 'isSmcbCardOrdered', true)).toEqual({
      isRegisteredAtEgbr: true,
      isEhbaCardRequested: false,
      isEhbaCardOrdered: true,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: true,
    });
  });
  it('offers only later bank statuses', () => {
    expect(laterBankStatuses('LEGITIMISED')).toEqual(['USER_DATA_COMPLETED', 'SET_UP']);
    expect(laterBankStatuses('SET_UP')).toEqual([]);
  });
});

describe('appointment month window', () => {
  it('runs from the first of the month to the first of the next (ISO)', () => {
    expect(monthWindow({ year: 2026, month: 11 })).toEqual({
      fromDate: '2026-11-01',
      toDate: '2026-12-01',
    });
    expect(monthWindow({ year: 2026, month: 12 })).toEqual({
      fromDate: '2026-12-01',
      toDate: '2027-01-01',
    });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
  it('shows six weeks starting on Monday', () => {
    const grid = monthGrid({ year: 2026, month: 11 }); // 1 Nov 2026 is a Sunday
    expect(grid).toHaveLength(6);
    expect(grid.every((week) => week.length === 7)).toBe(true);
    expect(grid[0]?.[0]).toEqual({ date: '2026-10-26', day: 26, inMonth: false });
    expect(grid[0]?.[6]).toEqual({ date: '2026-11-01', day: 1, inMonth: true });
    const june = monthGrid({ year: 2026, month: 6 }); // 1 June 2026 is a Monday
    expect(june[0]?.[0]?.date).toBe('2026-06-01');
  });
  it('groups slots per day as HH:mm–HH:mm', () => {
    const map = slotsByDate([
      { date: '2026-11-02', startTime: '10:00', endTime: '12:00' },
      { date: '2026-11-02', startTime: '08:00', endTime: '10:00' },
    ]);
    expect(map.get('2026-11-02')?.map(slotLabel)).toEqual(['08:00–10:00', '10:00–12:00']);
  });
});

describe('formats', () => {
  it('dd.MM.yyyy and dd.MM.yyyy HH:mm', () => {
    expect(formatDate('2026-03-05')).toBe('05.03.2026');
    expect(formatDateTime('2026-03-05T08:00')).toBe('05.03.2026 08:00');
  });

  it.each([
    ['an ISO date as it is', '2026-03-05', '2026-03-05', '05.03.2026', ''],
    [
      'a wall-clock date-time as written',
      '2026-03-05T23:30',
      '2026-03-05',
      '05.03.2026',
      '05.03.2026 23:30',
    ],
    [
      'an instant in winter, 00:30 in Berlin',
      '2026-03-04T23:30:00.000Z',
      '2026-03-05',
      '05.03.2026',
      '05.03.2026 00:30',
    ],
    [
      'an instant in summer, 01:30 in Berlin',
      '2026-07-04T23:30:00Z',
      '2026-07-05',
      '05.07.2026',
      '05.07.2026 01:30',
    ],
    [
      'an instant late in the Berlin day',
      '2026-03-05T22:59:00Z',
      '2026-03-05',
      '05.03.2026',
      '05.03.2026 23:59',
    ],
    [
      'an instant with an offset',
      '2026-03-05T00:30:00+01:00',
      '2026-03-05',
      '05.03.2026',
      '05.03.2026 00:30',
    ],
    ['nothing', '', '', '', ''],
    ['no date', 'gestern', '', '', ''],
  ])('%s: %s → %s, %s', (_case, value, date, shown, shownWithTime) => {
    expect(calendarDate(value)).toBe(date);
    expect(formatDate(value)).toBe(shown);
    if (value.includes('T')) expect(formatDateTime(value)).toBe(shownWithTime);
  });
});

describe('"Angelegt ab" filter: the day the list shows, in Germany', () => {
  const orders = [
    { id: 'before', createdAt: '2026-03-04T22:59:00.000Z' }, // 04.03. 23:59 in Berlin
    { id: 'just-after-midnight', createdAt: '2026-03-04T23:30:00.000Z' }, // 05.03. 00:30
    { id: 'summer-night', createdAt: '2026-07-04T23:30:00.000Z' }, // 05.07. 01:30
    { id: 'midday', createdAt: '2026-03-05T11:00:00.000Z' },
  ];
  it.each([
    [null, ['before', 'just-after-midnight', 'summer-night', 'midday']],
    ['2026-03-04', ['before', 'just-after-midnight', 'summer-night', 'midday']],
    ['2026-03-05', ['just-after-midnight', 'summer-night', 'midday']],
    ['2026-03-06', ['summer-night']],
    ['2026-07-05', ['summer-night']],
    ['2026-07-06', []],
  ])('ab %s → %j', (from, ids) => {
    expect(createdFrom(orders, from).map((order) => order.id)).toEqual(ids);
  });
  it('an order is kept from exactly the day it is shown under', () => {
    for (const order of orders) {
      const shown = formatDate(order.createdAt).split('.').reverse().join('-');
      expect(createdFrom([order], shown)).toEqual([order]);
    }
  });
});

describe('date picker ranges', () => {
  // Spec section 2: "select boxes span up to 10 years around the current one (500 when
  // limited)": a side without a limit reaches 10 years from the current year, a limited side
  // ends at its limit but at most 500 years from the current year.
  it('without limits: 10 years either side of the current one', () => {
    expect(yearRange(2026)).toEqual({ first: 2016, last: 2036 });
    expect(yearRange(2026, { minDate: null, maxDate: null })).toEqual({ first: 2016, last: 2036 });
  });
  it('only a maximum (Angelegt ab: today): ends at the maximum, 10 years back', () => {
    expect(yearRange(2026, { maxDate: '2026-05-12' })).toEqual({
      first: 2016,
      last: 2026,
    });
    expect(yearRange(2026, { maxDate: '2030-01-01' })).toEqual({
      first: 2016,
      last: 2030,
    });
    // Never more than 500 years from the current year.
    expect(yearRange(2026, { maxDate: '3000-01-01' })).toEqual({
      first: 2016,
      last: 2526,
    });
  });
  it('only a minimum: starts at the minimum, at most 500 years back, 10 years forward', () => {
    expect(yearRange(2026, { minDate: '1900-01-01' })).toEqual({
      first: 1900,
      last: 2036,
    });
    expect(yearRange(2026, { minDate: '1000-01-01' })).toEqual({
      first: 1526,
      last: 2036,
    });
  });
  it('both limits: from one to the other, each cut at 500 years', () => {
    expect(yearRange(2026, { minDate: '2020-01-01', maxDate: '2028-12-31' })).toEqual({
      first: 2020,
      last: 2028,
    });
    expect(yearRange(2026, { minDate: '1000-01-01', maxDate: '3000-01-01' })).toEqual({
      first: 1526,
      last: 2526,
    });
  });
  it('limits on one side of the current year: around the nearest limit, never empty', () => {
    expect(yearRange(2026, { maxDate: '1990-01-01' })).toEqual({
      first: 1980,
      last: 1990,
    });
    expect(yearRange(2026, { minDate: '2040-01-01' })).toEqual({
      first: 2040,
      last: 2050,
    });
    expect(yearRange(2026, { minDate: '1950-01-01', maxDate: '1960-01-01' })).toEqual({
      first: 1950,
      last: 1960,
    });
  });
  it('a maximum earlier than the minimum is an error', () => {
    expect(() => checkDateLimits('2026-06-01', '2026-05-01')).toThrow(DateRangeError);
    expect(() => checkDateLimits('2026-05-01', '2026-06-01')).not.toThrow();
  });
});

describe('Verträge and Kundencenter: relationships with trusted contractors only', () => {
  const businessCase = (id: string, label: string, createdAt: string) => ({
    id,
    businessCaseTypeName: label.toUpperCase(),
    businessCaseTypeLabel: label,
    createdAt,
  });
  const relationship = (
    id: string,
    owner: boolean,
    businessCases: ReturnType<typeof businessCase>[],
  ) => ({
    id,
    contractorId: `c-${id}`,
    contractorName: `Partner ${id}`,
    referenceNumber: `K-${id}`,
    owner,
    createdAt: '2025-01-01T08:00:00.000Z',
    businessCases,
  });
  const withCases = relationship('a', false, [
    businessCase('a1', 'TI-Bestellung', '2025-02-01T08:00:00.000Z'),
    businessCase('a2', 'Bankkonto', '2025-03-01T08:00:00.000Z'),
  ]);
  const withoutCases = relationship('b', false, []);
  const ownCustomer = relationship('c', true, [
    businessCase('c1', 'Bankkonto', '2025-04-01T08:00:00.000Z'),
  ]);

  it.each([
    ['no relationships', [], [], []],
    ['only own customers (owner true)', [ownCustomer], [], ['c1']],
    [
      'a contractor with business cases: one row each',
      [withCases],
      [
        ['a1', 'Partner a', 'K-a', 'TI-Bestellung', '2025-02-01T08:00:00.000Z'],
        ['a2', 'Partner a', 'K-a', 'Bankkonto', '2025-03-01T08:00:00.000Z'],
      ],
      ['a1', 'a2'],
    ],
    [
      'a contractor without business cases stays, with the relationship date',
      [withoutCases],
      [['b', 'Partner b', 'K-b', null, '2025-01-01T08:00:00.000Z']],
      [],
    ],
    [
      'mixed: Verträge leaves own customers out; the Kundencenter shows every case',
      [ownCustomer, withCases, withoutCases],
      [
        ['a1', 'Partner a', 'K-a', 'TI-Bestellung', '2025-02-01T08:00:00.000Z'],
        ['a2', 'Partner a', 'K-a', 'Bankkonto', '2025-03-01T08:00:00.000Z'],
        ['b', 'Partner b', 'K-b', null, '2025-01-01T08:00:00.000Z'],
      ],
      ['c1', 'a1', 'a2'],
    ],
  ])('%s', (_case, relationships, rows, caseIds) => {
    expect(
      contractRows(relationships).map((row) => [
        row.key,
        row.contractorName,
        row.referenceNumber,
        row.businessCaseLabel,
        row.since,
      ]),
    ).toEqual(rows);
    expect(customerBusinessCases(relationships).map((c) => c.id)).toEqual(caseIds);
    expect(contractorRelationships(relationships).every((r) => !r.owner)).toBe(true);
  });
});
