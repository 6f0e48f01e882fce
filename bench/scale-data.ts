// Fills a data folder with the data of a large installation, through the server's own schema
// and seed (the same tables and ids the demo seed writes): the demo data, plus
// - Klinikverbund Hanse, a hospital group: Anna is its admin; 400 users (a tenth invited, not
//   yet active), 3 000 documents over the seven types and its business cases, 300 orders;
// - 600 more customer practices of Abrechnungszentrum Nord (with Kd.-Nr., two business cases
//   and five users each), so that Sara's impersonation search has hundreds of customers;
// - Tom (admin) and Sara (support) belong to 300 of those practices as well, so their
//   institution switcher lists 301 institutions;
// - 150 more tile definitions of Nord (all types, in 12 marketing groups).
// Usage: `npm exec -- node --import tsx bench/scale-data.ts <data folder>` (an empty folder or a
// new path); then start the portal on it: `DATA_DIR=<data folder> npm start`.
// bench/scale-browser.ts does both and measures the screens in Chromium.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import {
  businessCases,
  documentReads,
  documents,
  institutions,
  institutionUserRoles,
  orders,
  relationships,
  tileDefinitions,
  tileGroups,
  tiOrderStatus,
  users,
} from '../apps/server/src/db/schema';
import {
  DEMO_BUSINESS_CASE_TYPES,
  DEMO_INSTITUTIONS,
  DEMO_PASSWORD,
  DEMO_USERS,
  seedDemoData,
} from '../apps/server/src/db/seed/index';
import { hashPassword } from '../apps/server/src/identity/passwords';
import { DOCUMENT_TYPES } from '../packages/contract/src/index';

export const SCALE = {
  hanseUsers: 400,
  hanseDocuments: 3_000,
  hanseOrders: 300,
  customers: 600,
  usersPerCustomer: 5,
  staffMemberships: 300,
  tiles: 150,
} as const;

/** Fixed ids of the large data set (the rest are random). */
export const SCALE_IDS = {
  hanse: '5ca1e000-0000-4000-8000-000000000001',
  nordHanse: '5ca1e000-0000-4000-8000-000000000002',
} as const;
export const SCALE_PLAIN_USER = 'nutzer.001@klinikverbund-hanse.de';

