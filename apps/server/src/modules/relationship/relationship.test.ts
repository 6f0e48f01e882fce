import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import {
  DEMO_BUSINESS_CASES,
  DEMO_INSTITUTIONS,
  DEMO_REFERENCE_NUMBERS,
  DEMO_RELATIONSHIPS,
} from '../../db/seed/demo-ids';

describe('GET /api/institution/:id/relationship', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async (id: string, user: Parameters<typeof demoToken>[1], query = '') =>
    t.app.inject({
      method: 'GET',
      url: `/api/institution/${id}/relationship${query}`,
      headers: bearer(await demoToken(t, user)),
    });

  it("lists a customer's relationship from its side: the contractor, not owner", async () => {
    const res = await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'max');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      id: DEMO_RELATIONSHIPS.nordSonnenschein,
      contractorId: DEMO_INSTITUTIONS.abrechnungszentrumNord,
      contractorName: 'Abrechnungszentrum Nord GmbH',
      referenceNumber: DEMO_REFERENCE_NUMBERS.praxisSonnenschein,
      owner: false,
    });
    expect(body[0].businessCases.map((c: { id: string }) => c.id).sort()).toEqual(
      Object.values(DEMO_BUSINESS_CASES.nordSonnenschein).sort(),
    );
    expect(body[0].businessCases).toContainEqual(
      expect.objectContaining({
        id: DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER,
        businessCaseTypeName: 'TIORDER',
      }),
    );
  });

  it("lists the trusted contractor's relationships as owner, one per customer", async () => {
    const res = await get(DEMO_INSTITUTIONS.abrechnungszentrumNord, 'sara');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { contractorId: string; owner: boolean; referenceNumber: string }[];
    expect(
      body.map(({ contractorId, owner, referenceNumber }) => ({
        contractorId,
        owner,
        referenceNumber,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          contractorId: DEMO_INSTITUTIONS.praxisSonnenschein,
          owner: true,
          referenceNumber: DEMO_REFERENCE_NUMBERS.praxisSonnenschein,
        },
        {
          contractorId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
          owner: true,
          referenceNumber: DEMO_REFERENCE_NUMBERS.zahnarztpraxisMueller,
        },
      ]),
    );
    expect(body).toHaveLength(2);
  });

  it('answers 404 to a stranger exactly as for an unknown institution', async () => {
    const other = await get(DEMO_INSTITUTIONS.abrechnungszentrumNord, 'max');
    const unknown = await get(crypto.randomUUID(), 'max');
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(unknown.body);
  });

  // The navbar asks whether the institution serves anyone (the impersonation button): a provider
  // of 600 customers had been answered all of them (348 KB) on every page load.
  it('answers only the owner side with owner=true, at most limit, oldest first', async () => {
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    const one = await get(nord, 'tom', '?owner=true&limit=1');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toHaveLength(1);
    expect(one.json()[0]).toMatchObject({ owner: true });
    const all = (await get(nord, 'tom')).json() as { id: string }[];
    expect(one.json()[0].id).toBe(all[0]!.id);
    expect((await get(nord, 'tom', '?owner=true')).json()).toEqual(all);
    expect((await get(nord, 'tom', '?owner=false')).json()).toEqual([]);
    const sonnenschein = DEMO_INSTITUTIONS.praxisSonnenschein;
    expect((await get(sonnenschein, 'anna', '?owner=true&limit=1')).json()).toEqual([]);
    expect((await get(sonnenschein, 'anna', '?owner=false')).json()).toEqual(
      (await get(sonnenschein, 'anna')).json(),
    );
  });

  it('answers 400 problem for an owner other than true or false and a limit out of range', async () => {
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    for (const query of ['?owner=yes', '?limit=0', '?limit=abc', '?limit=10001']) {
      const res = await get(nord, 'tom', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });
});
