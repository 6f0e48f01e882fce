import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken, signTestToken } from '../../../test/tokens';
import {
  businessCases,
  businessCaseTypes,
  institutions,
  institutionUserRoles,
  relationships,
  users,
} from '../../db/schema';
import {
  DEMO_BUSINESS_CASES,
  DEMO_INSTITUTIONS,
  DEMO_USERS,
  type DemoUserKey,
} from '../../db/seed/demo-ids';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const NORD_CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/**
 * Who manages a practice's documents (decision 006): members of a trusted contractor serving
 * it, for that relationship's business cases only, whichever way they came in.
 */
describe('documents: who manages', () => {
  let t: TestApp;
  /** A second trusted contractor of the practice, and an untrusted one, each with a case. */
  const second = { institution: randomUUID(), relationship: randomUUID(), case: randomUUID() };
  const untrusted = { institution: randomUUID(), relationship: randomUUID(), case: randomUUID() };
  const yvonne = randomUUID(); // member of the second trusted contractor only

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const [type] = await db.select({ id: businessCaseTypes.id }).from(businessCaseTypes).limit(1);
    for (const [contractor, trusted, name] of [
      [second, true, 'Zweiter Dienstleister GmbH'],
      [untrusted, false, 'Dienstleister ohne Vertrauen GmbH'],
    ] as const) {
      await db.insert(institutions).values({
        id: contractor.institution,
        name,
        city: 'Kiel',
        postalcode: '24103',
        street: 'Holstenstraße 1',
        trusted,
      });
      await db.insert(relationships).values({
        id: contractor.relationship,
        contractorId: contractor.institution,
        customerId: P,
        referenceNumber: '900001',
      });
      await db.insert(businessCases).values({
        id: contractor.case,
        relationshipId: contractor.relationship,
        businessCaseTypeId: type!.id,
      });
    }
    await db.insert(users).values({
      id: yvonne,
      email: 'yvonne@zweiter-dienstleister.example',
      firstName: 'Yvonne',
      lastName: 'Zweig',
      hasAccountActivated: true,
    });
    await db.insert(institutionUserRoles).values([
      { userId: yvonne, institutionId: second.institution, role: 'INSTITUTION_MEMBER' },
      // Max works for the practice and for its trusted contractor Nord: both sides.
      {
        userId: DEMO_USERS.max,
        institutionId: DEMO_INSTITUTIONS.abrechnungszentrumNord,
        role: 'INSTITUTION_MEMBER',
      },
      // Anna, the practice's admin, also belongs to the untrusted contractor.
      { userId: DEMO_USERS.anna, institutionId: untrusted.institution, role: 'INSTITUTION_ADMIN' },
    ]);
  });
  afterAll(() => t.close());

  async function upload(who: DemoUserKey | 'yvonne', businessCase: string) {
    const token =
      who === 'yvonne'
        ? await signTestToken(t, {
            sub: yvonne,
            sid: randomUUID(),
            realm_access: { roles: ['client'] },
            scope: 'openid profile email',
          })
        : await demoToken(t, who);
    const { payload, contentType } = multipartBody(
      { name: 'a.pdf', bytes: PDF },
      { displayName: 'Befund', createdAt: '2026-11-20', type: 'documentation' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/institution/${P}/business_case/${businessCase}/document`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
    return res.statusCode;
  }

  it("a member of both sides manages the cases of their trusted contractor's relationship", async () => {
    expect(await upload('max', NORD_CASE)).toBe(201);
    expect(await upload('max', second.case)).toBe(404);
  });

  it('membership of an untrusted contractor gives no management, not even to the practice admin', async () => {
    expect(await upload('anna', untrusted.case)).toBe(404);
    expect(await upload('anna', NORD_CASE)).toBe(404);
  });

  it("a second trusted contractor manages its own relationship's cases, not the other's", async () => {
    expect(await upload('yvonne', second.case)).toBe(201);
    expect(await upload('yvonne', NORD_CASE)).toBe(404);
    expect(await upload('yvonne', untrusted.case)).toBe(404);
  });
});
