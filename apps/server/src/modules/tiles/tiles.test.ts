import { createHash } from 'node:crypto';
import { TILE_ICON_MAX_BYTES, type Tile } from '@portal/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MultipartPart, multipartParts } from '../../../test/multipart';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import {
  businessCases,
  institutions,
  institutionUserRoles,
  relationships,
  tileDefinitions,
} from '../../db/schema';
import {
  DEMO_BUSINESS_CASES,
  DEMO_INSTITUTIONS,
  DEMO_TILE_GROUPS,
  DEMO_TILES,
  DEMO_USERS,
  type DemoUserKey,
  DEMO_BUSINESS_CASE_TYPES as TYPES,
} from '../../db/seed/demo-ids';

const NORD = DEMO_INSTITUTIONS.abrechnungszentrumNord;
const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#228be6"/></svg>';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid tile JSON part (MARKETING, internal target). */
const validInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Testkachel',
  title: 'Titel',
  shortDescription: 'Kurz',
  description: 'Lang',
  target: '/orders',
  isInternal: true,
  tileType: 'MARKETING',
  isDyeable: true,
  priority: 3,
  businessCaseTypeId: TYPES.MARKETING,
  queryParams: null,
  onePath: null,
  tileGroupId: null,
  ...overrides,
});

const tilePart = (json: unknown): MultipartPart => ({
  name: 'tile',
  data: JSON.stringify(json),
  type: 'application/json',
  filename: 'tile.json',
});
const iconPart = (data: string | Buffer = ICON_SVG, filename = 'icon.svg'): MultipartPart => ({
  name: 'icon',
  data,
  type: 'image/svg+xml',
  filename,
});