const FIRST = [
  'Lena',
  'Jonas',
  'Mia',
  'Paul',
  'Emma',
  'Ben',
  'Hannah',
  'Finn',
  'Lea',
  'Lukas',
  'Sophie',
  'Elias',
  'Marie',
  'Noah',
  'Clara',
  'Felix',
  'Ida',
  'Henry',
  'Ella',
  'Emil',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Werner',
];
const CITIES = [
  ['Hamburg', '20'],
  ['Bremen', '28'],
  ['Kiel', '24'],
  ['Lübeck', '23'],
  ['Hannover', '30'],
  ['Köln', '50'],
  ['Berlin', '10'],
  ['München', '80'],
] as const;

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export async function fillScaleData(db: Db, dataDir: string): Promise<void> {
  await seedDemoData(db);
  const [done] = await db
    .execute<{ n: number }>(
      sql`select count(*)::int as n from institutions where id = ${SCALE_IDS.hanse}`,
    )
    .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
  if (done && Number(done.n) > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
  const T = DEMO_BUSINESS_CASE_TYPES;
  const since = Date.parse('2024-01-01T08:00:00Z');

  // The hospital group and its relationship with Nord (a case of every type).
  await db.insert(institutions).values({
    id: SCALE_IDS.hanse,
    name: 'Klinikverbund Hanse gGmbH',
    city: 'Hamburg',
    postalcode: '20099',
    street: 'Lohmühlenstraße 5',
  });
  await db.insert(relationships).values({
    id: SCALE_IDS.nordHanse,
    contractorId: nord,
    customerId: SCALE_IDS.hanse,
    referenceNumber: '200001',
  });
  const hanseCases = Object.entries(T).map(([name, typeId]) => ({
    id: randomUUID(),
    name,
    relationshipId: SCALE_IDS.nordHanse,
    businessCaseTypeId: typeId,
  }));
  await db.insert(businessCases).values(hanseCases.map(({ name: _, ...c }) => c));
  await db
    .insert(institutionUserRoles)
    .values({
      userId: DEMO_USERS.anna,
      institutionId: SCALE_IDS.hanse,
      role: 'INSTITUTION_ADMIN',
      createdAt: new Date('2025-09-01T07:00:00Z'),
    })
    .onConflictDoNothing();

  const hanseUsers = Array.from({ length: SCALE.hanseUsers }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return {
      id: randomUUID(),
      email: `nutzer.${n}@klinikverbund-hanse.de`,
      firstName: FIRST[i % FIRST.length]!,
      lastName: `${LAST[(i * 7) % LAST.length]!}-${n}`,
      formOfAddress: i % 2 ? 'Herr' : 'Frau',
      title: i % 9 === 0 ? 'Dr.' : null,
      hasAccountActivated: i % 10 !== 9,
      dateTimeCreated: new Date(since + i * 3_600_000),
      passwordHash: i % 10 !== 9 ? passwordHash : null,
      realmRoles: ['client'],
    };
  });
  await inBatches(hanseUsers, 200, (batch) => db.insert(users).values(batch));
  await inBatches(hanseUsers, 200, (batch) =>
    db.insert(institutionUserRoles).values(
      batch.map((u, i) => ({
        userId: u.id,
        institutionId: SCALE_IDS.hanse,
        role: (i % 40 === 0 ? 'INSTITUTION_ADMIN' : 'INSTITUTION_MEMBER') as 'INSTITUTION_MEMBER',
      })),
    ),
  );

  // 3 000 documents: rows with small text blobs in the folder store ($DATA_DIR/documents).
  const docs = Array.from({ length: SCALE.hanseDocuments }, (_, i) => {
    const type = DOCUMENT_TYPES[i % DOCUMENT_TYPES.length]!;
    const c = hanseCases[i % hanseCases.length]!;
    const date = new Date(since + i * 20_000_000).toISOString().slice(0, 10);
    const id = randomUUID();
    return {
      id,
      institutionId: SCALE_IDS.hanse,
      businessCaseId: c.id,
      type,
      displayName: `Dokument ${String(i + 1).padStart(4, '0')} ${type}.txt`,
      description: i % 3 ? `Beschreibung ${i + 1}` : null,
      documentDate: date,
      contentType: 'text/plain; charset=utf-8',
      size: 24,
      storageKey: `scale/${id}`,
      state: 'published' as const,
      uploadedBy: DEMO_USERS.tom,
    };
  });
  const blobs = path.join(dataDir, 'documents', 'scale');
  mkdirSync(blobs, { recursive: true });
  for (const d of docs) writeFileSync(path.join(blobs, d.id), `Inhalt von ${d.displayName}\n`);
  await inBatches(docs, 500, (batch) => db.insert(documents).values(batch));
  await inBatches(
    docs.filter((_, i) => i % 2 === 0),
    500,
    (batch) =>
      db
        .insert(documentReads)
        .values(batch.map((d) => ({ documentId: d.id, userId: DEMO_USERS.anna }))),
  );

  // 300 orders: TI orders with their status row, every tenth a bank order.
  const TI = [
    'HARDWARE_ORDERED',
    'SMCB_ORDERED',
    'PRE_CHECK_BOOKED',
    'INSTALLATION_BOOKED',
    'INSTALLATION_FINISHED',
  ];
  const BANK = ['CREATED', 'INTERNAL_CHECK', 'LEGITIMISED', 'USER_DATA_COMPLETED', 'SET_UP'];
  const caseOf = (name: string) => hanseCases.find((c) => c.name === name)!.id;
  const orderRows = Array.from({ length: SCALE.hanseOrders }, (_, i) => {
    const bank = i % 10 === 0;
    return {
      id: randomUUID(),
      institutionId: SCALE_IDS.hanse,
      businessCaseId: caseOf(bank ? 'BANKACCOUNT' : 'TIORDER'),
      orderType: (bank ? 'BANKACCOUNT' : 'TIORDER') as 'TIORDER',
      orderSource: (bank ? 'LIONWARE' : 'QUNDO') as 'QUNDO',
      status: bank ? BANK[i % 5]! : TI[i % 5]!,
      onboardingUrl: bank ? 'https://onboarding.bank.example/konto-eroeffnen/' : null,
      bankingPortal: bank ? 'https://banking.bank.example/login/' : null,
      createdAt: new Date(since + i * 86_400_000),
    };
  });
  await db.insert(orders).values(orderRows);
  await db
    .insert(tiOrderStatus)
    .values(orderRows.filter((o) => o.orderType === 'TIORDER').map((o) => ({ orderId: o.id })));

  // 600 customer practices of Nord, five users each; Tom and Sara in 300 of them.
  const customers = Array.from({ length: SCALE.customers }, (_, i) => {
    const [city, prefix] = CITIES[i % CITIES.length]!;
    return {
      id: randomUUID(),
      name: `Praxis ${LAST[i % LAST.length]} ${i + 1}`,
      city,
      postalcode: `${prefix}${String(100 + (i % 900)).padStart(3, '0')}`,
      street: `Hauptstraße ${i + 1}`,
    };
  });
  await inBatches(customers, 300, (batch) => db.insert(institutions).values(batch));
  const rels = customers.map((c, i) => ({
    id: randomUUID(),
    contractorId: nord,
    customerId: c.id,
    referenceNumber: String(300000 + i),
  }));
  await inBatches(rels, 300, (batch) => db.insert(relationships).values(batch));
  await inBatches(
    rels.flatMap((r) => [
      { relationshipId: r.id, businessCaseTypeId: T.TIORDER },
      { relationshipId: r.id, businessCaseTypeId: T.MARKETING },
    ]),
    500,
    (batch) => db.insert(businessCases).values(batch),
  );
  const customerUsers = customers.flatMap((c, i) =>
    Array.from({ length: SCALE.usersPerCustomer }, (_, k) => ({
      id: randomUUID(),
      institutionId: c.id,
      email: `person${k + 1}@praxis-${i + 1}.example`,
      firstName: FIRST[(i + k) % FIRST.length]!,
      lastName: LAST[(i * 3 + k) % LAST.length]!,
      hasAccountActivated: true,
      passwordHash: null,
      realmRoles: ['client'],
    })),
  );
  await inBatches(customerUsers, 500, (batch) =>
    db.insert(users).values(batch.map(({ institutionId: _, ...u }) => u)),
  );
  await inBatches(customerUsers, 500, (batch) =>
    db.insert(institutionUserRoles).values(
      batch.map((u, k) => ({
        userId: u.id,
        institutionId: u.institutionId,
        role: (k % 5 === 0 ? 'INSTITUTION_ADMIN' : 'INSTITUTION_MEMBER') as 'INSTITUTION_MEMBER',
      })),
    ),
  );
  const later = Date.parse('2025-10-01T08:00:00Z');
  for (const [user, role] of [
    [DEMO_USERS.tom, 'INSTITUTION_ADMIN'],
    [DEMO_USERS.sara, 'SUPPORT_USER'],
  ] as const) {
    await db.insert(institutionUserRoles).values(
      customers.slice(0, SCALE.staffMemberships).map((c, i) => ({
        userId: user,
        institutionId: c.id,
        role,
        createdAt: new Date(later + i * 60_000),
      })),
    );
  }

  // 150 more tiles of Nord over every business case type, marketing ones in 12 groups.
  const groups = Array.from({ length: 12 }, (_, i) => ({
    id: randomUUID(),
    institutionId: nord,
    name: `aktion-${i + 1}`,
    description: `Aktion ${i + 1}`,
    shortDescription: `Angebote der Aktion ${i + 1}`,
  }));
  await db.insert(tileGroups).values(groups);
  const typeIds = Object.values(T);
  const kinds = ['PRIMARY', 'FUNCTIONAL', 'MARKETING'] as const;
  await db.insert(tileDefinitions).values(
    Array.from({ length: SCALE.tiles }, (_, i) => {
      const tileType = kinds[i % 3]!;
      return {
        institutionId: nord,
        businessCaseTypeId: tileType === 'MARKETING' ? T.MARKETING : typeIds[i % typeIds.length]!,
        name: `Kachel ${i + 1}`,
        title: `Kachel ${i + 1}`,
        shortDescription: `Kurzbeschreibung ${i + 1}`,
        description: `Beschreibung der Kachel ${i + 1}`,
        target: `https://partner.example/angebot/${i + 1}`,
        isInternal: false,
        tileType,
        priority: 1 + (i % 5),
        tileGroupId: tileType === 'MARKETING' ? groups[i % groups.length]!.id : null,
      };
    }),
  );
  await db.execute(sql`ANALYZE`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: scale-data.ts <data folder>');
  const started = performance.now();
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir });
  await migrateDatabase(database);
  await fillScaleData(database.db, dataDir);
  await database.close();
  console.log(`filled ${dataDir} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
