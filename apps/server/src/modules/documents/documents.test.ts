import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { documents } from '../../db/schema';
import { DEMO_BUSINESS_CASES, DEMO_DOCUMENTS, DEMO_INSTITUTIONS } from '../../db/seed/demo-ids';
import { DEMO_DOCUMENT_CONTENTS } from '../../db/seed/documents';
import type { BlobStore } from './blob-store';
import { blobStoreOf, FORM_INVALID } from './routes';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;
type User = 'anna' | 'max' | 'tom' | 'sara' | 'otto';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

const meta = (over: Record<string, unknown> = {}) => ({
  displayName: 'Befund Müller',
  createdAt: '2026-11-20',
  type: 'documentation',
  ...over,
});

describe('documents API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ UPLOAD_MAX_BYTES: String(64 * 1024) });
  });
  afterAll(() => t.close());

  const as = async (user: User) => bearer(await demoToken(t, user));
  const upload = async (
    user: User,
    file: Parameters<typeof multipartBody>[0],
    metadata: unknown = meta(),
    institution: string = P,
    businessCase: string = CASE,
  ) => {
    const { payload, contentType } = multipartBody(file, metadata);
    return t.app.inject({
      method: 'POST',
      url: `/api/institution/${institution}/business_case/${businessCase}/document`,
      headers: { ...(await as(user)), 'content-type': contentType },
      payload,
    });
  };
  /** A document as the practice's list shows it to Anna. */
  const listed = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/institution/${P}/document`,
        headers: await as('anna'),
      })
    )
      .json()
      .find((d: { id: string }) => d.id === id);
  const count = async () => (await t.database.db.select().from(documents)).length;
  const blobCount = async () => {
    let n = 0;
    for await (const _ of (blobStoreOf.get(t.config) as BlobStore).list('')) n += 1;
    return n;
  };

  it('lists by type newest first with unread flags; 404 for strangers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document?documentType=invoice`,
      headers: await as('anna'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { id: string; unread: boolean }) => [d.id, d.unread])).toEqual([
      [DEMO_DOCUMENTS.rechnungNovember, true],
      [DEMO_DOCUMENTS.rechnungOktober, false],
    ]);
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${DEMO_INSTITUTIONS.zahnarztpraxisMueller}/document`,
      headers: await as('max'),
    });
    expect(stranger.statusCode).toBe(404);
  });

  it("a business case outside the institution's relationships answers 404 like an unknown one, for members too", async () => {
    const list = async (user: User, businessCase: string, institution: string = P) =>
      t.app.inject({
        method: 'GET',
        url: `/api/institution/${institution}/business_case/${businessCase}/document`,
        headers: await as(user),
      });
    const own = await list('max', CASE);
    expect(own.statusCode).toBe(200);
    expect(own.json().map((d: { id: string }) => d.id)).toContain(
      DEMO_DOCUMENTS.tiInstallationsprotokoll,
    );
    const unknown = await list('max', crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Der Geschäftsfall wurde nicht gefunden.');
    for (const [user, businessCase] of [
      // Ids of the contract's 36-character shape that are no UUID (were a 500).
      ['max', 'a'.repeat(36)],
      ['max', `${'-'.repeat(35)}0`],
      ['anna', '0'.repeat(36)],
      // Another institution's case (Nord and Müller's; were 200 []).
      ['max', DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT],
      ['anna', DEMO_BUSINESS_CASES.nordMueller.MARKETING],
      // The contractor, for a case of a relationship it does not serve here.
      ['tom', DEMO_BUSINESS_CASES.nordMueller.BANKACCOUNT],
      ['tom', 'a'.repeat(36)],
    ] as const) {
      const res = await list(user, businessCase);
      expect(res.statusCode, `${user} ${businessCase}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body, `${user} ${businessCase}`).toBe(unknown.body);
    }
    // The contractor's own members see their side of the relationship (as the datahub does).
    expect((await list('tom', CASE, DEMO_INSTITUTIONS.abrechnungszentrumNord)).statusCode).toBe(
      200,
    );
  });

  it('downloads with RFC 6266 name, stored type, nosniff, sandbox; marks read for this user only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document/${DEMO_DOCUMENTS.tiInstallationsprotokoll}`,
      headers: await as('anna'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(DEMO_DOCUMENT_CONTENTS.tiInstallationsprotokoll);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Installationsprotokoll Monckebergstra_e.txt"; filename*=UTF-8''Installationsprotokoll%20M%C3%B6nckebergstra%C3%9Fe.txt`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    const meta1 = await t.app.inject({
      method: 'GET',
      url: `/api/documents/metadata?institution=${P}`,
      headers: await as('anna'),
    });
    expect(
      meta1.json().find((m: { documentType: string }) => m.documentType === 'documentation'),
    ).toMatchObject({ countAll: 1, countUnread: 0 });
    const max = await t.app.inject({
      method: 'GET',
      url: `/api/documents/metadata?institution=${P}`,
      headers: await as('max'),
    });
    expect(
      max.json().find((m: { documentType: string }) => m.documentType === 'documentation'),
    ).toMatchObject({ countAll: 1, countUnread: 1 });
  });

  it("uploads for the trusted contractor only; the institution's admin, a member or an outsider gets 404", async () => {
    const before = await count();
    const tom = await upload('tom', { name: 'scan.png', bytes: PNG, type: 'image/png' });
    expect(tom.statusCode).toBe(201);
    expect(tom.json()).toMatchObject({
      displayName: 'Befund Müller',
      contentType: 'image/png',
      size: PNG.length,
      documentType: 'documentation',
      createdAt: '2026-11-20',
    });
    // Anna is the practice's admin: she reads its documents, its contractor manages them.
    const anna = await upload('anna', { name: 'a.pdf', bytes: PDF });
    expect(anna.statusCode).toBe(404);
    expect(anna.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await upload('max', { name: 'a.pdf', bytes: PDF })).statusCode).toBe(404);
    expect(
      (
        await upload(
          'anna',
          { name: 'a.pdf', bytes: PDF },
          meta(),
          DEMO_INSTITUTIONS.abrechnungszentrumNord,
        )
      ).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before + 1);
    // The stored bytes come back unchanged.
    const down = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document/${tom.json().id}`,
      headers: await as('anna'),
    });
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect(down.headers['content-disposition']).toContain(
      "filename*=UTF-8''Befund%20M%C3%BCller.png",
    );
  });

  it('refuses oversize (413, German), empty, .exe renamed .pdf and HTML, leaving nothing', async () => {
    const rows = await count();
    const blobs = await blobCount();
    const big = await upload('tom', {
      name: 'big.pdf',
      bytes: Buffer.concat([PDF, Buffer.alloc(70 * 1024, 65)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().detail).toMatch(/^Die Datei ist zu groß/);
    const empty = await upload('tom', { name: 'leer.pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    const exe = await upload('tom', { name: 'rechnung.pdf', bytes: EXE });
    expect(exe.statusCode).toBe(400);
    expect(exe.json().detail).toMatch(/Dateityp ist nicht erlaubt/);
    const html = await upload('tom', {
      name: 'seite.txt',
      bytes: Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>'),
      type: 'text/plain',
    });
    expect(html.statusCode).toBe(400);
    const badMeta = await upload('tom', { name: 'a.pdf', bytes: PDF }, { displayName: '' });
    expect(badMeta.statusCode).toBe(400);
    expect(await count()).toBe(rows);
    expect(await blobCount()).toBe(blobs);
  });

  it('names what is wrong with the metadata in German, field by field', async () => {
    const res = await upload(
      'tom',
      { name: 'a.pdf', bytes: PDF },
      { createdAt: '2026-11-20', type: 'rechnung', description: 7 },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'metadata.displayName', message: 'Pflichtfeld' },
      {
        path: 'metadata.type',
        message:
          "Erlaubt: 'invoice', 'documentation', 'communication', 'forms', 'delivery_note', 'service_report', 'information'",
      },
      { path: 'metadata.description', message: 'Text erwartet' },
    ]);
  });

  it('answers a broken form with 400 and stores nothing: no boundary, ending inside the file, too many parts', async () => {
    const rows = await count();
    const blobs = await blobCount();
    const { payload, contentType } = multipartBody({ name: 'a.pdf', bytes: PDF }, meta());
    const url = `/api/institution/${P}/business_case/${CASE}/document`;
    const headers = await as('tom');
    // More parts than an upload has (it was a 413 in @fastify/multipart's English).
    const boundary = contentType.slice(contentType.indexOf('boundary=') + 9);
    const field = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`;
    const manyParts = Buffer.concat([
      Buffer.from(Array.from({ length: 8 }, (_, index) => field(`extra${index}`)).join('')),
      payload,
    ]);
    for (const [type, body] of [
      ['multipart/form-data', payload],
      [contentType, payload.subarray(0, payload.length - 20)],
      [contentType, payload.subarray(0, payload.indexOf('%%EOF'))],
      [contentType, manyParts],
    ] as const) {
      // Cut inside the file part, the request used to wait for ever.
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': type },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(FORM_INVALID);
    }
    expect(await count()).toBe(rows);
    expect(await blobCount()).toBe(blobs);
  });

  it.each([
    ['the 30th of February', '2026-02-30'],
    ['a 13th month', '2026-13-01'],
    ['the year 0', '0000-01-01'],
    ['the 29th of February outside a leap year', '2027-02-29'],
    ['the year 1 (a slip, not a date)', '0001-01-01'],
    ['the year 9999', '9999-12-31'],
  ])(
    'refuses an impossible date (%s, %s) with 400 on upload and edit, storing nothing',
    async (_case, createdAt) => {
      const rows = await count();
      const blobs = await blobCount();
      const posted = await upload('tom', { name: 'a.pdf', bytes: PDF }, meta({ createdAt }));
      expect(posted.statusCode).toBe(400);
      expect(posted.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(posted.json().errors).toEqual([
        expect.objectContaining({ path: 'metadata.createdAt' }),
      ]);
      expect(await count()).toBe(rows);
      expect(await blobCount()).toBe(blobs);

      const url = `/api/institution/${P}/document/${DEMO_DOCUMENTS.rechnungNovember}`;
      const before = await listed(DEMO_DOCUMENTS.rechnungNovember);
      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: await as('tom'),
        payload: { displayName: 'Neuer Name', createdAt },
      });
      expect(put.statusCode).toBe(400);
      expect(put.headers['content-type']).toMatch(/^application\/problem\+json/);
      const after = await listed(DEMO_DOCUMENTS.rechnungNovember);
      expect(after).toEqual(before);
    },
  );

  it('sanitises path traversal in display names; refuses control characters like every body', async () => {
    const rows = await count();
    const url = `/api/institution/${P}/document/${DEMO_DOCUMENTS.rechnungNovember}`;
    const before = await listed(DEMO_DOCUMENTS.rechnungNovember);
    for (const displayName of [
      'pa\u0000ss',
      'pa\u0007ss',
      'pa\ud800ss',
      // C1 controls, and what a one-line field refuses: line breaks, tabs, bidi overrides.
      'pa\u009bss',
      'pa\u0085ss',
      'pa\nss',
      'pa\r\nss',
      'pa\tss',
      'pa\u202ess',
      'pa\u2066ss',
    ]) {
      const refused = await upload('tom', { name: 'a.pdf', bytes: PDF }, meta({ displayName }));
      expect(refused.statusCode, JSON.stringify(displayName)).toBe(400);
      expect(refused.json().errors).toEqual([
        expect.objectContaining({ path: 'metadata.displayName' }),
      ]);
      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: await as('tom'),
        payload: { displayName, createdAt: '2026-11-20' },
      });
      expect(put.statusCode, JSON.stringify(displayName)).toBe(400);
      expect(put.json().errors).toEqual([expect.objectContaining({ path: 'body.displayName' })]);
    }
    expect(await count()).toBe(rows);
    expect(await listed(DEMO_DOCUMENTS.rechnungNovember)).toEqual(before);
    const res = await upload(
      'tom',
      { name: 'a.pdf', bytes: PDF },
      meta({ displayName: '../../etc/passwd' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().displayName).toBe('_.._etc_passwd');
    const reserved = await upload(
      'tom',
      { name: 'a.pdf', bytes: PDF },
      meta({ displayName: 'CON' }),
    );
    expect(reserved.json().displayName).toBe('_CON');
  });

  it("updates and deletes (row and blob) for managers; readers, the institution's admin too, get 404", async () => {
    const created = (await upload('tom', { name: 'a.pdf', bytes: PDF })).json();
    const url = `/api/institution/${P}/document/${created.id}`;
    for (const reader of ['max', 'anna'] as const) {
      const denied = await t.app.inject({
        method: 'PUT',
        url,
        headers: await as(reader),
        payload: { displayName: 'X', createdAt: '2026-01-01' },
      });
      expect(denied.statusCode).toBe(404);
      const notDeleted = await t.app.inject({ method: 'DELETE', url, headers: await as(reader) });
      expect(notDeleted.statusCode).toBe(404);
    }
    const unchanged = await t.app.inject({ method: 'GET', url, headers: await as('anna') });
    expect(unchanged.statusCode).toBe(200);
    const updated = await t.app.inject({
      method: 'PUT',
      url,
      headers: await as('tom'),
      payload: { displayName: 'Neuer Name', createdAt: '2026-01-02', description: 'Beschreibung' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      displayName: 'Neuer Name',
      createdAt: '2026-01-02',
      description: 'Beschreibung',
    });
    const invalid = await t.app.inject({
      method: 'PUT',
      url,
      headers: await as('tom'),
      payload: { displayName: '' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: await as('max') })).statusCode,
    ).toBe(404);
    const blobs = await blobCount();
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: await as('tom') })).statusCode,
    ).toBe(204);
    expect(await blobCount()).toBe(blobs - 1);
    expect((await t.app.inject({ method: 'GET', url, headers: await as('anna') })).statusCode).toBe(
      404,
    );
  });

  it('lists by business case for the trusted contractor; 50 parallel uploads are all stored', async () => {
    const otherCase = DEMO_BUSINESS_CASES.nordSonnenschein.MARKETING;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        upload(
          'tom',
          { name: `${i}.pdf`, bytes: PDF },
          meta({ displayName: `Datei ${i}`, type: 'information' }),
          P,
          otherCase,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/business_case/${otherCase}/document?documentType=information`,
      headers: await as('tom'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(50);
    const metaRes = await t.app.inject({
      method: 'GET',
      url: `/api/documents/metadata?institution=${P}`,
      headers: await as('anna'),
    });
    expect(
      metaRes.json().find((m: { documentType: string }) => m.documentType === 'information'),
    ).toMatchObject({ countAll: 50, countUnread: 50 });
  });
});
