import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import {
  accountTokens,
  institutions,
  institutionUserRoles,
  supportContacts,
  users,
} from '../../db/schema';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../../db/seed/demo-ids';

describe('GET /api/institution/:id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async (id: string, user: Parameters<typeof demoToken>[1] = 'anna') =>
    t.app.inject({
      method: 'GET',
      url: `/api/institution/${id}`,
      headers: bearer(await demoToken(t, user)),
    });

  it('answers a member with the institution, its users and its support contacts', async () => {
    const res = await get(DEMO_INSTITUTIONS.praxisSonnenschein);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: DEMO_INSTITUTIONS.praxisSonnenschein,
      name: 'Praxis Sonnenschein',
      city: 'Hamburg',
      postalcode: '20095',
      street: 'Mönckebergstraße 7',
      trusted: false,
      theme: null,
    });
    const members = Object.fromEntries(
      body.users.map((user: { id: string; role: string }) => [user.id, user.role]),
    );
    expect(members).toEqual({
      [DEMO_USERS.anna]: 'INSTITUTION_ADMIN',
      [DEMO_USERS.max]: 'INSTITUTION_MEMBER',
      [DEMO_USERS.otto]: 'INSTITUTION_MEMBER',
    });
    const anna = body.users.find((user: { id: string }) => user.id === DEMO_USERS.anna);
    expect(anna).toMatchObject({
      email: 'anna.admin@praxis-sonnenschein.de',
      fullName: 'Anna Schäfer',
      hasAccountActivated: true,
    });
    expect(body.supportContacts.length).toBeGreaterThanOrEqual(2);
    expect(body.supportContacts[0]).toEqual({
      description: 'Technischer Support (Praxis-IT, TI-Konnektor)',
      phone: '+49 40 3280 4410',
      email: 'it-support@praxis-sonnenschein.de',
    });
    for (const contact of body.supportContacts) {
      expect(contact.description).toBeTruthy();
      expect(contact.phone ?? contact.email).toBeTruthy();
    }
  });

  it('answers from memory, and shows every change to the answer at once, whoever made it', async () => {
    const db = t.app.db;
    const [own] = await db
      .insert(institutions)
      .values({ name: 'Cache-Praxis', city: 'Bremen', postalcode: '28195', street: 'Am Wall 1' })
      .returning({ id: institutions.id });
    const id = own!.id;
    const [member] = await db
      .insert(users)
      .values({ email: 'cache.member@example.invalid', firstName: 'Carla', lastName: 'Cache' })
      .returning({ id: users.id });
    await db.insert(institutionUserRoles).values([
      { userId: DEMO_USERS.anna, institutionId: id, role: 'INSTITUTION_ADMIN' },
      { userId: member!.id, institutionId: id, role: 'INSTITUTION_MEMBER' },
    ]);
    const body = async () => (await get(id)).json();
    expect((await body()).name).toBe('Cache-Praxis');

    // Changed in the database directly (as another process would): the next answer has it.
    await db.update(institutions).set({ name: 'Cache-Praxis Nord' }).where(eq(institutions.id, id));
    await expect.poll(async () => (await body()).name).toBe('Cache-Praxis Nord');
    await db.update(users).set({ firstName: 'Carlotta' }).where(eq(users.id, member!.id));
    await expect
      .poll(async () => (await body()).users.map((u: { fullName: string }) => u.fullName))
      .toContain('Carlotta Cache');
    await db
      .insert(supportContacts)
      .values({ institutionId: id, description: 'Hotline', phone: '0421 123' });
    await expect
      .poll(async () => (await body()).supportContacts)
      .toEqual([{ description: 'Hotline', phone: '0421 123', email: null }]);
    await db.delete(institutionUserRoles).where(eq(institutionUserRoles.userId, member!.id));
    await expect.poll(async () => (await body()).users).toHaveLength(1);
  });

  it("names until when an invited member's newest unused link works, past once it expired, and follows every change of it", async () => {
    const db = t.app.db;
    const [own] = await db
      .insert(institutions)
      .values({
        name: 'Einladungs-Praxis',
        city: 'Kiel',
        postalcode: '24103',
        street: 'Holstenstraße 1',
      })
      .returning({ id: institutions.id });
    const id = own!.id;
    const [invitee] = await db
      .insert(users)
      .values({ email: 'eva.eingeladen@example.invalid', firstName: 'Eva', lastName: 'Eingeladen' })
      .returning({ id: users.id });
    await db.insert(institutionUserRoles).values([
      { userId: DEMO_USERS.anna, institutionId: id, role: 'INSTITUTION_ADMIN' },
      { userId: invitee!.id, institutionId: id, role: 'INSTITUTION_MEMBER' },
    ]);
    const member = async (userId: string) =>
      (await get(id)).json().users.find((user: { id: string }) => user.id === userId);
    // No link sent (yet): no key at all (optional in the contract, never null).
    expect(await member(invitee!.id)).not.toHaveProperty('invitationValidUntil');
    expect(await member(DEMO_USERS.anna)).not.toHaveProperty('invitationValidUntil');

    // Written directly (as another process would): the next answers have it.
    const day = 24 * 3_600_000;
    const expired = new Date(Date.now() - day);
    const [first] = await db
      .insert(accountTokens)
      .values({ userId: invitee!.id, kind: 'INVITATION', tokenHash: 'eva-1', expiresAt: expired })
      .returning({ id: accountTokens.id });
    await expect
      .poll(async () => (await member(invitee!.id)).invitationValidUntil)
      .toBe(expired.toISOString());
    // A newer link (re-sent): its validity, the earlier one used up.
    const renewed = new Date(Date.now() + 7 * day);
    await db
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(eq(accountTokens.id, first!.id));
    await db.insert(accountTokens).values({
      userId: invitee!.id,
      kind: 'INVITATION',
      tokenHash: 'eva-2',
      expiresAt: renewed,
      createdAt: new Date(Date.now() + 1000),
    });
    await expect
      .poll(async () => (await member(invitee!.id)).invitationValidUntil)
      .toBe(renewed.toISOString());
    // Other kinds of links (a reset) are no invitation.
    await db.insert(accountTokens).values({
      userId: invitee!.id,
      kind: 'PASSWORD_RESET',
      tokenHash: 'eva-3',
      expiresAt: new Date(Date.now() + 10 * day),
      createdAt: new Date(Date.now() + 2000),
    });
    expect((await member(invitee!.id)).invitationValidUntil).toBe(renewed.toISOString());
    // Activated: none.
    await db.update(users).set({ hasAccountActivated: true }).where(eq(users.id, invitee!.id));
    await expect
      .poll(async () => await member(invitee!.id))
      .not.toHaveProperty('invitationValidUntil');
  });

  it('lists the users in German alphabetical order: umlauts with their vowel, case ignored, numbers by their value', async () => {
    const db = t.app.db;
    const [own] = await db
      .insert(institutions)
      .values({ name: 'Praxis Alphabet', city: 'Köln', postalcode: '50667', street: 'Ring 1' })
      .returning({ id: institutions.id });
    // Inserted out of order; the database's own collation (C in PGlite, often C.UTF-8 in
    // PostgreSQL) put Öztürk, Übel and de Vries after Zimmermann.
    const names = [
      ['Zoe', 'Zimmermann'],
      ['Sara', 'Öztürk'],
      ['Jan', 'de Vries'],
      ['Uwe', 'Ulrich'],
      ['Ute', 'Übel'],
      ['Olaf', 'Ostermann'],
      ['Ada', 'Adler'],
      ['Ärzte', 'Team'],
      ['Bernd', 'Team'],
      // Shared workstations named by number: 10 after 2 (text order put it first).
      ['Empfang', 'Arbeitsplatz 10'],
      ['Empfang', 'Arbeitsplatz 2'],
    ];
    const members = await db
      .insert(users)
      .values(
        names.map(([firstName, lastName], index) => ({
          email: `alphabet.${index}@example.invalid`,
          firstName: firstName ?? '',
          lastName: lastName ?? '',
        })),
      )
      .returning({ id: users.id });
    await db.insert(institutionUserRoles).values([
      { userId: DEMO_USERS.anna, institutionId: own!.id, role: 'INSTITUTION_ADMIN' },
      ...members.map((member) => ({
        userId: member.id,
        institutionId: own!.id,
        role: 'INSTITUTION_MEMBER' as const,
      })),
    ]);
    const res = await get(own!.id);
    expect(res.json().users.map((u: { fullName: string }) => u.fullName)).toEqual([
      'Ada Adler',
      'Empfang Arbeitsplatz 2',
      'Empfang Arbeitsplatz 10',
      'Jan de Vries',
      'Olaf Ostermann',
      'Sara Öztürk',
      'Anna Schäfer',
      'Ärzte Team',
      'Bernd Team',
      'Ute Übel',
      'Uwe Ulrich',
      'Zoe Zimmermann',
    ]);
  });

  it('answers a plain member too, and the trusted flag of a trusted institution', async () => {
    const res = await get(DEMO_INSTITUTIONS.abrechnungszentrumNord, 'sara');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Abrechnungszentrum Nord GmbH', trusted: true });
  });

  it('answers 404 to a non-member, exactly as for an unknown id', async () => {
    const other = await get(DEMO_INSTITUTIONS.abrechnungszentrumNord, 'anna');
    const unknown = await get(crypto.randomUUID(), 'anna');
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.json()).toEqual(unknown.json());
  });

  it('answers 403 to the technical (restricted) user, as every token route does', async () => {
    expect((await get(DEMO_INSTITUTIONS.praxisSonnenschein, 'technik')).statusCode).toBe(403);
  });

  it('answers 400 problem with the offending parameter for a malformed id', async () => {
    for (const id of ['123', 'not-a-uuid', DEMO_INSTITUTIONS.praxisSonnenschein.toUpperCase()]) {
      const res = await get(id);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({
        status: 400,
        errors: [{ path: 'params.id', message: expect.any(String) }],
      });
    }
  });

  it('answers 404 for a 36-character id that is not a UUID', async () => {
    expect((await get('0'.repeat(36))).statusCode).toBe(404);
    expect((await get('-'.repeat(36))).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/institution/${DEMO_INSTITUTIONS.praxisSonnenschein}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
