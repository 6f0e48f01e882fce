import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { DEMO_DOCUMENTS, DEMO_EMAILS, DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';
import { DEMO_DOCUMENT_CONTENTS } from '../../db/seed/documents';

const P = DEMO_INSTITUTIONS.praxisSonnenschein;
/** Sara (support of Abrechnungszentrum Nord) acting as a practice's user. */
const IMPERSONATOR = { impersonator: { id: DEMO_USERS.sara, username: DEMO_EMAILS.sara } };

describe('what a download marks read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const unreadOfMax = async () => {
    const headers = bearer(await demoToken(t, 'max'));
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document?documentType=service_report`,
      headers,
    });
    const metadata = await t.app.inject({
      method: 'GET',
      url: `/api/documents/metadata?institution=${P}`,
      headers,
    });
    return {
      listed: list
        .json()
        .find((d: { id: string }) => d.id === DEMO_DOCUMENTS.serviceberichtKonnektor).unread,
      counted: metadata
        .json()
        .find((m: { documentType: string }) => m.documentType === 'service_report').countUnread,
    };
  };
  const download = async (claims = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/institution/${P}/document/${DEMO_DOCUMENTS.serviceberichtKonnektor}`,
      headers: bearer(await demoToken(t, 'max', claims)),
    });

  it('support opening a practice user’s document while acting as them leaves it unread for that user; the user’s own download marks it read', async () => {
    expect(await unreadOfMax()).toEqual({ listed: true, counted: 1 });

    const bySupport = await download(IMPERSONATOR);
    expect(bySupport.statusCode).toBe(200);
    expect(bySupport.body).toBe(DEMO_DOCUMENT_CONTENTS.serviceberichtKonnektor);
    // Max has not seen it: still unread in his list and in the count of his tile.
    expect(await unreadOfMax()).toEqual({ listed: true, counted: 1 });

    const byMax = await download();
    expect(byMax.statusCode).toBe(200);
    expect(await unreadOfMax()).toEqual({ listed: false, counted: 0 });
  });
});
