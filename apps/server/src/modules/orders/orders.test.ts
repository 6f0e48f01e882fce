import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import {
  businessCases,
  businessCaseTypes,
  institutions,
  institutionUserRoles,
  orders,
  relationships,
  users,
} from '../../db/schema';
import {
  DEMO_BUSINESS_CASES,
  DEMO_EMAILS,
  DEMO_INSTITUTIONS,
  DEMO_ORDERS,
  type DemoUserKey,
} from '../../db/seed/demo-ids';

const I = DEMO_INSTITUTIONS;
const O = DEMO_ORDERS;

describe('orders module', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-orders-'));
    t = await buildTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    user: DemoUserKey | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? bearer(await demoToken(t, user)) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const bankAccountType = async () => {
    const [type] = await t.app.db
      .select({ id: businessCaseTypes.id })
      .from(businessCaseTypes)
      .where(eq(businessCaseTypes.name, 'BANKACCOUNT'));
    return type!.id;
  };

  // The slots of December 2030 are bookable (within PRECHECK_BOOKING_MONTHS) only on a clock
  // before then: these tests run on 20 November 2030, 10:00 in Berlin.
  const inNovember2030 = () =>
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-11-20T09:00:00Z') });
  afterEach(() => vi.useRealTimers());

  const FLAGS = {
    isRegisteredAtEgbr: false,
    isEhbaCardRequested: false,
    isEhbaCardOrdered: false,
    isSmcbCardRequested: false,
    isSmcbCardOrdered: false,
  };

  it('lists the demo orders: Sonnenschein TI SMCB_ORDERED and bank LEGITIMISED, Müller bank SET_UP', async () => {
    const sonnenschein = await call('GET', `/institution/${I.praxisSonnenschein}/order`, 'anna');
    expect(sonnenschein.statusCode).toBe(200);
    const list = sonnenschein.json() as { id: string; orderType: string; status: string }[];
    expect(list).toHaveLength(2);
    expect(list).toContainEqual(
      expect.objectContaining({
        id: O.sonnenscheinTi,
        orderType: 'TIORDER',
        status: 'SMCB_ORDERED',
      }),
    );
    expect(list).toContainEqual(
      expect.objectContaining({
        id: O.sonnenscheinBank,
        orderType: 'BANKACCOUNT',
        orderSource: 'LIONWARE',
        status: 'LEGITIMISED',
        onboardingURL: expect.stringMatching(/^https:\/\//),
        bankingPortal: expect.stringMatching(/^https:\/\//),
      }),
    );
    const mueller = await call('GET', `/institution/${I.zahnarztpraxisMueller}/order`, 'anna');
    const bank = (mueller.json() as { orderType: string; status: string; createdAt: string }[])
      .filter((o) => o.orderType === 'BANKACCOUNT')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(bank[0]?.status).toBe('SET_UP');
  });

  describe('authorization matrix: strangers get the 404 of an unknown institution, no token 401', () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const endpoints: [string, 'GET' | 'PUT' | 'POST', (iid: string) => string, unknown?][] = [
      ['order list', 'GET', (iid) => `/institution/${iid}/order`],
      ['one order', 'GET', (iid) => `/institution/${iid}/order/${O.muellerTi}`],
      ['order status', 'GET', (iid) => `/institution/${iid}/order-status/${O.muellerTi}`],
      [
        'order status update',
        'PUT',
        (iid) => `/institution/${iid}/order-status/${O.muellerTi}`,
        FLAGS,
      ],
      [
        'pre-check booking',
        'POST',
        (iid) => `/institution/${iid}/order/${O.muellerTi}/precheck`,
        { date: '2030-01-07', startTime: '08:00', endTime: '10:00' },
      ],
      [
        'datahub',
        'GET',
        (iid) =>
          `/institution/${iid}/datahub/businessCaseId/${DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT}`,
      ],
      ['financing requests', 'GET', (iid) => `/institution/${iid}/financing-request`],
      [
        'financing request',
        'POST',
        (iid) => `/institution/${iid}/financing-request`,
        { amount: 1000, purpose: 'Röntgengerät', termMonths: 12, phone: '040 123456' },
      ],
    ];
    it.each(endpoints)('%s', async (_name, method, url, payload) => {
      // Max is a member of Praxis Sonnenschein only.
      const stranger = await call(method, url(I.zahnarztpraxisMueller), 'max', payload);
      const missing = await call(method, url(unknown), 'max', payload);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).toBe(missing.body);
      const anonymous = await call(method, url(I.zahnarztpraxisMueller), null, payload);
      expect(anonymous.statusCode).toBe(401);
    });

    it("another institution's order id in one's own institution answers 404", async () => {
      const res = await call(
        'GET',
        `/institution/${I.praxisSonnenschein}/order/${O.muellerTi}`,
        'anna',
      );
      expect(res.statusCode).toBe(404);
      const flags = await call(
        'PUT',
        `/institution/${I.praxisSonnenschein}/order-status/${O.muellerTi}`,
        'anna',
        { ...FLAGS, isSmcbCardOrdered: true },
      );
      expect(flags.statusCode).toBe(404);
    });
  });

  it('raises the installation status from the flags and never lowers it', async () => {
    const url = `/institution/${I.zahnarztpraxisMueller}/order-status/${O.muellerTi}`;
    const before = await call('GET', url, 'anna');
    expect(before.json()).toMatchObject({ ...FLAGS, orderStatus: 'HARDWARE_ORDERED' });

    const invalid = await call('PUT', url, 'anna', { ...FLAGS, isSmcbCardOrdered: 'yes' });
    expect(invalid.statusCode).toBe(400);
    const missingFlag = await call('PUT', url, 'anna', { isSmcbCardOrdered: true });
    expect(missingFlag.statusCode).toBe(400);
    expect((await call('GET', url, 'anna')).json()).toMatchObject({
      orderStatus: 'HARDWARE_ORDERED',
    });

    const requested = await call('PUT', url, 'anna', { ...FLAGS, isSmcbCardRequested: true });
    expect(requested.json()).toMatchObject({
      isSmcbCardRequested: true,
      orderStatus: 'HARDWARE_ORDERED',
    });
    const ordered = await call('PUT', url, 'anna', {
      ...FLAGS,
      isSmcbCardRequested: true,
      isSmcbCardOrdered: true,
    });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json()).toMatchObject({ isSmcbCardOrdered: true, orderStatus: 'SMCB_ORDERED' });
    const undone = await call('PUT', url, 'anna', FLAGS);
    expect(undone.json()).toMatchObject({ isSmcbCardOrdered: false, orderStatus: 'SMCB_ORDERED' });
  });

  it('refuses a change of the flags on a version changed meanwhile (409, nothing changes); of parallel changes on one version one wins', async () => {
    const url = `/institution/${I.zahnarztpraxisMueller}/order-status/${O.muellerTi}`;
    // Two tabs (or two people) load the record …
    const first = (await call('GET', url, 'anna')).json();
    const second = (await call('GET', url, 'anna')).json();
    const flagsOf = ({ version: _, orderStatus: _s, ...rest }: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(rest).filter(([name]) => name.startsWith('is')));
    // … the first ticks 'eHBA beantragt' …
    const ticked = await call('PUT', url, 'anna', {
      ...flagsOf(first),
      isEhbaCardRequested: true,
      version: first.version,
    });
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().version).toBe(first.version + 1);
    // … the second, still showing it unticked, ticks 'eGBR registriert': refused, the first
    // tick stays.
    const stale = await call('PUT', url, 'anna', {
      ...flagsOf(second),
      isRegisteredAtEgbr: true,
      version: second.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.headers['content-type']).toMatch(/problem\+json/);
    expect(stale.json().detail).toBe(
      'Der Bestellstatus wurde inzwischen von jemand anderem geändert. Ihre Änderung wurde nicht gespeichert.',
    );
    const now = (await call('GET', url, 'anna')).json();
    expect(now).toMatchObject({
      isEhbaCardRequested: true,
      isRegisteredAtEgbr: false,
      version: first.version + 1,
    });
    expect((await call('PUT', url, 'anna', { ...flagsOf(now), version: 0 })).statusCode).toBe(400);

    const answers = await Promise.all(
      (['isRegisteredAtEgbr', 'isEhbaCardOrdered', 'isSmcbCardRequested'] as const).map((name) =>
        call('PUT', url, 'anna', { ...flagsOf(now), [name]: true, version: now.version }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await call('GET', url, 'anna')).json().version).toBe(now.version + 1);

    // Without a version (other clients) the flags are stored as sent.
    const plain = await call('PUT', url, 'anna', { ...flagsOf(now), isEhbaCardRequested: false });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({ isEhbaCardRequested: false, version: now.version + 2 });
  });

  it('offers working-day two-hour slots without holidays and rejects bad windows', async () => {
    inNovember2030();
    const res = await call('GET', '/appointment/?fromDate=2030-12-01&toDate=2031-01-01', 'anna');
    expect(res.statusCode).toBe(200);
    const slots = (
      res.json() as {
        availableAppointments: { date: string; startTime: string; endTime: string }[];
      }
    ).availableAppointments;
    expect(
      slots.filter((s) => s.date === '2030-12-02').map((s) => `${s.startTime}–${s.endTime}`),
    ).toEqual(['08:00–10:00', '10:00–12:00', '12:00–14:00', '14:00–16:00']);
    expect(slots.some((s) => s.date === '2030-12-01')).toBe(false); // Sunday
    expect(slots.some((s) => s.date === '2030-12-25')).toBe(false); // 1. Weihnachtstag (Wednesday)
    expect(slots.some((s) => s.date === '2031-01-01')).toBe(false); // toDate is exclusive
    expect(
      (await call('GET', '/appointment/?fromDate=2030-12-01&toDate=2030-11-01', 'anna')).statusCode,
    ).toBe(400);
    expect((await call('GET', '/appointment/?fromDate=2030-12-01', 'anna')).statusCode).toBe(400);
    // Absurd years are refused as the date fields refuse them, not searched for slots.
    for (const window of [
      'fromDate=0001-01-01&toDate=0001-02-01',
      'fromDate=9999-11-01&toDate=9999-12-01',
    ]) {
      const res = await call('GET', `/appointment/?${window}`, 'anna');
      expect(res.statusCode, window).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(
      (await call('GET', '/appointment/?fromDate=2030-12-01&toDate=2030-12-02', null)).statusCode,
    ).toBe(401);
  });

  it('of 20 parallel bookings of one slot exactly one wins (201), nineteen get 409; the slot disappears', async () => {
    inNovember2030();
    const slot = { date: '2030-12-03', startTime: '10:00', endTime: '12:00' };
    const token = await demoToken(t, 'anna');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: `/api/institution/${n % 2 ? I.praxisSonnenschein : I.zahnarztpraxisMueller}/order/${n % 2 ? O.sonnenscheinTi : O.muellerTi}/precheck`,
          headers: bearer(token),
          payload: slot,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = results.find((r) => r.statusCode === 201)?.json();
    expect(winner).toMatchObject({
      preCheckAppointment: '2030-12-03T10:00',
      orderStatus: 'PRE_CHECK_BOOKED',
    });
    const free = (
      await call('GET', '/appointment/?fromDate=2030-12-01&toDate=2031-01-01', 'anna')
    ).json() as {
      availableAppointments: { date: string; startTime: string }[];
    };
    expect(free.availableAppointments).not.toContainEqual(expect.objectContaining(slot));
    expect(free.availableAppointments).toContainEqual(
      expect.objectContaining({ date: '2030-12-03', startTime: '08:00' }),
    );
  });

  it('books one pre-check per order: a second slot is refused with 409, the first kept, the second still free', async () => {
    inNovember2030();
    const orders = [
      [I.praxisSonnenschein, O.sonnenscheinTi, '08:00', '10:00'],
      [I.zahnarztpraxisMueller, O.muellerTi, '12:00', '14:00'],
    ] as const;
    for (const [institution, order, first, firstEnd] of orders) {
      const url = `/institution/${institution}/order/${order}/precheck`;
      const status = `/institution/${institution}/order-status/${order}`;
      // The order's pre-check (an earlier test of this file may have booked one already).
      await call('POST', url, 'anna', { date: '2030-12-10', startTime: first, endTime: firstEnd });
      const booked = (await call('GET', status, 'anna')).json().preCheckAppointment;
      expect(booked).toEqual(expect.any(String));

      const second = await call('POST', url, 'anna', {
        date: '2030-12-11',
        startTime: '14:00',
        endTime: '16:00',
      });
      expect(second.statusCode).toBe(409);
      expect(second.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(second.json()).toMatchObject({
        detail: 'Für diesen Auftrag ist bereits ein Vor-Check-Termin gebucht.',
      });
      expect((await call('GET', status, 'anna')).json().preCheckAppointment).toBe(booked);
    }
    const free = (
      await call('GET', '/appointment/?fromDate=2030-12-11&toDate=2030-12-12', 'anna')
    ).json() as { availableAppointments: { startTime: string }[] };
    expect(free.availableAppointments.map((slot) => slot.startTime)).toContain('14:00');
  });

  it('refuses slots the working hours do not offer', async () => {
    inNovember2030();
    const url = `/institution/${I.praxisSonnenschein}/order/${O.sonnenscheinTi}/precheck`;
    for (const slot of [
      { date: '2030-12-07', startTime: '08:00', endTime: '10:00' }, // Saturday
      { date: '2030-12-25', startTime: '08:00', endTime: '10:00' }, // holiday
      { date: '2030-12-04', startTime: '09:00', endTime: '11:00' }, // off the grid
    ]) {
      expect((await call('POST', url, 'anna', slot)).statusCode).toBe(400);
    }
  });

  it('refuses a booking beyond the months the picker offers with 400 problem+json, changing nothing; offers no slots there', async () => {
    // Thursday 5 December 2030, 10:30 in Berlin: bookable until 31 May 2031.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
    const url = `/institution/${I.praxisSonnenschein}/order/${O.sonnenscheinTi}/precheck`;
    const status = `/institution/${I.praxisSonnenschein}/order-status/${O.sonnenscheinTi}`;
    const before = (await call('GET', status, 'anna')).json();
    for (const date of ['2031-06-02', '2035-03-05', '2099-12-30']) {
      const res = await call('POST', url, 'anna', { date, startTime: '08:00', endTime: '10:00' });
      expect(res.statusCode, date).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 400,
        detail:
          'Vor-Check-Termine können höchstens bis zum 31.05.2031 gebucht werden. Bitte wählen Sie einen früheren Termin.',
        errors: [expect.objectContaining({ path: 'body.date' })],
      });
    }
    expect((await call('GET', status, 'anna')).json()).toEqual(before);
    const slotsOf = async (fromDate: string, toDate: string) =>
      (
        (
          await call('GET', `/appointment/?fromDate=${fromDate}&toDate=${toDate}`, 'anna')
        ).json() as { availableAppointments: { date: string }[] }
      ).availableAppointments.map((slot) => slot.date);
    // The last month offered, and nothing after it (also not in a window reaching past it).
    expect(await slotsOf('2031-05-01', '2031-06-01')).toContain('2031-05-30');
    expect(await slotsOf('2031-05-15', '2031-06-15')).not.toContainEqual(
      expect.stringMatching(/^2031-06/),
    );
    expect(await slotsOf('2031-06-01', '2031-07-01')).toEqual([]);
  });

  it('refuses dates that do not exist with 400, not 500', async () => {
    const url = `/institution/${I.praxisSonnenschein}/order/${O.sonnenscheinTi}/precheck`;
    for (const date of ['2030-13-01', '2030-00-10', '2030-02-30', '0000-01-01', '0001-01-08']) {
      const res = await call('POST', url, 'anna', { date, startTime: '08:00', endTime: '10:00' });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors, date).toEqual([
        expect.objectContaining({ path: expect.stringContaining('date') }),
      ]);
    }
  });

  describe('bank order status: trusted contractor admin only, forward only', () => {
    const url = (contractor: string, customer: string, order: string) =>
      `/institution/${contractor}/customer/${customer}/bank-order/${order}/status`;
    const nord = I.abrechnungszentrumNord;

    it('moves forward and refuses the same or an earlier status with 409', async () => {
      const target = url(nord, I.praxisSonnenschein, O.sonnenscheinBank);
      const forward = await call('PUT', target, 'tom', { status: 'USER_DATA_COMPLETED' });
      expect(forward.statusCode).toBe(200);
      expect(forward.json()).toMatchObject({
        id: O.sonnenscheinBank,
        status: 'USER_DATA_COMPLETED',
      });
      expect((await call('PUT', target, 'tom', { status: 'USER_DATA_COMPLETED' })).statusCode).toBe(
        409,
      );
      expect((await call('PUT', target, 'tom', { status: 'CREATED' })).statusCode).toBe(409);
      expect((await call('PUT', target, 'tom', { status: 'DONE' })).statusCode).toBe(400);
      const seen = await call(
        'GET',
        `/institution/${I.praxisSonnenschein}/order/${O.sonnenscheinBank}`,
        'anna',
      );
      expect(seen.json()).toMatchObject({ status: 'USER_DATA_COMPLETED' });
    });

    it('answers 403 to support users and untrusted admins, 404 to strangers and foreign orders', async () => {
      const body = { status: 'SET_UP' };
      expect(
        (await call('PUT', url(nord, I.praxisSonnenschein, O.sonnenscheinBank), 'sara', body))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await call(
            'PUT',
            url(I.praxisSonnenschein, I.praxisSonnenschein, O.sonnenscheinBank),
            'anna',
            body,
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', url(nord, I.praxisSonnenschein, O.sonnenscheinBank), 'anna', body))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', url(nord, I.zahnarztpraxisMueller, O.sonnenscheinBank), 'tom', body))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', url(nord, I.praxisSonnenschein, O.sonnenscheinTi), 'tom', body))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', url(nord, I.praxisSonnenschein, O.sonnenscheinBank), null, body))
          .statusCode,
      ).toBe(401);
    });

    it("lists the contractor's customers' bank orders for the form", async () => {
      const res = await call('GET', `/institution/${nord}/customer-bank-order`, 'tom');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength(3);
      // With the Kd.-Nr. a provider's staff know their customers by.
      expect(res.json()).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            customerId: I.praxisSonnenschein,
            customerName: 'Praxis Sonnenschein',
            referenceNumber: '100234',
          }),
        ]),
      );
      expect(
        (await call('GET', `/institution/${nord}/customer-bank-order`, 'sara')).statusCode,
      ).toBe(403);
    });
  });

  it('answers a datahub document as jsonData (a JSON string of German sections) and businessCaseId', async () => {
    const res = await call(
      'GET',
      `/institution/${I.zahnarztpraxisMueller}/datahub/businessCaseId/${DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT}`,
      'anna',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as { businessCaseId: string; jsonData: string };
    expect(Object.keys(body).sort()).toEqual(['businessCaseId', 'jsonData']);
    expect(body.businessCaseId).toBe(DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT);
    expect(typeof body.jsonData).toBe('string');
    const doc = JSON.parse(body.jsonData) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['Vertrag', 'Kunde', 'Bankkonto-Bestellung']);
    expect(doc.Vertrag).toMatchObject({
      Geschäftsfall: expect.any(String),
      'Kundennummer (Kd.-Nr.)': '100567',
      Vertragsbeginn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Both of Müller's bank orders belong to this case, the newest first.
    expect(doc['Bankkonto-Bestellung']).toEqual([
      expect.objectContaining({ Status: 'Eingerichtet', Abgeschlossen: true }),
      expect.objectContaining({ Abgeschlossen: false, 'Bestellt am': '2025-06-02T07:30:00.000Z' }),
    ]);
    const foreign = await call(
      'GET',
      `/institution/${I.praxisSonnenschein}/datahub/businessCaseId/${DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT}`,
      'anna',
    );
    expect(foreign.statusCode).toBe(404);
  });

  it("stores a financing request, mails the contractor's admins and lists it; invalid input changes nothing", async () => {
    const url = `/institution/${I.praxisSonnenschein}/financing-request`;
    const invalid = await call('POST', url, 'max', {
      amount: -5,
      purpose: 'x',
      termMonths: 0,
      phone: 'abc',
    });
    expect(invalid.statusCode).toBe(400);
    expect((await call('GET', url, 'max')).json()).toEqual([]);

    const created = await call('POST', url, 'max', {
      amount: 25000.5,
      purpose: 'Neues Ultraschallgerät',
      termMonths: 48,
      phone: '040 1234567',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ amount: 25000.5, state: 'SUBMITTED', termMonths: 48 });
    expect((await call('GET', url, 'anna')).json()).toHaveLength(1);

    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0] ?? '')));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(DEMO_EMAILS.tom);
    expect(mail.text).toMatch(/25\.000,50\s€/);
    expect(mail.text).toContain('Neues Ultraschallgerät');
  });

  it('refuses an amount finer than a cent with 400 (a tenth of a cent had been a 500), storing and mailing nothing', async () => {
    const url = `/institution/${I.praxisSonnenschein}/financing-request`;
    const before = (await call('GET', url, 'anna')).json().length;
    const mails = (await readdir(path.join(dataDir, 'mail'))).length;
    for (const amount of [0.001, 0.004, 100.123]) {
      const res = await call('POST', url, 'anna', {
        amount,
        purpose: 'Neue Behandlungseinheit',
        termMonths: 12,
        phone: '040 1234567',
      });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'body.amount' })]);
    }
    expect((await call('GET', url, 'anna')).json()).toHaveLength(before);
    expect(await readdir(path.join(dataDir, 'mail'))).toHaveLength(mails);
  });

  it('words a term of one month in the singular in the mail (Laufzeit: 1 Monat)', async () => {
    const url = `/institution/${I.praxisSonnenschein}/financing-request`;
    const before = new Set(await readdir(path.join(dataDir, 'mail')));
    const created = await call('POST', url, 'max', {
      amount: 1234.56,
      purpose: 'Überbrückung',
      termMonths: 1,
      phone: '040 1234567',
    });
    expect(created.statusCode).toBe(201);
    const files = (await readdir(path.join(dataDir, 'mail'))).filter((file) => !before.has(file));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0] ?? '')));
    expect(mail.text).toMatch(/Betrag: 1\.234,56\s€/);
    expect(mail.text).toContain('Laufzeit: 1 Monat\n');
  });

  it('mails each contractor admin on their own: who asked, the Kd.-Nr. there, line breaks kept, no other recipient named', async () => {
    const db = t.app.db;
    const [partner] = await db
      .insert(institutions)
      .values({
        name: 'Finanzpartner Süd GmbH',
        city: 'Stuttgart',
        postalcode: '70173',
        street: 'Königstraße 1',
        trusted: true,
      })
      .returning({ id: institutions.id });
    const [lea] = await db
      .insert(users)
      .values({
        email: 'lea.berg@finanzpartner-sued.de',
        firstName: 'Lea',
        lastName: 'Berg',
        formOfAddress: 'Frau',
        title: 'Dr.',
        hasAccountActivated: true,
      })
      .returning({ id: users.id });
    try {
      await db
        .insert(institutionUserRoles)
        .values({ userId: lea!.id, institutionId: partner!.id, role: 'INSTITUTION_ADMIN' });
      await db.insert(relationships).values({
        contractorId: partner!.id,
        customerId: I.praxisSonnenschein,
        referenceNumber: 'S-77',
      });
      // The mail folder exists once a mail was written (not yet when this test runs alone).
      const before = new Set(await readdir(path.join(dataDir, 'mail')).catch(() => []));
      const created = await call(
        'POST',
        `/institution/${I.praxisSonnenschein}/financing-request`,
        'max',
        {
          amount: 80000,
          purpose: 'Praxisumbau <Empfang> & Wartezimmer\nzweiter Bauabschnitt 2027',
          termMonths: 60,
          phone: '040 1234567',
        },
      );
      expect(created.statusCode).toBe(201);
      const files = (await readdir(path.join(dataDir, 'mail'))).filter((f) => !before.has(f));
      expect(files).toHaveLength(2);
      const mails = await Promise.all(
        files.map(async (file) => ({
          raw: await readFile(path.join(dataDir, 'mail', file), 'utf8'),
          parsed: await simpleParser(await readFile(path.join(dataDir, 'mail', file))),
        })),
      );
      const to = (m: (typeof mails)[number]) =>
        m.parsed.to && 'text' in m.parsed.to ? m.parsed.to.text : '';
      const toTom = mails.find((m) => to(m) === DEMO_EMAILS.tom)!;
      const toLea = mails.find((m) => to(m) === 'lea.berg@finanzpartner-sued.de')!;
      expect(toTom, 'a mail of its own to Tom').toBeDefined();
      expect(toLea, 'a mail of its own to Lea').toBeDefined();
      // Answering the mail reaches Max, not the portal's no-reply address.
      expect(toLea.parsed.replyTo?.text).toBe(DEMO_EMAILS.max);
      expect(toTom.raw).not.toContain('lea.berg');
      expect(toLea.raw).not.toContain('tom.trusted');

      expect(toLea.parsed.subject).toBe(
        'Finanzierungswunsch von Praxis Sonnenschein (Kd.-Nr. S-77)',
      );
      expect(toTom.parsed.subject).toBe(
        'Finanzierungswunsch von Praxis Sonnenschein (Kd.-Nr. 100234)',
      );
      const text = toLea.parsed.text ?? '';
      expect(text).toMatch(/^Sehr geehrte Frau Dr\. Berg,\n\n/);
      expect(text).toContain(
        'die Institution „Praxis Sonnenschein“ (Kd.-Nr. S-77) hat im Institutionsportal einen Finanzierungswunsch gesendet.',
      );
      expect(text).toMatch(/Betrag: 80\.000,00\s€\n/);
      expect(text).toContain(
        'Verwendungszweck: Praxisumbau <Empfang> & Wartezimmer\nzweiter Bauabschnitt 2027\n',
      );
      expect(text).toContain('Laufzeit: 60 Monate\n');
      expect(text).toContain(`Gesendet von: Max Weiß (${DEMO_EMAILS.max})\n`);
      expect(text).toContain('Telefon für Rückfragen: 040 1234567');
      expect(text).toContain('Mit freundlichen Grüßen');
      const html = String(toLea.parsed.html);
      expect(html).toContain('<html lang="de">');
      expect(html).toContain(
        'Verwendungszweck: Praxisumbau &lt;Empfang&gt; &amp; Wartezimmer<br>zweiter Bauabschnitt 2027',
      );
    } finally {
      await db.delete(institutions).where(eq(institutions.id, partner!.id));
      await db.delete(users).where(eq(users.id, lea!.id));
    }
  });

  describe('slots whose start is not in the future (Europe/Berlin), with a controlled clock', () => {
    type Slots = { availableAppointments: { date: string; startTime: string }[] };
    const precheck = `/institution/${I.praxisSonnenschein}/order/${O.sonnenscheinTi}/precheck`;
    const freeOn = async (date: string) =>
      (
        (
          await call('GET', '/appointment/?fromDate=2030-12-01&toDate=2031-01-01', 'anna')
        ).json() as Slots
      ).availableAppointments
        .filter((slot) => slot.date === date)
        .map((slot) => slot.startTime);
    const expectRefusedAsPast = async (slot: {
      date: string;
      startTime: string;
      endTime: string;
    }) => {
      const res = await call('POST', precheck, 'anna', slot);
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 409,
        detail:
          'Dieser Termin hat bereits begonnen oder liegt in der Vergangenheit. Bitte wählen Sie einen späteren Termin.',
      });
    };
    afterEach(() => vi.useRealTimers());

    it('at 10:30 in Berlin today offers only the slots from 12:00 on and refuses earlier ones with 409', async () => {
      // Thursday 2030-12-05, 09:30 UTC = 10:30 in Berlin (CET).
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-05T09:30:00Z') });
      expect(await freeOn('2030-12-04')).toEqual([]);
      expect(await freeOn('2030-12-05')).toEqual(['12:00', '14:00']);
      expect(await freeOn('2030-12-06')).toEqual(['08:00', '10:00', '12:00', '14:00']);
      await expectRefusedAsPast({ date: '2030-12-05', startTime: '08:00', endTime: '10:00' });
      await expectRefusedAsPast({ date: '2030-12-05', startTime: '10:00', endTime: '12:00' });
      await expectRefusedAsPast({ date: '2020-12-04', startTime: '08:00', endTime: '10:00' });
    });

    it('goes by the Berlin date, not the UTC one: at 00:30 in Berlin the day before is over', async () => {
      // 2030-12-04 23:30 UTC = Thursday 2030-12-05 00:30 in Berlin; UTC still says the 4th.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-12-04T23:30:00Z') });
      expect(await freeOn('2030-12-04')).toEqual([]);
      expect(await freeOn('2030-12-05')).toEqual(['08:00', '10:00', '12:00', '14:00']);
      await expectRefusedAsPast({ date: '2030-12-04', startTime: '14:00', endTime: '16:00' });
    });
  });
  it("lists the contractor's customers' bank orders in German alphabetical order of the customers", async () => {
    const db = t.app.db;
    const names = [
      'Zahnärzte Zentrum',
      'Ärztehaus am Markt',
      'orthopädie am see',
      'Oberarzt-Praxis',
    ];
    const customers = await db
      .insert(institutions)
      .values(
        names.map((name) => ({
          name,
          city: 'Kiel',
          postalcode: '24103',
          street: 'Holstenstraße 1',
        })),
      )
      .returning({ id: institutions.id });
    const links = await db
      .insert(relationships)
      .values(
        customers.map((customer, index) => ({
          contractorId: I.abrechnungszentrumNord,
          customerId: customer.id,
          referenceNumber: `ABC-${index}`,
        })),
      )
      .returning({ id: relationships.id });
    const bankType = await bankAccountType();
    const cases = await db
      .insert(businessCases)
      .values(links.map((link) => ({ relationshipId: link.id, businessCaseTypeId: bankType })))
      .returning({ id: businessCases.id });
    await db.insert(orders).values(
      customers.map((customer, index) => ({
        institutionId: customer.id,
        businessCaseId: cases[index]!.id,
        orderType: 'BANKACCOUNT' as const,
        orderSource: 'LIONWARE' as const,
        status: 'CREATED',
      })),
    );
    const res = await call(
      'GET',
      `/institution/${I.abrechnungszentrumNord}/customer-bank-order`,
      'tom',
    );
    const listed = (res.json() as { customerName: string }[])
      .map((row) => row.customerName)
      .filter((name) => names.includes(name));
    // Byte order had put Ärztehaus and orthopädie after Zahnärzte Zentrum.
    expect(listed).toEqual([
      'Ärztehaus am Markt',
      'Oberarzt-Praxis',
      'orthopädie am see',
      'Zahnärzte Zentrum',
    ]);
  });

  describe('a customer with two trusted contractors (decision 017)', () => {
    /**
     * Praxis am Hafen is a customer of Nord (Tom) and of Finanzpartner Süd (Lea), with a bank
     * order in a BANKACCOUNT business case of each, and an old one in none.
     */
    const setUp = async () => {
      const db = t.app.db;
      const suffix = crypto.randomUUID().slice(0, 8);
      const [sued, hafen] = await db
        .insert(institutions)
        .values([
          {
            name: `Finanzpartner Süd ${suffix}`,
            city: 'Stuttgart',
            postalcode: '70173',
            street: 'Königstraße 1',
            trusted: true,
          },
          { name: `Praxis am Hafen ${suffix}`, city: 'Kiel', postalcode: '24103', street: 'Kai 1' },
        ])
        .returning({ id: institutions.id });
      const [lea] = await db
        .insert(users)
        .values({
          email: `lea.${suffix}@finanzpartner-sued.de`,
          firstName: 'Lea',
          lastName: 'Berg',
          hasAccountActivated: true,
        })
        .returning({ id: users.id, email: users.email });
      await db
        .insert(institutionUserRoles)
        .values({ userId: lea!.id, institutionId: sued!.id, role: 'INSTITUTION_ADMIN' });
      const [withNord, withSued] = await db
        .insert(relationships)
        .values([
          { contractorId: I.abrechnungszentrumNord, customerId: hafen!.id, referenceNumber: 'N-1' },
          { contractorId: sued!.id, customerId: hafen!.id, referenceNumber: 'S-1' },
        ])
        .returning({ id: relationships.id });
      const bankType = await bankAccountType();
      const [nordCase, suedCase] = await db
        .insert(businessCases)
        .values([
          { relationshipId: withNord!.id, businessCaseTypeId: bankType },
          { relationshipId: withSued!.id, businessCaseTypeId: bankType },
        ])
        .returning({ id: businessCases.id });
      const bankOrder = (businessCaseId: string | null) => ({
        institutionId: hafen!.id,
        businessCaseId,
        orderType: 'BANKACCOUNT' as const,
        orderSource: 'LIONWARE' as const,
        status: 'CREATED',
      });
      const [atNord, atSued, withoutCase] = await db
        .insert(orders)
        .values([bankOrder(nordCase!.id), bankOrder(suedCase!.id), bankOrder(null)])
        .returning({ id: orders.id });
      const leaToken = await demoToken(t, 'tom', {
        sub: lea!.id,
        email: lea!.email,
        preferred_username: lea!.email,
        given_name: 'Lea',
        family_name: 'Berg',
        name: 'Lea Berg',
      });
      return {
        sued: sued!.id,
        hafen: hafen!.id,
        atNord: atNord!.id,
        atSued: atSued!.id,
        withoutCase: withoutCase!.id,
        nordCase: nordCase!.id,
        lea: bearer(leaToken),
      };
    };
    const listedFor = async (contractor: string, headers: Record<string, string>) =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/institution/${contractor}/customer-bank-order`,
            headers,
          })
        ).json() as { orderId: string }[]
      ).map((row) => row.orderId);
    const advance = async (
      contractor: string,
      customer: string,
      order: string,
      headers: Record<string, string>,
    ) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/institution/${contractor}/customer/${customer}/bank-order/${order}/status`,
        headers,
        payload: { status: 'INTERNAL_CHECK' },
      });

    it("each contractor lists and advances only the bank orders of its own business cases; the other's answer 404 and stay as they were", async () => {
      const s = await setUp();
      const tom = bearer(await demoToken(t, 'tom'));
      const nordList = await listedFor(I.abrechnungszentrumNord, tom);
      expect(nordList).toContain(s.atNord);
      expect(nordList).not.toContain(s.atSued);
      expect(nordList).not.toContain(s.withoutCase);
      expect(await listedFor(s.sued, s.lea)).toEqual([s.atSued]);

      const foreign = await advance(I.abrechnungszentrumNord, s.hafen, s.atSued, tom);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((await advance(s.sued, s.hafen, s.atNord, s.lea)).statusCode).toBe(404);
      expect((await advance(s.sued, s.hafen, s.withoutCase, s.lea)).statusCode).toBe(404);
      expect(
        (await advance(I.abrechnungszentrumNord, s.hafen, s.withoutCase, tom)).statusCode,
      ).toBe(404);
      const untouched = await t.app.db
        .select({ status: orders.status })
        .from(orders)
        .where(inArray(orders.id, [s.atSued, s.atNord, s.withoutCase]));
      expect(untouched.map((o) => o.status)).toEqual(['CREATED', 'CREATED', 'CREATED']);

      expect((await advance(I.abrechnungszentrumNord, s.hafen, s.atNord, tom)).statusCode).toBe(
        200,
      );
      expect((await advance(s.sued, s.hafen, s.atSued, s.lea)).statusCode).toBe(200);
    });

    it("migration 0023 gives a bank order without a business case its customer's only BANKACCOUNT case, and leaves it without when there are two", async () => {
      const s = await setUp();
      const db = t.app.db;
      // A second customer with a single bank contractor, and an order stored before cases.
      const [solo] = await db
        .insert(institutions)
        .values({ name: 'Praxis Solo', city: 'Kiel', postalcode: '24103', street: 'Kai 2' })
        .returning({ id: institutions.id });
      const [link] = await db
        .insert(relationships)
        .values({
          contractorId: I.abrechnungszentrumNord,
          customerId: solo!.id,
          referenceNumber: 'N-2',
        })
        .returning({ id: relationships.id });
      const [soloCase] = await db
        .insert(businessCases)
        .values({ relationshipId: link!.id, businessCaseTypeId: await bankAccountType() })
        .returning({ id: businessCases.id });
      const [old] = await db
        .insert(orders)
        .values({
          institutionId: solo!.id,
          orderType: 'BANKACCOUNT',
          orderSource: 'LIONWARE',
          status: 'CREATED',
        })
        .returning({ id: orders.id });
      const migration = await readFile(
        new URL('../../db/migrations/0023_bank_order_business_case.sql', import.meta.url),
        'utf8',
      );
      await db.execute(sql.raw(migration));
      const after = await db
        .select({ id: orders.id, businessCaseId: orders.businessCaseId })
        .from(orders)
        .where(inArray(orders.id, [old!.id, s.withoutCase, s.atNord]));
      const caseOf = (id: string) => after.find((o) => o.id === id)?.businessCaseId;
      expect(caseOf(old!.id)).toBe(soloCase!.id);
      // Two contractors with a bank case: whose it is is unknown, so nobody's.
      expect(caseOf(s.withoutCase)).toBeNull();
      expect(caseOf(s.atNord)).toBe(s.nordCase);
      expect(
        await listedFor(I.abrechnungszentrumNord, bearer(await demoToken(t, 'tom'))),
      ).toContain(old!.id);
    });
  });
});
