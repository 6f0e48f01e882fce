import { spellingFree } from '@portal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { demoClaims, signTestToken } from '../../../test/tokens';
import { institutions, institutionUserRoles, relationships, users } from '../../db/schema';
import { DEMO_INSTITUTIONS, DEMO_USERS, type DemoUserKey } from '../../db/seed/demo-ids';
import { apiResource } from '../../identity/provider';
import { IMPERSONATOR_SCOPE, TOKEN_EXCHANGE_GRANT } from '../../identity/token-exchange';
import { decideActingAs } from '../../plugins/access';
import { likeTerm, SEARCH_CANDIDATE_CAP } from './repository';

let t: TestApp;
const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;
const SONNE = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

// Shaped like the provider's access tokens (`typ: at+jwt`, the API's audience): the token
// exchange accepts no other subject token.
const tokenOf = (user: DemoUserKey) =>
  signTestToken(
    t,
    { ...demoClaims(t, user), aud: apiResource(t.config).audience },
    { header: { typ: 'at+jwt' } },
  );

async function get(user: DemoUserKey | string, url: string) {
  const token = user.includes('.') ? user : await tokenOf(user as DemoUserKey);
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/** Runs `check` while `userId` is also a member of Praxis Sonnenschein, then takes that back. */
async function whileMemberOfSonne(userId: string, check: () => Promise<void>) {
  await t.app.db
    .insert(institutionUserRoles)
    .values({ userId, institutionId: SONNE, role: 'INSTITUTION_MEMBER' });
  try {
    await check();
  } finally {
    await t.app.db
      .delete(institutionUserRoles)
      .where(
        and(eq(institutionUserRoles.userId, userId), eq(institutionUserRoles.institutionId, SONNE)),
      );
  }
}

async function impersonate(user: DemoUserKey, target: string, userAgent: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${new URL(t.config.auth.issuer).pathname}/protocol/openid-connect/token`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': userAgent },
    payload: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE_GRANT,
      client_id: t.config.auth.clientId,
      subject_token: await tokenOf(user),
      requested_subject: target,
      scope: IMPERSONATOR_SCOPE,
    }).toString(),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { access_token: string }).access_token;
}

describe('customer search', () => {
  it("finds the contractor's customers by name, Kd.-Nr., postal code and city", async () => {
    const byName = await get('sara', `/api/institution/${NORD}/contractor?search=Sonnen`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual([
      expect.objectContaining({
        id: SONNE,
        name: 'Praxis Sonnenschein',
        referenceNumber: '100234',
      }),
    ]);
    const byNumber = await get('tom', `/api/institution/${NORD}/contractor?search=100567`);
    expect(byNumber.json()).toEqual([
      expect.objectContaining({ id: DEMO_INSTITUTIONS.zahnarztpraxisMueller }),
    ]);
    const limited = await get('sara', `/api/institution/${NORD}/contractor?search=&limit=1`);
    expect(limited.json()).toHaveLength(1);
    const byPostalCode = await get('sara', `/api/institution/${NORD}/contractor?search=2009`);
    expect(byPostalCode.json()).toEqual([expect.objectContaining({ id: SONNE })]);
    const byCity = await get('sara', `/api/institution/${NORD}/contractor?search=hAmB`);
    expect(byCity.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: SONNE, city: 'Hamburg' })]),
    );
    // Several words: each must match, in any field and any order (name, Kd.-Nr., PLZ, city).
    for (const search of [
      'Sonnenschein Hamburg',
      'hamburg sonnen',
      '100234 Praxis',
      'Praxis 20095',
    ]) {
      const found = await get(
        'sara',
        `/api/institution/${NORD}/contractor?search=${encodeURIComponent(search)}`,
      );
      expect(found.json(), search).toEqual([expect.objectContaining({ id: SONNE })]);
    }
    expect(
      (
        await get('sara', `/api/institution/${NORD}/contractor?search=Sonnenschein%20M%C3%BCnchen`)
      ).json(),
    ).toEqual([]);
    // Postal code and city match from the start only; LIKE wildcards are plain characters.
    expect((await get('sara', `/api/institution/${NORD}/contractor?search=0095`)).json()).toEqual(
      [],
    );
    expect(
      (await get('sara', `/api/institution/${NORD}/contractor?search=%25%25%25`)).json(),
    ).toEqual([]);
    // In every word of several too: '_' is no 'any letter', '%' no 'anything', '\\' no escape.
    for (const search of [
      'Praxis _',
      'Praxis %',
      'Sonnenschein \\',
      '% Sonnenschein',
      'Praxis s_n',
    ]) {
      const found = await get(
        'sara',
        `/api/institution/${NORD}/contractor?search=${encodeURIComponent(search)}`,
      );
      expect(found.json(), search).toEqual([]);
    }
  });

  it('finds a customer by several short words (none of three letters)', async () => {
    // 'Dr M' for Zahnarztpraxis Dr. Müller, 'pr so' for Praxis Sonnenschein: each word matches,
    // but the whole search ('dr m') appears nowhere, which found nothing.
    for (const [search, id] of [
      ['Dr M', MUELLER],
      ['dr mü', MUELLER],
      ['pr so', SONNE],
      ['so 20', SONNE],
    ] as const) {
      const found = await get(
        'sara',
        `/api/institution/${NORD}/contractor?search=${encodeURIComponent(search)}`,
      );
      expect(found.json(), search).toEqual([expect.objectContaining({ id })]);
    }
  });

  it("answers a broad search sorted by name from its first matches, never another contractor's", async () => {
    // More customers than the search collects (SEARCH_CANDIDATE_CAP), and a stranger's one.
    const count = SEARCH_CANDIDATE_CAP + 100;
    await t.app.db.execute(sql`
      WITH created AS (
        INSERT INTO institutions (name, city, postalcode, street)
        SELECT 'Breitsuche ' || lpad(n::text, 4, '0'), 'Breitenfeld', '0' || lpad(n::text, 4, '0'),
               'Weg ' || n
        FROM generate_series(1, ${count}) AS n
        RETURNING id, name
      )
      INSERT INTO relationships (contractor_id, customer_id, reference_number)
      SELECT ${NORD}::uuid, id, 'B' || substr(name, 12) FROM created`);
    const [stranger] = await t.app.db
      .insert(institutions)
      .values({ name: 'Breitsuche Fremd', city: 'Breitenfeld', postalcode: '01000', street: 'x' })
      .returning({ id: institutions.id });
    await t.app.db.insert(relationships).values({
      contractorId: SONNE,
      customerId: stranger!.id,
      referenceNumber: 'F1',
    });

    for (const search of ['Breitsuche', 'breitenf', 'B0', '0']) {
      const response = await get(
        'sara',
        `/api/institution/${NORD}/contractor?search=${search}&limit=50`,
      );
      expect(response.statusCode).toBe(200);
      const names = (response.json() as { name: string }[]).map((row) => row.name);
      expect(names, search).toHaveLength(50);
      expect(names, search).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(names, search).not.toContain('Breitsuche Fremd');
    }
    // A narrow search finds its one match among them.
    const one = await get('sara', `/api/institution/${NORD}/contractor?search=Breitsuche%200542`);
    expect((one.json() as { name: string }[]).map((row) => row.name)).toEqual(['Breitsuche 0542']);
    // A broad word (more matches than collected) beside a narrow one in another field still
    // finds the customer matching both: its PLZ, its Kd.-Nr., its city and name.
    for (const search of ['breitsuche 00542', 'B0542 breitsuche', 'Breitenfeld 0542']) {
      const found = await get(
        'sara',
        `/api/institution/${NORD}/contractor?search=${encodeURIComponent(search)}&limit=50`,
      );
      expect(
        (found.json() as { name: string }[]).map((row) => row.name),
        search,
      ).toEqual(['Breitsuche 0542']);
    }
  });

  /** Customers of Nord by these names (Kd.-Nr. the prefix and their position). */
  async function addNordCustomers(names: string[], referencePrefix: string) {
    const created = await t.app.db
      .insert(institutions)
      .values(
        names.map((name) => ({ name, city: 'Sortierstadt', postalcode: '01001', street: 'x' })),
      )
      .returning({ id: institutions.id });
    await t.app.db.insert(relationships).values(
      created.map(({ id }, index) => ({
        contractorId: NORD,
        customerId: id,
        referenceNumber: `${referencePrefix}${index}`,
      })),
    );
  }

  it('lists the customers found in German alphabetical order (Ä with A, case second)', async () => {
    await addNordCustomers(
      ['Zentrum Umlautsuche', 'augenpraxis Umlautsuche', 'Ärztehaus Umlautsuche'],
      'U',
    );
    const found = await get('sara', `/api/institution/${NORD}/contractor?search=Umlautsuche`);
    expect((found.json() as { name: string }[]).map((row) => row.name)).toEqual([
      'Ärztehaus Umlautsuche',
      'augenpraxis Umlautsuche',
      'Zentrum Umlautsuche',
    ]);
  });

  it("orders numbers in customer names by their value ('Praxis Bauer 12' before 'Praxis Bauer 112'), as the app does", async () => {
    await addNordCustomers(
      ['Nummernpraxis 112', 'Nummernpraxis 12', 'Nummernpraxis 2', 'nummernpraxis 10'],
      'N',
    );
    const found = await get('sara', `/api/institution/${NORD}/contractor?search=Nummernpraxis`);
    expect((found.json() as { name: string }[]).map((row) => row.name)).toEqual([
      'Nummernpraxis 2',
      'nummernpraxis 10',
      'Nummernpraxis 12',
      'Nummernpraxis 112',
    ]);
  });

  it("finds 'Müller' by 'Mueller' or 'Muller', 'Köln' by 'Koeln', 'Weiß' by 'Weiss': spelt as heard on the phone", async () => {
    const names = async (search: string) =>
      (
        (
          await get(
            'sara',
            `/api/institution/${NORD}/contractor?search=${encodeURIComponent(search)}`,
          )
        ).json() as { name: string }[]
      ).map((row) => row.name);
    for (const search of ['Mueller', 'muller', 'MÜLLER', 'Dr Muel']) {
      expect(await names(search), search).toContain('Zahnarztpraxis Dr. Müller');
    }
    const [customer] = await t.app.db
      .insert(institutions)
      .values({ name: 'Praxis Großkopf', city: 'Köln', postalcode: '50667', street: 'Ring 1' })
      .returning({ id: institutions.id });
    await t.app.db
      .insert(relationships)
      .values({ contractorId: NORD, customerId: customer!.id, referenceNumber: 'AE-4711' });
    for (const search of ['Grosskopf', 'großkopf koeln', 'Grosskopf Koln', 'ae-47']) {
      expect(await names(search), search).toEqual(['Praxis Großkopf']);
    }
    // The Kd.-Nr. as written: 'a-47' is no prefix of 'AE-4711'.
    expect(await names('a-47')).toEqual([]);
    const users = await get(
      'sara',
      `/api/institution/${NORD}/contractor/${SONNE}/user?search=${encodeURIComponent('Max Weiss')}`,
    );
    expect((users.json() as { id: string }[]).map((user) => user.id)).toEqual([DEMO_USERS.max]);
  });

  it('folds texts in the database as the app does (portal_fold and spellingFree agree)', async () => {
    const samples = [
      'Müller',
      'MUELLER',
      'Straße',
      'STRASSE',
      'Ärztehaus',
      'Bauer',
      'Köln',
      'Weiß',
    ];
    for (const text of samples) {
      const rows = await t.app.db.execute(sql`select portal_fold(${text}) as folded`);
      const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
        folded: string;
      }[];
      expect(row!.folded, text).toBe(spellingFree(text));
    }
  });

  it('returns nothing for an institution without customers and refuses members', async () => {
    const anna = await get('anna', `/api/institution/${SONNE}/contractor?search=Praxis`);
    expect(anna.statusCode).toBe(200);
    expect(anna.json()).toEqual([]);
    expect((await get('max', `/api/institution/${SONNE}/contractor?search=abc`)).statusCode).toBe(
      403,
    );
    expect((await get('max', `/api/institution/${NORD}/contractor?search=abc`)).statusCode).toBe(
      404,
    );
  });

  it("lists a customer's users, and 404 for an institution that is not a customer", async () => {
    const users = await get('sara', `/api/institution/${NORD}/contractor/${SONNE}/user?search=Max`);
    expect(users.statusCode).toBe(200);
    expect(users.json()).toEqual([
      expect.objectContaining({ id: DEMO_USERS.max, firstName: 'Max', role: 'INSTITUTION_MEMBER' }),
    ]);
    const self = await get('sara', `/api/institution/${NORD}/contractor/${NORD}/user?search=`);
    expect(self.statusCode).toBe(404);
  });

  it("finds a customer's user by several words in any order, name or address", async () => {
    const search = async (words: string) =>
      (
        (
          await get(
            'sara',
            `/api/institution/${NORD}/contractor/${SONNE}/user?search=${encodeURIComponent(words)}`,
          )
        ).json() as { id: string }[]
      ).map((user) => user.id);
    // Support staff type the name as they heard it on the phone: surname first, or with the
    // practice's mail domain; each word must match the name or the e-mail address.
    for (const words of ['Schäfer Anna', 'anna schä', 'Anna sonnenschein', 'Anna Schäfer']) {
      expect(await search(words), words).toEqual([DEMO_USERS.anna]);
    }
    expect(await search('Anna Weiß')).toEqual([]);
    // Wildcards are plain characters in every word.
    for (const words of ['Anna %', 'Anna _', '% Schäfer', 'Anna \\']) {
      expect(await search(words), words).toEqual([]);
    }
  });

  it("leaves out a customer's users whom nobody may act as: admins of a trusted institution", async () => {
    // Tom, admin of the trusted Abrechnungszentrum Nord, belongs to Praxis Sonnenschein too. The
    // token exchange refuses acting as him ('requested subject is admin of a trusted
    // institution'), so listing him only led to 'Nachahmung des Users nicht erlaubt.'.
    await whileMemberOfSonne(DEMO_USERS.tom, async () => {
      const bySara = await get('sara', `/api/institution/${NORD}/contractor/${SONNE}/user?search=`);
      const ids = (bySara.json() as { id: string }[]).map((user) => user.id);
      expect(ids).toContain(DEMO_USERS.max);
      expect(ids).toContain(DEMO_USERS.anna);
      expect(ids).not.toContain(DEMO_USERS.tom);
      // The same rule as the exchange's.
      expect(await decideActingAs(t.app.db, DEMO_USERS.sara, DEMO_USERS.tom)).toMatchObject({
        allowed: false,
      });
      expect(await decideActingAs(t.app.db, DEMO_USERS.sara, DEMO_USERS.anna)).toMatchObject({
        allowed: true,
      });
    });
  });

  it("leaves the caller out of a customer's users where they are a member there too", async () => {
    // Sara belongs to Praxis Sonnenschein as well (a provider's staff often do).
    await whileMemberOfSonne(DEMO_USERS.sara, async () => {
      const bySara = await get('sara', `/api/institution/${NORD}/contractor/${SONNE}/user?search=`);
      const ids = (bySara.json() as { id: string }[]).map((user) => user.id);
      expect(ids).toContain(DEMO_USERS.max);
      expect(ids).not.toContain(DEMO_USERS.sara);
      // Only the caller is left out: Tom still finds her.
      const byTom = await get(
        'tom',
        `/api/institution/${NORD}/contractor/${SONNE}/user?search=Sara`,
      );
      expect(byTom.json()).toEqual([expect.objectContaining({ id: DEMO_USERS.sara })]);
    });
  });

  it("lists a customer's users in German alphabetical order (Öztürk before Zimmermann)", async () => {
    const db = t.app.db;
    const [customer] = await db
      .insert(institutions)
      .values({ name: 'Praxis Umlaut', city: 'Köln', postalcode: '50667', street: 'Ring 2' })
      .returning({ id: institutions.id });
    await db
      .insert(relationships)
      .values({ contractorId: NORD, customerId: customer!.id, referenceNumber: 'U-1' });
    const names = ['Zimmermann', 'Öztürk', 'de Vries', 'Übel', 'Ulrich', 'Adler'];
    const added = await db
      .insert(users)
      .values(
        names.map((lastName, index) => ({
          email: `umlaut.${index}@example.invalid`,
          firstName: 'Kim',
          lastName,
        })),
      )
      .returning({ id: users.id });
    await db.insert(institutionUserRoles).values(
      added.map((user) => ({
        userId: user.id,
        institutionId: customer!.id,
        role: 'INSTITUTION_MEMBER' as const,
      })),
    );
    const found = await get(
      'sara',
      `/api/institution/${NORD}/contractor/${customer!.id}/user?search=umlaut`,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json().map((user: { lastName: string }) => user.lastName)).toEqual([
      'Adler',
      'de Vries',
      'Öztürk',
      'Übel',
      'Ulrich',
      'Zimmermann',
    ]);
  });

  it('escapes LIKE wildcards', () => {
    expect(likeTerm('  50%_a\\ ')).toBe('50\\%\\_a\\\\');
  });
});

describe('support access log', () => {
  it("shows the customer's admins who impersonated, from which contractor; members get 403", async () => {
    const token = await impersonate('sara', DEMO_USERS.max, 'Support-Test');
    const end = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation/end',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(end.statusCode).toBe(204);
    const list = await get('anna', `/api/institution/${SONNE}/support-access`);
    expect(list.statusCode).toBe(200);
    const [entry] = list.json() as { endedAt: string | null; durationSeconds: number }[];
    expect(entry).toMatchObject({
      impersonatorName: 'Sara Öztürk',
      userName: 'Max Weiß',
      contractorNames: ['Abrechnungszentrum Nord GmbH'],
    });
    expect(entry!.endedAt).not.toBeNull();
    // Ended once more from a second tab a moment later: the list keeps the first end.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation/end',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.statusCode).toBe(204);
    const [same] = (await get('anna', `/api/institution/${SONNE}/support-access`)).json() as {
      endedAt: string | null;
    }[];
    expect(same!.endedAt).toBe(entry!.endedAt);
    expect((await get('max', `/api/institution/${SONNE}/support-access`)).statusCode).toBe(403);
    // Nothing about other institutions' accesses.
    const mueller = await get(
      'anna',
      `/api/institution/${DEMO_INSTITUTIONS.zahnarztpraxisMueller}/support-access`,
    );
    expect(mueller.statusCode).toBe(403);
  });

  it('cannot be changed or deleted through the API', async () => {
    const token = await tokenOf('anna');
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `/api/institution/${SONNE}/support-access`,
        headers: { authorization: `Bearer ${token}` },
      });
      // The route exists for reading only: 405 with Allow (uniform answers, issue 6).
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toMatch(/^GET/);
    }
  });

  it('refuses ending without an impersonation', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/impersonation/end',
      headers: { authorization: `Bearer ${await tokenOf('sara')}` },
    });
    expect(response.statusCode).toBe(403);
  });
});
