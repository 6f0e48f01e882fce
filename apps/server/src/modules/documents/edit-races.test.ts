import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { DEMO_BUSINESS_CASES, DEMO_INSTITUTIONS } from '../../db/seed/demo-ids';
import { DOCUMENT_CHANGED } from './service';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
const CASE = DEMO_BUSINESS_CASES.nordSonnenschein.TIORDER;

/** Two people of the trusted contractor editing one document's details at the same time. */
describe('documents: edits at the same time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const as = async (user: 'anna' | 'tom' | 'sara') => bearer(await demoToken(t, user));
  const uploaded = async () => {
    const { payload, contentType } = multipartBody(
      { name: 'befund.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { displayName: 'Befund', createdAt: '2026-11-20', type: 'documentation' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/institution/${P}/business_case/${CASE}/document`,
      headers: { ...(await as('tom')), 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; version: number };
  };
  const put = async (user: 'tom' | 'sara', id: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/institution/${P}/document/${id}`,
      headers: await as(user),
      payload,
    });
  const listed = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/institution/${P}/document`,
        headers: await as('anna'),
      })
    )
      .json()
      .find((document: { id: string }) => document.id === id);

  it('refuses a change on a version another changed meanwhile (409), keeping the other change', async () => {
    const document = await uploaded();
    expect(document.version).toBe(1);
    const bySara = await put('sara', document.id, {
      displayName: 'Befund Dr. Müller',
      createdAt: '2026-11-20',
      version: document.version,
    });
    expect(bySara.statusCode).toBe(200);
    expect(bySara.json().version).toBe(2);
    const byTom = await put('tom', document.id, {
      displayName: 'Befund',
      createdAt: '2026-11-20',
      description: 'Nachgereicht',
      version: document.version,
    });
    expect(byTom.statusCode).toBe(409);
    expect(byTom.headers['content-type']).toMatch(/problem\+json/);
    expect(byTom.json().detail).toBe(DOCUMENT_CHANGED);
    expect(await listed(document.id)).toMatchObject({
      displayName: 'Befund Dr. Müller',
      description: null,
      version: 2,
    });
    // Without a version (other clients) the change overwrites, raising the version.
    const plain = await put('tom', document.id, { displayName: 'Befund', createdAt: '2026-11-21' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().version).toBe(3);
  });

  it('of parallel changes on one version exactly one wins', async () => {
    const document = await uploaded();
    const names = ['Erste', 'Zweite', 'Dritte', 'Vierte'];
    const answers = await Promise.all(
      names.map((displayName, index) =>
        put(index % 2 ? 'sara' : 'tom', document.id, {
          displayName,
          createdAt: '2026-11-20',
          version: document.version,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(3);
    expect((await listed(document.id)).displayName).toBe(names[codes.indexOf(200)]);
  });

  it('a change of a document deleted meanwhile answers 404, not a success', async () => {
    const document = await uploaded();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/institution/${P}/document/${document.id}`,
      headers: await as('sara'),
    });
    expect(deleted.statusCode).toBe(204);
    const late = await put('tom', document.id, {
      displayName: 'Zu spät',
      createdAt: '2026-11-20',
      version: document.version,
    });
    expect(late.statusCode).toBe(404);
  });
});
