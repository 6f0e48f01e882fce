import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { documentReads } from '../../db/schema';
import { DEMO_DOCUMENTS, DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';

describe('GET /api/documents/metadata?institution=', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async (institution: string, user: Parameters<typeof demoToken>[1]) =>
    t.app.inject({
      method: 'GET',
      url: `/api/documents/metadata?institution=${institution}`,
      headers: bearer(await demoToken(t, user)),
    });
  const byType = (body: { documentType: string; countAll: number; countUnread: number }[]) =>
    Object.fromEntries(body.map((m) => [m.documentType, [m.countAll, m.countUnread]]));

  it('counts all and unread per type for the calling user, every type listed', async () => {
    const res = await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'anna');
    expect(res.statusCode).toBe(200);
    expect(byType(res.json())).toEqual({
      invoice: [2, 1],
      documentation: [1, 1],
      communication: [0, 0],
      forms: [1, 1],
      delivery_note: [0, 0],
      service_report: [1, 1],
      information: [0, 0],
    });
    expect(res.json().map((m: { documentType: string }) => m.documentType)).toEqual([
      'invoice',
      'documentation',
      'communication',
      'forms',
      'delivery_note',
      'service_report',
      'information',
    ]);
  });

  it('keeps unread state per user: what Anna read is still unread for Max', async () => {
    const max = byType((await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'max')).json());
    expect(max.invoice).toEqual([2, 2]);
    await t.database.db
      .insert(documentReads)
      .values({ documentId: DEMO_DOCUMENTS.tiInstallationsprotokoll, userId: DEMO_USERS.max });
    const after = byType((await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'max')).json());
    expect(after.documentation).toEqual([1, 0]);
    const anna = byType((await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'anna')).json());
    expect(anna.documentation).toEqual([1, 1]);
  });

  it('answers zeros for an institution without documents', async () => {
    const res = await get(DEMO_INSTITUTIONS.zahnarztpraxisMueller, 'anna');
    expect(res.statusCode).toBe(200);
    expect(res.json().every((m: { countAll: number }) => m.countAll === 0)).toBe(true);
  });

  it('answers 404 to a non-member exactly as for an unknown institution, 400 without id', async () => {
    const other = await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'tom');
    const unknown = await get(crypto.randomUUID(), 'tom');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/documents/metadata',
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(missing.statusCode).toBe(400);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/metadata?institution=${DEMO_INSTITUTIONS.praxisSonnenschein}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
