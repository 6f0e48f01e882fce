import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../../test/test-app';
import { verifyPassword } from '../../identity/passwords';
import { migrateDatabase } from '../client';
import {
  businessCases,
  businessCaseTypes,
  institutions,
  institutionUserRoles,
  relationships,
  supportContacts,
  users,
} from '../schema';
import {
  DEMO_EMAILS,
  DEMO_INSTITUTIONS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  seedDemoData,
} from './index';

/** How often the seed hashed a password (the second run must not: it takes a while each). */
const hashed = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../identity/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../identity/passwords')>();
  return {
    ...actual,
    hashPassword: async (...args: Parameters<typeof actual.hashPassword>) => {
      hashed.count += 1;
      return actual.hashPassword(...args);
    },
  };
});

const TABLES = {
  institutions,
  institutionUserRoles,
  supportContacts,
  relationships,
  businessCaseTypes,
  businessCases,
  users,
};

describe('seedDemoData', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase();
    await migrateDatabase(handle.database);
  });
  afterAll(() => handle.drop());

  const counts = async () => {
    const db = handle.database.db;
    const entries = await Promise.all(
      Object.entries(TABLES).map(async ([name, table]) => {
        const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
        return [name, row!.count] as const;
      }),
    );
    return Object.fromEntries(entries);
  };

  it('seeds the demo data, and a second run adds nothing', async () => {
    await seedDemoData(handle.database.db);
    const first = await counts();
    expect(first).toEqual({
      institutions: 3,
      institutionUserRoles: 6,
      supportContacts: 6,
      relationships: 2,
      businessCaseTypes: 9,
      businessCases: 13,
      users: 6,
    });
    // The first run hashed the demo password.
    expect(hashed.count).toBeGreaterThan(0);
    const hashedBefore = hashed.count;
    await seedDemoData(handle.database.db);
    expect(await counts()).toEqual(first);
    // No password hashing on the second run.
    expect(hashed.count).toBe(hashedBefore);
  });

  it('has the accounts of the demo data with their roles', async () => {
    const db = handle.database.db;
    const rows = await db.select().from(users);
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(Object.keys(byEmail).sort()).toEqual(Object.values(DEMO_EMAILS).sort());
    expect(byEmail[DEMO_EMAILS.technik]!.realmRoles).toEqual(['technical']);
    expect(byEmail[DEMO_EMAILS.otto]!.realmRoles).toEqual(['client', '2fa']);
    expect(byEmail[DEMO_EMAILS.otto]!.totpSecret).toBe(DEMO_TOTP_SECRET);
    expect(byEmail[DEMO_EMAILS.anna]).toMatchObject({
      id: DEMO_USERS.anna,
      firstName: 'Anna',
      lastName: 'Schäfer',
      realmRoles: ['client'],
      hasAccountActivated: true,
      totpSecret: null,
    });
    for (const row of rows) expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await verifyPassword(DEMO_PASSWORD, byEmail[DEMO_EMAILS.sara]!.passwordHash)).toBe(true);

    const annaRoles = await db
      .select({
        institutionId: institutionUserRoles.institutionId,
        role: institutionUserRoles.role,
      })
      .from(institutionUserRoles)
      .where(eq(institutionUserRoles.userId, DEMO_USERS.anna));
    expect(annaRoles).toEqual(
      expect.arrayContaining([
        { institutionId: DEMO_INSTITUTIONS.praxisSonnenschein, role: 'INSTITUTION_ADMIN' },
        { institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller, role: 'INSTITUTION_MEMBER' },
      ]),
    );
  });

  it('has the relationships with their reference numbers and a trusted contractor', async () => {
    const db = handle.database.db;
    const rows = await db.select().from(relationships);
    expect(Object.fromEntries(rows.map((row) => [row.customerId, row.referenceNumber]))).toEqual({
      [DEMO_INSTITUTIONS.praxisSonnenschein]: '100234',
      [DEMO_INSTITUTIONS.zahnarztpraxisMueller]: '100567',
    });
    for (const row of rows) expect(row.contractorId).toBe(DEMO_INSTITUTIONS.abrechnungszentrumNord);
    const [nord] = await db
      .select()
      .from(institutions)
      .where(eq(institutions.id, DEMO_INSTITUTIONS.abrechnungszentrumNord));
    expect(nord!.trusted).toBe(true);
    const types = (await db.select({ name: businessCaseTypes.name }).from(businessCaseTypes)).map(
      (row) => row.name,
    );
    expect(types).toEqual(
      expect.arrayContaining([
        'TIORDER',
        'BANKACCOUNT',
        'BANKACCOUNT_SWITCHING_SERVICE',
        'BANKACCOUNT_MCC',
        'ODITS_KUNDENCENTER_HILFSMITTEL',
        'ODITS_KUNDENCENTER_PFLEGE',
        'DZH_FUER_ONBOARDING_HEIMI',
        'DZH_FUER_ONBOARDING_PFLEGE',
      ]),
    );
  });
});
