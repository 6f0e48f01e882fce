import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../db/seed/demo-ids';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;

/**
 * Decision 003: `detail` is German, and so is every field message of a validation failure,
 * also where a schema has no message of its own (zod's defaults are English).
 */
describe('validation answers are German, field by field', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    headers = bearer(await demoToken(t, 'anna'));
  });
  afterAll(() => t.close());

  const send = async (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toBe('Die Anfrage enthält ungültige Werte.');
    return res.json().errors as { path: string; message: string }[];
  };

  it('names a missing field Pflichtfeld and a wrong type in German, at the same paths', async () => {
    expect(await send('PUT', `/api/institution/${P}`, { city: 42 })).toEqual([
      { path: 'body.name', message: 'Pflichtfeld' },
      { path: 'body.postalcode', message: 'Pflichtfeld' },
      { path: 'body.city', message: 'Text erwartet' },
      { path: 'body.street', message: 'Pflichtfeld' },
    ]);
  });

  it('says limits, choices and formats in German', async () => {
    const errors = await send('POST', `/api/institution/${P}/financing-request`, {
      amount: -5,
      purpose: 'ab',
      termMonths: 1.5,
      phone: 'keine Nummer',
      walk: 1,
    });
    expect(errors).toEqual([
      { path: 'body.amount', message: 'Größer als 0' },
      { path: 'body.purpose', message: 'Mindestens 3 Zeichen' },
      { path: 'body.termMonths', message: 'Ganze Zahl erwartet' },
      { path: 'body.phone', message: 'Ungültiges Format' },
      { path: 'body', message: 'Unbekanntes Feld: walk' },
    ]);
    const more = await send('POST', `/api/institution/${P}/financing-request`, {
      amount: 20_000_000,
      purpose: 'Praxisumbau',
      termMonths: 0,
      phone: '+49 40 123456',
    });
    expect(more).toEqual([
      { path: 'body.amount', message: 'Höchstens 10000000' },
      { path: 'body.termMonths', message: 'Mindestens 1' },
    ]);
    expect(
      await send('PUT', `/api/institution/${P}/user/${DEMO_USERS.max}`, { role: 'BOSS' }),
    ).toEqual([
      {
        path: 'body.role',
        message: "Erlaubt: 'INSTITUTION_ADMIN', 'INSTITUTION_MEMBER', 'SUPPORT_USER'",
      },
    ]);
  });

  it("keeps the schemas' own German messages", async () => {
    expect(await send('GET', '/api/institution/nope')).toEqual([
      { path: 'params.id', message: 'Ungültige Kennung' },
    ]);
    const errors = await send('PUT', `/api/institution/${P}`, {
      name: '',
      postalcode: '123',
      city: 'x'.repeat(101),
      street: 'Jungfernstieg 1',
    });
    expect(errors).toEqual([
      { path: 'body.name', message: 'Pflichtfeld' },
      { path: 'body.postalcode', message: 'Fünf Ziffern, nicht mit 00 beginnend' },
      { path: 'body.city', message: 'Höchstens 100 Zeichen' },
    ]);
  });

  it('no field message of any refused request is English', async () => {
    const english = /Invalid|expected|received|Too (small|big)|Unrecognized|Required/;
    const bodies: [string, string, unknown][] = [
      ['PUT', `/api/institution/${P}`, null],
      ['PUT', `/api/institution/${P}`, []],
      ['POST', `/api/institution/${P}/financing-request`, { amount: 'viel' }],
      ['PUT', `/api/institution/${P}/user/${DEMO_USERS.max}`, {}],
      ['PUT', '/api/accountdata/', { firstName: true, title: 5 }],
    ];
    for (const [method, url, payload] of bodies) {
      const res = await t.app.inject({
        method: method as 'PUT',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
      for (const error of res.json().errors) {
        expect(error.message, `${method} ${url}`).not.toMatch(english);
      }
    }
  });
});
