import type { Db } from '../client';
import { documentReads, documents } from '../schema';
import { DEMO_BUSINESS_CASES, DEMO_DOCUMENTS, DEMO_INSTITUTIONS, DEMO_USERS } from './demo-ids';

const D = DEMO_DOCUMENTS;
const CASES = DEMO_BUSINESS_CASES.nordSonnenschein;

/** The demo documents' contents (plain text, so the seed needs no binary fixtures). */
export const DEMO_DOCUMENT_CONTENTS: Record<keyof typeof DEMO_DOCUMENTS, string> = {
  rechnungOktober: 'Rechnung Oktober 2026 – Praxis Sonnenschein, Kd.-Nr. 100234\n',
  rechnungNovember: 'Rechnung November 2026 – Praxis Sonnenschein, Kd.-Nr. 100234\n',
  tiInstallationsprotokoll: 'Installationsprotokoll TI-Konnektor, Mönckebergstraße 7\n',
  kontoeroeffnungUnterlagen: 'Unterlagen zur Kontoeröffnung (Geschäftskonto)\n',
  serviceberichtKonnektor: 'Servicebericht: Konnektor-Update durchgeführt\n',
};

export const demoDocumentStorageKey = (key: keyof typeof DEMO_DOCUMENTS) => `seed/${D[key]}`;

type Row = Pick<
  typeof documents.$inferInsert,
  'businessCaseId' | 'type' | 'displayName' | 'description' | 'documentDate'
> & { key: keyof typeof DEMO_DOCUMENTS };

const ROWS: Row[] = [
  {
    key: 'rechnungOktober',
    businessCaseId: CASES.TIORDER,
    type: 'invoice',
    displayName: 'Rechnung Oktober 2026.txt',
    description: 'Monatsrechnung Oktober',
    documentDate: '2026-10-31',
  },
  {
    key: 'rechnungNovember',
    businessCaseId: CASES.TIORDER,
    type: 'invoice',
    displayName: 'Rechnung November 2026.txt',
    description: 'Monatsrechnung November',
    documentDate: '2026-11-20',
  },
  {
    key: 'tiInstallationsprotokoll',
    businessCaseId: CASES.TIORDER,
    type: 'documentation',
    displayName: 'Installationsprotokoll Mönckebergstraße.txt',
    description: 'Protokoll der TI-Installation',
    documentDate: '2026-09-15',
  },
  {
    key: 'kontoeroeffnungUnterlagen',
    businessCaseId: CASES.BANKACCOUNT,
    type: 'forms',
    displayName: 'Unterlagen Kontoeröffnung.txt',
    description: null,
    documentDate: '2026-08-03',
  },
  {
    key: 'serviceberichtKonnektor',
    businessCaseId: CASES.TIORDER,
    type: 'service_report',
    displayName: 'Servicebericht Konnektor.txt',
    description: 'Update auf Version 5.2',
    documentDate: '2026-11-02',
  },
];

/**
 * Demo documents of Praxis Sonnenschein: four types, one display name with umlauts; Anna has
 * read only the October invoice, so the rest are unread for her (and all for Max and Otto).
 * Rows only: the blob store writes the contents ({@link DEMO_DOCUMENT_CONTENTS}) under
 * {@link demoDocumentStorageKey} when it starts.
 */
export async function seedDocuments(db: Db): Promise<void> {
  await db
    .insert(documents)
    .values(
      ROWS.map(({ key, ...row }) => ({
        ...row,
        id: D[key],
        institutionId: DEMO_INSTITUTIONS.praxisSonnenschein,
        contentType: 'text/plain; charset=utf-8',
        size: Buffer.byteLength(DEMO_DOCUMENT_CONTENTS[key]),
        storageKey: demoDocumentStorageKey(key),
        state: 'published' as const,
        uploadedBy: DEMO_USERS.tom,
        uploadedAt: new Date(`${row.documentDate}T09:00:00.000Z`),
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(documentReads)
    .values([{ documentId: D.rechnungOktober, userId: DEMO_USERS.anna }])
    .onConflictDoNothing();
}
