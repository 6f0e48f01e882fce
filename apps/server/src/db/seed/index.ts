import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../identity/passwords';
import type { Db } from '../client';
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
  DEMO_BUSINESS_CASE_TYPES,
  DEMO_BUSINESS_CASES,
  DEMO_EMAILS,
  DEMO_INSTITUTIONS,
  DEMO_PASSWORD,
  DEMO_REFERENCE_NUMBERS,
  DEMO_RELATIONSHIPS,
  DEMO_SUPPORT_CONTACTS,
  DEMO_TOTP_SECRET,
  DEMO_USERS,
  type DemoBusinessCaseTypeName,
  type DemoUserKey,
} from './demo-ids';
import { seedOrders } from './orders';

export * from './demo-ids';

const I = DEMO_INSTITUTIONS;
const U = DEMO_USERS;

const INSTITUTIONS: (typeof institutions.$inferInsert)[] = [
  {
    id: I.praxisSonnenschein,
    name: 'Praxis Sonnenschein',
    city: 'Hamburg',
    postalcode: '20095',
    street: 'Mönckebergstraße 7',
    trusted: false,
  },
  {
    id: I.zahnarztpraxisMueller,
    name: 'Zahnarztpraxis Dr. Müller',
    city: 'München',
    postalcode: '80331',
    street: 'Marienplatz 1',
    trusted: false,
  },
  {
    id: I.abrechnungszentrumNord,
    name: 'Abrechnungszentrum Nord GmbH',
    city: 'Bremen',
    postalcode: '28195',
    street: 'Am Wall 100',
    trusted: true,
  },
];

const SUPPORT_CONTACTS: (typeof supportContacts.$inferInsert)[] = [
  {
    id: DEMO_SUPPORT_CONTACTS.sonnenscheinTechnik,
    institutionId: I.praxisSonnenschein,
    description: 'Technischer Support (Praxis-IT, TI-Konnektor)',
    phone: '+49 40 3280 4410',
    email: 'it-support@praxis-sonnenschein.de',
    position: 1,
  },
  {
    id: DEMO_SUPPORT_CONTACTS.sonnenscheinAbrechnung,
    institutionId: I.praxisSonnenschein,
    description: 'Abrechnungsfragen – Abrechnungszentrum Nord, Kundenbetreuung Hamburg',
    phone: '+49 421 9876 5230',
    email: 'kundenbetreuung@abrechnungszentrum-nord.de',
    position: 2,
  },
  {
    id: DEMO_SUPPORT_CONTACTS.muellerPraxisteam,
    institutionId: I.zahnarztpraxisMueller,
    description: 'Praxismanagement (Mo–Fr 8–17 Uhr)',
    phone: '+49 89 2154 3370',
    email: null,
    position: 1,
  },
  {
    id: DEMO_SUPPORT_CONTACTS.muellerAbrechnung,
    institutionId: I.zahnarztpraxisMueller,
    description: 'Abrechnungsfragen – Abrechnungszentrum Nord, Kundenbetreuung Süd',
    phone: null,
    email: 'sued@abrechnungszentrum-nord.de',
    position: 2,
  },
  {
    id: DEMO_SUPPORT_CONTACTS.nordKundenservice,
    institutionId: I.abrechnungszentrumNord,
    description: 'Kundenservice Institutionsportal',
    phone: '+49 421 9876 5200',
    email: 'portal@abrechnungszentrum-nord.de',
    position: 1,
  },
  {
    id: DEMO_SUPPORT_CONTACTS.nordTechnik,
    institutionId: I.abrechnungszentrumNord,
    description: 'IT-Servicedesk',
    phone: '+49 421 9876 5299',
    email: 'servicedesk@abrechnungszentrum-nord.de',
    position: 2,
  },
];

/** The demo contracts began before the demo orders (autumn 2025), not on the day of seeding. */
const CONTRACTS_SINCE = new Date('2025-04-01T08:00:00Z');

const RELATIONSHIPS: (typeof relationships.$inferInsert)[] = [
  {
    id: DEMO_RELATIONSHIPS.nordSonnenschein,
    contractorId: I.abrechnungszentrumNord,
    customerId: I.praxisSonnenschein,
    referenceNumber: DEMO_REFERENCE_NUMBERS.praxisSonnenschein,
    createdAt: CONTRACTS_SINCE,
  },
  {
    id: DEMO_RELATIONSHIPS.nordMueller,
    contractorId: I.abrechnungszentrumNord,
    customerId: I.zahnarztpraxisMueller,
    referenceNumber: DEMO_REFERENCE_NUMBERS.zahnarztpraxisMueller,
    createdAt: CONTRACTS_SINCE,
  },
];

/** German labels of the business case types. */
export const BUSINESS_CASE_TYPE_LABELS: Record<DemoBusinessCaseTypeName, string> = {
  TIORDER: 'TI-Bestellung (Telematikinfrastruktur)',
  BANKACCOUNT: 'Geschäftskonto',
  BANKACCOUNT_SWITCHING_SERVICE: 'Kontowechselservice',
  BANKACCOUNT_MCC: 'Kartenzahlung (Händlerkonto)',
  ODITS_KUNDENCENTER_HILFSMITTEL: 'Kundencenter Hilfsmittel',
  ODITS_KUNDENCENTER_PFLEGE: 'Kundencenter Pflege',
  DZH_FUER_ONBOARDING_HEIMI: 'Onboarding Heilmittel',
  DZH_FUER_ONBOARDING_PFLEGE: 'Onboarding Pflege',
  MARKETING: 'Marketing und Angebote',
};