describe('tiles API', () => {
  let t: TestApp;
  const tokens = new Map<DemoUserKey, string>();
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const auth = async (user: DemoUserKey | null) => {
    if (!user) return {};
    if (!tokens.has(user)) tokens.set(user, await demoToken(t, user));
    return bearer(tokens.get(user)!);
  };
  const get = async (url: string, user: DemoUserKey | null) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: await auth(user) });
  const send = async (
    method: 'POST' | 'PUT',
    url: string,
    user: DemoUserKey | null,
    parts: MultipartPart[],
  ) => {
    const body = multipartParts(parts);
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...(await auth(user)), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const remove = async (url: string, user: DemoUserKey | null) =>
    t.app.inject({ method: 'DELETE', url: `/api${url}`, headers: await auth(user) });
  const definitionCount = async () =>
    (await t.app.db.select({ n: count() }).from(tileDefinitions))[0]!.n;
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await send('POST', `/institution/${NORD}/dashboard-tile`, 'tom', [
      tilePart(validInput(overrides)),
      iconPart(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Tile;
  };
  const expectProblem = (
    res: { statusCode: number; headers: Record<string, unknown> },
    status: number,
  ) => {
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  };

  describe('GET /institution/{id}/tiles', () => {
    it('answers 401 without a token and 404 for another institution, as for an unknown one', async () => {
      expectProblem(await get(`/institution/${SONNENSCHEIN}/tiles`, null), 401);
      const other = await get(`/institution/${NORD}/tiles`, 'max');
      const unknown = await get(`/institution/${crypto.randomUUID()}/tiles`, 'max');
      expectProblem(other, 404);
      expect(other.body).toBe(unknown.body);
    });

    it('gives a customer only tiles of the business case types it has a business case for', async () => {
      const sonnenschein = (
        await get(`/institution/${SONNENSCHEIN}/tiles`, 'max')
      ).json() as Tile[];
      const mueller = (await get(`/institution/${MUELLER}/tiles`, 'anna')).json() as Tile[];
      const types = (cases: object) => new Set(Object.keys(cases));
      expect(sonnenschein.length).toBeGreaterThan(0);
      for (const tile of sonnenschein) {
        expect(types(DEMO_BUSINESS_CASES.nordSonnenschein)).toContain(tile.businessCaseType);
      }
      for (const tile of mueller) {
        expect(types(DEMO_BUSINESS_CASES.nordMueller)).toContain(tile.businessCaseType);
      }
      const ids = (tiles: Tile[]) => tiles.map((tile) => tile.id);
      expect(ids(sonnenschein)).toContain(DEMO_TILES.kundencenterHilfsmittel);
      expect(ids(sonnenschein)).not.toContain(DEMO_TILES.kundencenterPflege);
      expect(ids(mueller)).toContain(DEMO_TILES.kundencenterPflege);
      expect(ids(mueller)).not.toContain(DEMO_TILES.kundencenterHilfsmittel);
      expect(ids(mueller)).not.toContain(DEMO_TILES.tiConnect);
      for (const bank of [
        DEMO_TILES.bankAccount,
        DEMO_TILES.switchingService,
        DEMO_TILES.cardPayment,
      ]) {
        expect(ids(sonnenschein)).toContain(bank);
        expect(ids(mueller)).toContain(bank);
      }
      // The contractor's own dashboard has no customer relationship: no definitions leak there.
      expect((await get(`/institution/${NORD}/tiles`, 'tom')).json()).toEqual([]);
    });

    it('includes the group objects, all three kinds, and sorts by priority then name', async () => {
      const tiles = (await get(`/institution/${SONNENSCHEIN}/tiles`, 'anna')).json() as Tile[];
      expect(new Set(tiles.map((tile) => tile.tileType))).toEqual(
        new Set(['PRIMARY', 'FUNCTIONAL', 'MARKETING']),
      );
      const financing = tiles.find((tile) => tile.id === DEMO_TILES.praxisfinanzierung)!;
      expect(financing.tileGroup).toMatchObject({
        id: DEMO_TILE_GROUPS.finanzierung,
        name: 'Finanzierung',
        description: expect.any(String),
        shortDescription: expect.any(String),
        icon: expect.stringMatching(/^\/api\/tile-icon\/[0-9a-f]{64}$/),
      });
      expect(
        tiles.filter((tile) => tile.tileGroup?.name === 'Finanzierung').length,
      ).toBeGreaterThanOrEqual(2);
      expect(tiles.filter((tile) => tile.tileGroup?.name === 'Fortbildung')).toHaveLength(1);
      const priorities = tiles.map((tile) => tile.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    });

    it('shows a new definition to customers with that business case type only', async () => {
      const created = await create({
        businessCaseTypeId: TYPES.ODITS_KUNDENCENTER_PFLEGE,
        name: 'Nur Pflege',
        tileType: 'PRIMARY',
      });
      const sonnenschein = (
        await get(`/institution/${SONNENSCHEIN}/tiles`, 'anna')
      ).json() as Tile[];
      const mueller = (await get(`/institution/${MUELLER}/tiles`, 'anna')).json() as Tile[];
      expect(sonnenschein.map((tile) => tile.id)).not.toContain(created.id);
      expect(mueller.map((tile) => tile.id)).toContain(created.id);
      await remove(`/institution/${NORD}/dashboard-tile/${created.id}/${created.version}`, 'tom');
    });
  });

  describe('GET /institution/{id}/trusted', () => {
    it('answers the contractor serving a practice with its logo, and null where there is none', async () => {
      const res = await get(`/institution/${SONNENSCHEIN}/trusted`, 'max');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: NORD,
        displayName: 'Abrechnungszentrum Nord GmbH',
        logo: expect.stringMatching(/^\/api\/tile-icon\/[0-9a-f]{64}$/),
      });
      const own = await get(`/institution/${NORD}/trusted`, 'tom');
      expect(own.statusCode).toBe(200);
      expect(own.json()).toBeNull();
      expectProblem(await get(`/institution/${SONNENSCHEIN}/trusted`, null), 401);
      expectProblem(await get(`/institution/${NORD}/trusted`, 'max'), 404);
    });
  });

  describe('dashboard answers kept in memory', () => {
    it('show every change to tiles and partner at once, also one made by another process', async () => {
      const db = t.app.db;
      // A customer of its own (no other test sees it), Anna its admin, served by Nord.
      const [own] = await db
        .insert(institutions)
        .values({ name: 'Cache-Kunde', city: 'Kiel', postalcode: '24103', street: 'Holstenstr. 1' })
        .returning({ id: institutions.id });
      const customer = own!.id;
      await db
        .insert(institutionUserRoles)
        .values({ userId: DEMO_USERS.anna, institutionId: customer, role: 'INSTITUTION_ADMIN' });
      const tiles = async () =>
        ((await get(`/institution/${customer}/tiles`, 'anna')).json() as Tile[]).map(
          (tile) => tile.id,
        );
      const partner = async () => (await get(`/institution/${customer}/trusted`, 'anna')).json();
      // Her new membership reaches the principal cache by NOTIFY too (a round trip on PostgreSQL).
      await expect
        .poll(async () => (await get(`/institution/${customer}/tiles`, 'anna')).statusCode)
        .toBe(200);
      expect(await tiles()).toEqual([]);
      expect(await partner()).toBeNull();

      // Changed in the database directly (as another process would): the next answers have it.
      const [relationship] = await db
        .insert(relationships)
        .values({ contractorId: NORD, customerId: customer, referenceNumber: 'CACHE-1' })
        .returning({ id: relationships.id });
      await expect.poll(async () => (await partner())?.id).toBe(NORD);
      await db
        .insert(businessCases)
        .values({ relationshipId: relationship!.id, businessCaseTypeId: TYPES.BANKACCOUNT });
      await expect.poll(tiles).toContain(DEMO_TILES.bankAccount);

      // Through the API: the writer's next read has it at once, without waiting for NOTIFY.
      const created = await create({ businessCaseTypeId: TYPES.BANKACCOUNT, name: 'Cache-Kachel' });
      expect(await tiles()).toContain(created.id);
      await remove(`/institution/${NORD}/dashboard-tile/${created.id}/${created.version}`, 'tom');
      expect(await tiles()).not.toContain(created.id);

      await db.delete(businessCases).where(eq(businessCases.relationshipId, relationship!.id));
      await expect.poll(tiles).toEqual([]);
      await db.delete(relationships).where(eq(relationships.id, relationship!.id));
      await expect.poll(partner).toBeNull();
    });
  });

  describe('GET /institution/{id}/business-case-type', () => {
    it('lists every type for the trusted institution and its own types for a customer', async () => {
      const all = (await get(`/institution/${NORD}/business-case-type`, 'sara')).json();
      expect(all.map((type: { id: string }) => type.id).sort()).toEqual(
        Object.values(TYPES).sort(),
      );
      const own = (await get(`/institution/${MUELLER}/business-case-type`, 'anna')).json();
      expect(own.map((type: { name: string }) => type.name).sort()).toEqual(
        Object.keys(DEMO_BUSINESS_CASES.nordMueller).sort(),
      );
      expect(own[0]).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        label: expect.any(String),
      });
      expectProblem(await get(`/institution/${NORD}/business-case-type`, null), 401);
      expectProblem(await get(`/institution/${NORD}/business-case-type`, 'anna'), 404);
    });
  });

  describe('GET /institution/{id}/dashboard-tile and …/group', () => {
    it("lists the trusted institution's definitions of one type and its groups", async () => {
      const res = await get(
        `/institution/${NORD}/dashboard-tile?businessCaseTypeId=${TYPES.BANKACCOUNT}`,
        'tom',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().map((tile: Tile) => tile.id)).toEqual([DEMO_TILES.bankAccount]);
      const groups = await get(`/institution/${NORD}/dashboard-tile/group`, 'sara');
      expect(groups.statusCode).toBe(200);
      expect(groups.json().map((group: { name: string }) => group.name)).toEqual([
        'Finanzierung',
        'Fortbildung',
      ]);
    });

    it('answers 401, 404 for another institution, 403 for a customer and 400 for a bad type id', async () => {
      for (const path of [
        `dashboard-tile?businessCaseTypeId=${TYPES.MARKETING}`,
        'dashboard-tile/group',
      ]) {
        expectProblem(await get(`/institution/${NORD}/${path}`, null), 401);
        expectProblem(await get(`/institution/${NORD}/${path}`, 'anna'), 404);
        expectProblem(await get(`/institution/${SONNENSCHEIN}/${path}`, 'anna'), 403);
      }
      expectProblem(
        await get(`/institution/${NORD}/dashboard-tile?businessCaseTypeId=x`, 'tom'),
        400,
      );
      expectProblem(await get(`/institution/${NORD}/dashboard-tile`, 'tom'), 400);
    });
  });

  describe('POST /institution/{id}/dashboard-tile', () => {
    it('creates a tile from the JSON part and the icon, answered 201 with the stored tile', async () => {
      const created = await create({
        name: 'Neue Kachel',
        tileGroupId: DEMO_TILE_GROUPS.finanzierung,
        target: 'https://example.org/angebot',
        isInternal: false,
        queryParams: { quelle: 'portal' },
        onePath: 'egeko-smo',
        priority: 1,
      });
      expect(created).toMatchObject({
        version: 0,
        name: 'Neue Kachel',
        target: 'https://example.org/angebot',
        isInternal: false,
        tileType: 'MARKETING',
        priority: 1,
        businessCaseType: 'MARKETING',
        businessCaseTypeId: TYPES.MARKETING,
        queryParams: { quelle: 'portal' },
        onePath: 'egeko-smo',
        notificationCount: null,
        institutionId: NORD,
        tileGroup: { id: DEMO_TILE_GROUPS.finanzierung, name: 'Finanzierung' },
      });
      const sha = createHash('sha256').update(ICON_SVG).digest('hex');
      expect(created.icon).toBe(`/api/tile-icon/${sha}`);
      const dashboard = (await get(`/institution/${SONNENSCHEIN}/tiles`, 'max')).json() as Tile[];
      expect(dashboard.map((tile) => tile.id)).toContain(created.id);
    });

    it('accepts the JSON part as a plain form field and a PNG icon', async () => {
      const res = await send('POST', `/institution/${NORD}/dashboard-tile`, 'tom', [
        { name: 'tile', data: JSON.stringify(validInput({ name: 'Als Feld' })) },
        { name: 'icon', data: PNG_1X1, type: 'image/png', filename: 'a.png' },
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const icon = await get(res.json().icon.replace(/^\/api/, ''), null);
      expect(icon.headers['content-type']).toBe('image/png');
      expect(icon.rawPayload.equals(PNG_1X1)).toBe(true);
    });

    it('keeps line breaks and tabs in the descriptions (one-line fields refuse them)', async () => {
      const text = 'Erste Zeile\nZweite Zeile\r\n\tEingerückt';
      const created = await create({ description: text, shortDescription: 'Kurz\nund knapp' });
      expect(created).toMatchObject({ description: text, shortDescription: 'Kurz\nund knapp' });
    });

    it('answers 401, 404 for another institution, 403 for a non-admin and for a non-trusted admin', async () => {
      const parts = [tilePart(validInput()), iconPart()];
      const before = await definitionCount();
      expectProblem(await send('POST', `/institution/${NORD}/dashboard-tile`, null, parts), 401);
      expectProblem(await send('POST', `/institution/${NORD}/dashboard-tile`, 'anna', parts), 404);
      expectProblem(
        await send('POST', `/institution/${SONNENSCHEIN}/dashboard-tile`, 'tom', parts),
        404,
      );
      expectProblem(await send('POST', `/institution/${NORD}/dashboard-tile`, 'sara', parts), 403);
      expectProblem(
        await send('POST', `/institution/${SONNENSCHEIN}/dashboard-tile`, 'anna', parts),
        403,
      );
      expect(await definitionCount()).toBe(before);
    });

    const invalidBodies: [string, MultipartPart[], RegExp][] = [
      ['priority 0', [tilePart(validInput({ priority: 0 })), iconPart()], /Priorität/],
      ['priority 6', [tilePart(validInput({ priority: 6 })), iconPart()], /Priorität/],
      ['priority 2.5', [tilePart(validInput({ priority: 2.5 })), iconPart()], /Priorität/],
      ['empty name', [tilePart(validInput({ name: '  ' })), iconPart()], /Name/],
      [
        'name of 61 characters',
        [tilePart(validInput({ name: 'x'.repeat(61) })), iconPart()],
        /Name/,
      ],
      [
        'description of 501 characters',
        [tilePart(validInput({ description: 'x'.repeat(501) })), iconPart()],
        /Beschreibung/,
      ],
      ['unknown tile type', [tilePart(validInput({ tileType: 'OTHER' })), iconPart()], /Kacheltyp/],
      [
        'external http target',
        [tilePart(validInput({ isInternal: false, target: 'http://example.org' })), iconPart()],
        /https/,
      ],
      [
        'external relative target',
        [tilePart(validInput({ isInternal: false, target: '/orders' })), iconPart()],
        /https/,
      ],
      [
        'javascript target',
        [tilePart(validInput({ isInternal: false, target: 'javascript:alert(1)' })), iconPart()],
        /https/,
      ],
      [
        'internal path outside the route table',
        [tilePart(validInput({ target: '/admin' })), iconPart()],
        /Pfad des Portals/,
      ],
      [
        'internal protocol-relative target',
        [tilePart(validInput({ target: '//evil.example/orders' })), iconPart()],
        /Pfad des Portals/,
      ],
      [
        'internal absolute URL',
        [tilePart(validInput({ target: 'https://example.org/' })), iconPart()],
        /Pfad des Portals/,
      ],
      [
        'unknown group',
        [tilePart(validInput({ tileGroupId: crypto.randomUUID() })), iconPart()],
        /Kachelgruppe/,
      ],
      [
        'unknown business case type',
        [tilePart(validInput({ businessCaseTypeId: crypto.randomUUID() })), iconPart()],
        /Geschäftsfalltyp/,
      ],
      [
        'missing business case type',
        [tilePart(validInput({ businessCaseTypeId: undefined })), iconPart()],
        /Geschäftsfalltyp/,
      ],
      ['onePath with spaces', [tilePart(validInput({ onePath: 'a b' })), iconPart()], /onePath/],
      [
        'too many query parameters',
        [
          tilePart(
            validInput({
              queryParams: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v'])),
            }),
          ),
          iconPart(),
        ],
        /Abfrageparameter/,
      ],
      ['missing icon', [tilePart(validInput())], /Symbol/],
      [
        'GIF icon',
        [
          tilePart(validInput()),
          iconPart(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.gif'),
        ],
        /PNG-, SVG- oder WebP-Bild/,
      ],
      [
        'text claiming to be SVG',
        [tilePart(validInput()), iconPart('hello world', 'a.svg')],
        /PNG-, SVG- oder WebP-Bild/,
      ],
      [
        'HTML with an svg inside',
        [tilePart(validInput()), iconPart('<html><body><svg></svg></body></html>', 'a.svg')],
        /PNG-, SVG- oder WebP-Bild/,
      ],
      [
        'icon over the size limit',
        [
          tilePart(validInput()),
          iconPart(Buffer.concat([PNG_1X1, Buffer.alloc(TILE_ICON_MAX_BYTES)]), 'big.png'),
        ],
        /zu groß/,
      ],
      [
        'invalid JSON part',
        [{ name: 'tile', data: '{nope', type: 'application/json', filename: 't.json' }, iconPart()],
        /kein gültiges JSON/,
      ],
      ['missing JSON part', [iconPart()], /fehlt/],
      [
        'NUL in the JSON part',
        [tilePart(validInput({ name: 'a\u0000b' })), iconPart()],
        /Steuerzeichen/,
      ],
      [
        'a C1 control in the JSON part',
        [tilePart(validInput({ name: 'a\u009bb' })), iconPart()],
        /^Die Anfrage enthält unzulässige Steuerzeichen/,
      ],
      [
        'a line break in the name',
        [tilePart(validInput({ name: 'Bank\nkonto' })), iconPart()],
        /^Der Name darf nur aus einer Zeile bestehen/,
      ],
      [
        'a tab in the title',
        [tilePart(validInput({ title: 'Ihr\tKonto' })), iconPart()],
        /^Der Titel darf nur aus einer Zeile bestehen/,
      ],
      [
        'a right-to-left override in the name',
        [tilePart(validInput({ name: 'Bank\u202ekonto' })), iconPart()],
        /^Der Name darf nur aus einer Zeile bestehen/,
      ],
      [
        'a line break inside an external target (new URL() drops it)',
        [tilePart(validInput({ isInternal: false, target: 'https://exa\nmple.org/' })), iconPart()],
        /^Das Ziel darf nur aus einer Zeile bestehen/,
      ],
      [
        'a lone surrogate in the JSON part',
        [tilePart(validInput({ name: 'a\ud800' })), iconPart()],
        /ungültig kodierten Text/,
      ],
      [
        'an id of the right shape that is no UUID',
        [tilePart(validInput({ businessCaseTypeId: '-'.repeat(36) })), iconPart()],
        /Geschäftsfalltyp/,
      ],
      [
        'unknown part',
        [tilePart(validInput()), iconPart(), { name: 'extra', data: 'x' }],
        /unbekannten Teil/,
      ],
    ];
    it.each(invalidBodies)(
      'answers 400 with the reason for %s, changing nothing',
      async (_, parts, reason) => {
        const before = await definitionCount();
        const res = await send('POST', `/institution/${NORD}/dashboard-tile`, 'tom', parts);
        expectProblem(res, 400);
        expect(res.json().detail).toMatch(reason);
        expect(await definitionCount()).toBe(before);
      },
    );

    it.each([
      ['no boundary', 'multipart/form-data', '--walk\r\n\r\nx\r\n--walk--\r\n'],
      [
        'a form that ends early',
        'multipart/form-data; boundary=walk',
        '--walk\r\nContent-Disposition: form-data; name="tile"\r\n\r\n{',
      ],
      [
        'a part without a name',
        'multipart/form-data; boundary=walk',
        '--walk\r\nContent-Disposition: form-data\r\n\r\nx\r\n--walk--\r\n',
      ],
    ])('answers 400 problem+json to a broken form (%s), not 500', async (_, type, payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${NORD}/dashboard-tile`,
        headers: { ...(await auth('tom')), 'content-type': type },
        payload,
      });
      expectProblem(res, 400);
    });

    it('answers 400 to a body that is not multipart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${NORD}/dashboard-tile`,
        headers: { ...(await auth('tom')), 'content-type': 'application/json' },
        payload: JSON.stringify(validInput()),
      });
      expectProblem(res, 400);
    });
  });

  describe('PUT /institution/{id}/dashboard-tile/{tileId}', () => {
    it('updates a tile of the current version, bumping the version, keeping the icon without a new one', async () => {
      const created = await create({ name: 'Vorher' });
      const res = await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...validInput({ name: 'Nachher', priority: 5 }), version: created.version }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: created.id,
        name: 'Nachher',
        priority: 5,
        version: 1,
        icon: created.icon,
      });
      const png = await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...validInput({ name: 'Nachher' }), version: 1 }),
        { name: 'icon', data: PNG_1X1, type: 'image/png', filename: 'a.png' },
      ]);
      expect(png.statusCode).toBe(200);
      expect(png.json().icon).toBe(
        `/api/tile-icon/${createHash('sha256').update(PNG_1X1).digest('hex')}`,
      );
      expect(png.json().version).toBe(2);
    });

    it('accepts a whole Tile sent back (group object, extra fields) and keeps its group', async () => {
      const created = await create({ name: 'Ganz', tileGroupId: DEMO_TILE_GROUPS.fortbildung });
      const { tileGroup, ...rest } = created;
      const res = await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...rest, tileGroup, name: 'Ganz neu', fakeId: 'x' }),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        name: 'Ganz neu',
        tileGroup: { id: DEMO_TILE_GROUPS.fortbildung },
      });
      const ungrouped = await send(
        'PUT',
        `/institution/${NORD}/dashboard-tile/${created.id}`,
        'tom',
        [tilePart({ ...rest, version: 1, tileGroup: null })],
      );
      expect(ungrouped.json().tileGroup).toBeNull();
    });

    it('answers 409 with the current tile for an older version', async () => {
      const created = await create({ name: 'Konflikt' });
      await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...validInput({ name: 'Erster' }), version: 0 }),
      ]);
      const res = await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...validInput({ name: 'Zweiter' }), version: 0 }),
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        id: created.id,
        name: 'Erster',
        version: 1,
        target: '/orders',
        isInternal: true,
      });
    });

    it('lets exactly one of N parallel updates of one version win; the others get 409 with the winner', async () => {
      const created = await create({ name: 'Wettlauf' });
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
            tilePart({ ...validInput({ name: `Sieger ${index}` }), version: created.version }),
          ]),
        ),
      );
      const winners = results.filter((res) => res.statusCode === 200);
      const losers = results.filter((res) => res.statusCode === 409);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(7);
      const winner = winners[0]!.json() as Tile;
      expect(winner.version).toBe(created.version + 1);
      for (const loser of losers) expect(loser.json()).toEqual(winner);
      const [row] = await t.app.db
        .select({ version: tileDefinitions.version, name: tileDefinitions.name })
        .from(tileDefinitions)
        .where(eq(tileDefinitions.id, created.id));
      expect(row).toEqual({ version: 1, name: winner.name });
    });

    it('answers 400 with nothing changed, 404 for unknown or foreign tiles, 401 and 403', async () => {
      const created = await create({ name: 'Unverändert' });
      const url = `/institution/${NORD}/dashboard-tile/${created.id}`;
      const good = [tilePart({ ...validInput({ name: 'Geändert' }), version: 0 })];
      for (const bad of [
        [tilePart({ ...validInput({ priority: 9 }), version: 0 })],
        [tilePart(validInput({ name: 'Ohne Version' }))],
        [tilePart({ ...validInput({ target: 'ftp://x' }), version: 0 })],
        [tilePart({ ...validInput(), version: 0 }), iconPart('<html></html>', 'x.svg')],
      ]) {
        expectProblem(await send('PUT', url, 'tom', bad), 400);
      }
      expectProblem(await send('PUT', url, null, good), 401);
      expectProblem(await send('PUT', url, 'sara', good), 403);
      expectProblem(await send('PUT', url, 'anna', good), 404);
      expectProblem(
        await send(
          'PUT',
          `/institution/${NORD}/dashboard-tile/${crypto.randomUUID()}`,
          'tom',
          good,
        ),
        404,
      );
      const [row] = await t.app.db
        .select({ version: tileDefinitions.version, name: tileDefinitions.name })
        .from(tileDefinitions)
        .where(eq(tileDefinitions.id, created.id));
      expect(row).toEqual({ version: 0, name: 'Unverändert' });
    });
  });

  describe('DELETE /institution/{id}/dashboard-tile/{tileId}/{version}', () => {
    it('answers 409 with the tile for an older version, 204 for the current one, then 404', async () => {
      const created = await create({ name: 'Löschen' });
      await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...validInput({ name: 'Löschen 2' }), version: 0 }),
      ]);
      const stale = await remove(`/institution/${NORD}/dashboard-tile/${created.id}/0`, 'tom');
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ id: created.id, name: 'Löschen 2', version: 1 });
      const done = await remove(`/institution/${NORD}/dashboard-tile/${created.id}/1`, 'tom');
      expect(done.statusCode).toBe(204);
      expect(done.body).toBe('');
      expectProblem(
        await remove(`/institution/${NORD}/dashboard-tile/${created.id}/1`, 'tom'),
        404,
      );
    });

    it('answers 401, 403 for a non-admin, 404 for another institution and 400 for a bad version', async () => {
      const url = `/institution/${NORD}/dashboard-tile/${DEMO_TILES.newsletter}/0`;
      expectProblem(await remove(url, null), 401);
      expectProblem(await remove(url, 'sara'), 403);
      expectProblem(await remove(url, 'anna'), 404);
      expectProblem(
        await remove(
          `/institution/${SONNENSCHEIN}/dashboard-tile/${DEMO_TILES.newsletter}/0`,
          'anna',
        ),
        403,
      );
      expectProblem(
        await remove(`/institution/${NORD}/dashboard-tile/${DEMO_TILES.newsletter}/x`, 'tom'),
        400,
      );
      const still = (await get(`/institution/${SONNENSCHEIN}/tiles`, 'max')).json() as Tile[];
      expect(still.map((tile) => tile.id)).toContain(DEMO_TILES.newsletter);
    });
  });

  describe('tenant scope', () => {
    it('answers a stranger exactly as an unknown institution on every tiles route, whatever the rest of the path', async () => {
      const anyId = crypto.randomUUID();
      const routes: [string, string][] = [
        ['GET', 'tiles'],
        ['GET', 'trusted'],
        ['GET', 'business-case-type'],
        ['GET', `dashboard-tile?businessCaseTypeId=${anyId}`],
        ['GET', 'dashboard-tile/group'],
        ['POST', 'dashboard-tile'],
        ['PUT', `dashboard-tile/${anyId}`],
        ['DELETE', `dashboard-tile/${anyId}/${anyId}`],
        ['DELETE', `dashboard-tile/${anyId}/-1`],
      ];
      for (const [method, rest] of routes) {
        const call = async (institutionId: string) =>
          t.app.inject({
            method: method as 'GET',
            url: `/api/institution/${institutionId}/${rest}`,
            headers: await auth('anna'),
          });
        const unknown = await call(crypto.randomUUID());
        const stranger = await call(NORD);
        expect(unknown.statusCode, `${method} ${rest}`).toBe(404);
        expect(stranger.statusCode, `${method} ${rest}`).toBe(404);
        expect(stranger.body).toBe(unknown.body);
      }
    });
  });

  describe('icons', () => {
    it('sanitises an uploaded SVG: no script, event handler, style sheet or external reference survives', async () => {
      const evil = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(2)</script>
  <style>@import url(https://evil.example/x.css);</style>
  <a href="javascript:alert(3)"><rect width="5" height="5" onclick="alert(4)" fill="#f00"/></a>
  <use xlink:href="https://evil.example/sprite.svg#a"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <rect width="2" height="2" fill="url(https://evil.example/p)" style="fill:url(https://evil.example/q)"/>
  <circle cx="5" cy="5" r="2" fill="url(#local)"/>
  <foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onmouseover="alert(5)">x</div></foreignObject>
  <animate attributeName="href" to="javascript:alert(6)"/>
</svg>`;
      const created = await create({ name: 'SVG' });
      const res = await send('PUT', `/institution/${NORD}/dashboard-tile/${created.id}`, 'tom', [
        tilePart({ ...validInput({ name: 'SVG' }), version: 0 }),
        iconPart(evil),
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const icon = await get(res.json().icon.replace(/^\/api/, ''), null);
      expect(icon.statusCode).toBe(200);
      const svg = icon.body;
      expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toContain('<rect');
      expect(svg).toContain('url(#local)');
      for (const forbidden of [
        /<script/i,
        /\son\w+=/i,
        /javascript:/i,
        /<style/i,
        /evil\.example/,
        /<foreignObject/i,
        /<image/i,
        /<use/i,
        /<animate/i,
        /alert/,
      ]) {
        expect(svg).not.toMatch(forbidden);
      }
    });

    it('serves icons without a token, by content hash, cached immutably for a year', async () => {
      const tiles = (await get(`/institution/${SONNENSCHEIN}/tiles`, 'max')).json() as Tile[];
      const url = tiles.find((tile) => tile.id === DEMO_TILES.bankAccount)!.icon!;
      const res = await get(url.replace(/^\/api/, ''), null);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(url).toBe(
        `/api/tile-icon/${createHash('sha256').update(res.rawPayload).digest('hex')}`,
      );
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
      expectProblem(await get(`/tile-icon/${'0'.repeat(64)}`, null), 404);
      expectProblem(await get('/tile-icon/not-a-hash', null), 400);
    });
  });
});