interface DemoUser {
  key: DemoUserKey;
  firstName: string;
  lastName: string;
  formOfAddress: string | null;
  title: string | null;
  realmRoles: string[];
  totpSecret?: string;
  onboardedByClient: string | null;
  dateTimeCreated: string;
}

const DEMO_ACCOUNTS: DemoUser[] = [
  {
    key: 'anna',
    firstName: 'Anna',
    lastName: 'Schäfer',
    formOfAddress: 'Frau',
    title: null,
    realmRoles: ['client'],
    onboardedByClient: 'as-bremen',
    dateTimeCreated: '2025-09-01T08:00:00.000Z',
  },
  {
    key: 'max',
    firstName: 'Max',
    lastName: 'Weiß',
    formOfAddress: 'Herr',
    title: null,
    realmRoles: ['client'],
    onboardedByClient: 'as-bremen',
    dateTimeCreated: '2025-09-02T09:30:00.000Z',
  },
  {
    key: 'tom',
    firstName: 'Tom',
    lastName: 'Krüger',
    formOfAddress: 'Herr',
    title: null,
    realmRoles: ['client'],
    onboardedByClient: null,
    dateTimeCreated: '2025-06-16T07:45:00.000Z',
  },
  {
    key: 'sara',
    firstName: 'Sara',
    lastName: 'Öztürk',
    formOfAddress: 'Frau',
    title: null,
    realmRoles: ['client'],
    onboardedByClient: null,
    dateTimeCreated: '2025-06-17T10:15:00.000Z',
  },
  {
    key: 'technik',
    firstName: 'Technischer',
    lastName: 'Nutzer',
    formOfAddress: null,
    title: null,
    realmRoles: ['technical'],
    onboardedByClient: null,
    dateTimeCreated: '2025-09-01T08:05:00.000Z',
  },
  {
    key: 'otto',
    firstName: 'Otto',
    lastName: 'Lange',
    formOfAddress: 'Herr',
    title: null,
    realmRoles: ['client', '2fa'],
    totpSecret: DEMO_TOTP_SECRET,
    onboardedByClient: 'as-bremen',
    dateTimeCreated: '2025-10-20T13:00:00.000Z',
  },
];

/** Memberships in order of creation (the first is a user's default institution). */
const MEMBERSHIPS: { user: DemoUserKey; institutionId: string; role: string }[] = [
  { user: 'anna', institutionId: I.praxisSonnenschein, role: 'INSTITUTION_ADMIN' },
  { user: 'anna', institutionId: I.zahnarztpraxisMueller, role: 'INSTITUTION_MEMBER' },
  { user: 'max', institutionId: I.praxisSonnenschein, role: 'INSTITUTION_MEMBER' },
  { user: 'tom', institutionId: I.abrechnungszentrumNord, role: 'INSTITUTION_ADMIN' },
  { user: 'sara', institutionId: I.abrechnungszentrumNord, role: 'SUPPORT_USER' },
  { user: 'otto', institutionId: I.praxisSonnenschein, role: 'INSTITUTION_MEMBER' },
];

/**
 * Seeds the demo data of shared/demo-data.md. Idempotent: every row has a fixed id and is
 * inserted with ON CONFLICT DO NOTHING, so a second run adds nothing. The password is hashed
 * only when a demo account is missing (hashing is deliberately slow).
 */
export async function seedDemoData(db: Db): Promise<void> {
  await db.insert(institutions).values(INSTITUTIONS).onConflictDoNothing();
  await db.insert(supportContacts).values(SUPPORT_CONTACTS).onConflictDoNothing();
  await db.insert(relationships).values(RELATIONSHIPS).onConflictDoNothing();

  await db
    .insert(businessCaseTypes)
    .values(
      Object.entries(DEMO_BUSINESS_CASE_TYPES).map(([name, id]) => ({
        id,
        name,
        label: BUSINESS_CASE_TYPE_LABELS[name as DemoBusinessCaseTypeName],
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(businessCases)
    .values(
      Object.entries(DEMO_BUSINESS_CASES).flatMap(([relationship, cases]) =>
        Object.entries(cases).map(([typeName, id]) => ({
          id,
          relationshipId: DEMO_RELATIONSHIPS[relationship as keyof typeof DEMO_RELATIONSHIPS],
          businessCaseTypeId: DEMO_BUSINESS_CASE_TYPES[typeName as DemoBusinessCaseTypeName],
          createdAt: CONTRACTS_SINCE,
        })),
      ),
    )
    .onConflictDoNothing();

  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, Object.values(U)));
  if (existing.length < DEMO_ACCOUNTS.length) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          id: U[account.key],
          email: DEMO_EMAILS[account.key],
          firstName: account.firstName,
          lastName: account.lastName,
          title: account.title,
          formOfAddress: account.formOfAddress,
          onboardedByClient: account.onboardedByClient,
          hasAccountActivated: true,
          dateTimeCreated: new Date(account.dateTimeCreated),
          passwordHash,
          realmRoles: account.realmRoles,
          totpSecret: account.totpSecret ?? null,
        })),
      )
      .onConflictDoNothing();
  }

  // Distinct creation times keep each user's institution order stable (default = first).
  const base = Date.parse('2025-09-01T08:00:00.000Z');
  await db
    .insert(institutionUserRoles)
    .values(
      MEMBERSHIPS.map((membership, index) => ({
        userId: U[membership.user],
        institutionId: membership.institutionId,
        role: membership.role as (typeof institutionUserRoles.$inferInsert)['role'],
        createdAt: new Date(base + index * 60_000),
      })),
    )
    .onConflictDoNothing();
  await seedOrders(db);
}
