import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TestBrowser } from '../../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { accountTokens, institutions, institutionUserRoles, users } from '../../db/schema';
import { DEMO_EMAILS, DEMO_INSTITUTIONS, DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo-ids';
import { messages, pageMessages } from '../account/messages';
import { TestMailbox } from '../account/test-mailbox';

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;
const MUELLER = DEMO_INSTITUTIONS.zahnarztpraxisMueller;
const NEW_PASSWORD = 'Wolkenkratzer-Zitrone-42';

describe('institution administration', () => {
  let t: TestApp;
  const mailbox = new TestMailbox();
  beforeAll(async () => {
    const smtpUrl = await mailbox.start();
    t = await buildTestApp({ SMTP_URL: smtpUrl });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    user: Parameters<typeof demoToken>[1] = 'anna',
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await demoToken(t, user)),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const institutionRow = async (id: string) =>
    (await t.app.db.select().from(institutions).where(eq(institutions.id, id)))[0]!;

  it('needs a token on every endpoint (401)', async () => {
    const user = `/api/institution/${SONNENSCHEIN}/user/${DEMO_USERS.max}`;
    const endpoints: [string, string][] = [
      ['PUT', `/api/institution/${SONNENSCHEIN}`],
      ['POST', `/api/institution/${SONNENSCHEIN}/user`],
      ['PUT', user],
      ['DELETE', user],
      ['POST', `${user}/email/invitation`],
    ];
    for (const [method, url] of endpoints) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('PUT /api/institution/:id', () => {
    const data = {
      name: 'Praxis Sonnenschein',
      postalcode: '20095',
      city: 'Hamburg',
      street: 'Jungfernstieg 1',
    };

    it('saves for an admin and answers the institution', async () => {
      const res = await call('PUT', `/api/institution/${SONNENSCHEIN}`, 'anna', data);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ ...data, id: SONNENSCHEIN });
      expect((await institutionRow(SONNENSCHEIN)).street).toBe('Jungfernstieg 1');
    });

    it('answers 403 to a member, 404 to a stranger, and changes nothing', async () => {
      const changed = { ...data, street: 'Nirgendwo 9' };
      expect(
        (await call('PUT', `/api/institution/${SONNENSCHEIN}`, 'max', changed)).statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `/api/institution/${SONNENSCHEIN}`, 'tom', changed)).statusCode,
      ).toBe(404);
      // Anna is only a member of the Müller practice.
      expect((await call('PUT', `/api/institution/${MUELLER}`, 'anna', changed)).statusCode).toBe(
        403,
      );
      expect((await institutionRow(SONNENSCHEIN)).street).toBe('Jungfernstieg 1');
    });

    it('answers 400 for an invalid body and changes nothing', async () => {
      for (const body of [
        { ...data, postalcode: '123' },
        { ...data, postalcode: '00000' },
        { ...data, name: '' },
        { name: 'Nur Name' },
      ]) {
        const res = await call('PUT', `/api/institution/${SONNENSCHEIN}`, 'anna', body);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      }
      expect((await institutionRow(SONNENSCHEIN)).name).toBe('Praxis Sonnenschein');
    });

    it('saves a name and a street of 150 characters; 201 answer 400', async () => {
      const url = `/api/institution/${SONNENSCHEIN}`;
      const long = { ...data, name: 'N'.repeat(150), street: 'S'.repeat(150) };
      const res = await call('PUT', url, 'anna', long);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject(long);
      for (const field of ['name', 'street'] as const) {
        const tooLong = await call('PUT', url, 'anna', { ...data, [field]: 'x'.repeat(201) });
        expect(tooLong.statusCode, field).toBe(400);
        expect(tooLong.body).toContain('Höchstens 200 Zeichen');
      }
      expect((await institutionRow(SONNENSCHEIN)).street).toBe('S'.repeat(150));
      expect((await call('PUT', url, 'anna', data)).statusCode).toBe(200);
    });
  });

  describe('invitations', () => {
    const invitee = {
      email: 'lena.neu@example.org',
      firstName: 'Lena',
      lastName: 'Neumann',
      formOfAddress: 'Frau',
      title: 'Dr.',
      role: 'INSTITUTION_MEMBER',
    };
    let inviteeId: string;

    it("a support user acting as the admin invites in no one's name: the mail does not name the admin", async () => {
      const before = mailbox.mails.length;
      const email = 'ida.support@example.org';
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${SONNENSCHEIN}/user`,
        headers: bearer(
          await demoToken(t, 'anna', {
            impersonator: { id: DEMO_USERS.sara, username: 'sara.support' },
          }),
        ),
        payload: { ...invitee, email, firstName: 'Ida', lastName: 'Support' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await mailbox.next(email, before);
      expect(mail.text).toContain(
        'Sie wurden eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
      );
      expect(mail.text).not.toContain('Anna Schäfer');
      await call('DELETE', `/api/institution/${SONNENSCHEIN}/user/${res.json().id}`);
    });

    it('invites a new user: the mail arrives and its link sets a password that signs in', async () => {
      const before = mailbox.mails.length;
      const res = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', invitee);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        email: invitee.email,
        fullName: 'Lena Neumann',
        role: 'INSTITUTION_MEMBER',
        hasAccountActivated: false,
      });
      inviteeId = res.json().id;

      const mail = await mailbox.next(invitee.email, before);
      expect(mail.subject).toBe('Einladung ins Institutionsportal: Praxis Sonnenschein');
      expect(mail.text).toContain('Sehr geehrte Frau Dr. Neumann,');
      // Who invites, so the recipient knows whom to ask whether the mail is genuine.
      expect(mail.text).toContain(
        'Anna Schäfer hat Sie eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
      );
      expect(mail.text).toContain('7 Tage gültig');
      expect(mail.html).toContain('Einladung annehmen');
      const link = TestMailbox.link(mail);
      expect(link).toMatch(/\/auth\/realms\/portal\/login-actions\/action-token\?key=/);
      // Only the hash is stored.
      const key = new URL(link).searchParams.get('key')!;
      const stored = await t.app.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, inviteeId));
      expect(stored.map((row) => row.tokenHash)).not.toContain(key);

      const browser = new TestBrowser(t.app, t.config, '203.0.113.50');
      const page = await browser.request('GET', link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Einladung annehmen');
      const weak = await browser.request('POST', link, {
        form: { password: 'sonnenschein', passwordRepeat: 'sonnenschein' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.body).toContain('zu leicht zu erraten');
      const differ = await browser.request('POST', link, {
        form: { password: NEW_PASSWORD, passwordRepeat: `${NEW_PASSWORD}x` },
      });
      expect(differ.body).toContain('Die Passwörter stimmen nicht überein.');
      const done = await browser.request('POST', link, {
        form: { password: NEW_PASSWORD, passwordRepeat: NEW_PASSWORD },
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain('Passwort gespeichert');

      // Single use; the used link leads to the sign-in.
      const used = await browser.request('GET', link);
      expect(used.statusCode).toBe(400);
      expect(used.body).toContain(pageMessages.invitationAccepted);
      expect(used.body).toContain(pageMessages.toSignIn);
      const again = await browser.request('POST', link, {
        form: { password: 'Noch-Ein-Passwort-99', passwordRepeat: 'Noch-Ein-Passwort-99' },
      });
      expect(again.statusCode).toBe(400);

      const tokens = await browser.signIn({ email: invitee.email, password: NEW_PASSWORD });
      const current = await t.app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(tokens.access_token),
      });
      expect(current.json()).toMatchObject({ id: inviteeId, hasAccountActivated: true });
    });

    it('answers 409 with the German message for an address of a member (any case)', async () => {
      const res = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        ...invitee,
        email: DEMO_EMAILS.max.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Die E-Mail-Adresse wird bereits verwendet.');
    });

    it('adds an account that exists elsewhere instead of creating a second one', async () => {
      const before = mailbox.mails.length;
      const res = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        ...invitee,
        email: DEMO_EMAILS.sara,
        firstName: 'Irgendwer',
        role: 'SUPPORT_USER',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ id: DEMO_USERS.sara, firstName: 'Sara' });
      const mail = await mailbox.next(DEMO_EMAILS.sara, before);
      expect(mail.subject).toBe('Sie wurden zu „Praxis Sonnenschein“ hinzugefügt');
      expect(mail.text).toContain(
        'Anna Schäfer hat Sie im Institutionsportal der Institution „Praxis Sonnenschein“ als Supportmitarbeiter hinzugefügt.',
      );
      const saras = await t.app.db.select().from(users).where(eq(users.email, DEMO_EMAILS.sara));
      expect(saras).toHaveLength(1);
    });

    it('refuses members (403) and strangers (404); invalid bodies are 400 and create nothing', async () => {
      const body = { ...invitee, email: 'nobody@example.org' };
      expect(
        (await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'max', body)).statusCode,
      ).toBe(403);
      expect(
        (await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'tom', body)).statusCode,
      ).toBe(404);
      for (const bad of [
        { ...body, email: 'kein-mail' },
        { ...body, role: 'CHEF' },
        { ...body, firstName: '' },
      ]) {
        expect(
          (await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', bad)).statusCode,
        ).toBe(400);
      }
      expect(
        await t.app.db.select().from(users).where(eq(users.email, 'nobody@example.org')),
      ).toEqual([]);
    });

    it('resends an invitation: the new link works, the old one not; activated accounts get 409', async () => {
      const email = 'paul.spaet@example.org';
      const before = mailbox.mails.length;
      const res = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        ...invitee,
        email,
        formOfAddress: 'Herr',
        title: null,
        firstName: 'Paul',
        lastName: 'Spät',
      });
      const paulId = res.json().id;
      const first = TestMailbox.link(await mailbox.next(email, before));
      const count = mailbox.mails.length;
      const resend = await call(
        'POST',
        `/api/institution/${SONNENSCHEIN}/user/${paulId}/email/invitation`,
      );
      expect(resend.statusCode).toBe(204);
      const second = TestMailbox.link(await mailbox.next(email, count));
      expect(second).not.toBe(first);
      const browser = new TestBrowser(t.app, t.config, '203.0.113.51');
      const replaced = await browser.request('GET', first);
      expect(replaced.statusCode).toBe(400);
      expect(replaced.body).toContain(pageMessages.invitationSpent);
      expect((await browser.request('GET', second)).statusCode).toBe(200);

      expect(
        (
          await call(
            'POST',
            `/api/institution/${SONNENSCHEIN}/user/${paulId}/email/invitation`,
            'max',
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await call(
            'POST',
            `/api/institution/${SONNENSCHEIN}/user/${DEMO_USERS.max}/email/invitation`,
          )
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await call(
            'POST',
            `/api/institution/${SONNENSCHEIN}/user/${DEMO_USERS.tom}/email/invitation`,
          )
        ).statusCode,
      ).toBe(404);
    });

    it('tells the admin until when the invitation link works: in the answer, the list, and anew after a resend', async () => {
      const email = 'jana.frist@example.org';
      const started = Date.now();
      const before = mailbox.mails.length;
      const res = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        ...invitee,
        email,
        firstName: 'Jana',
        lastName: 'Frist',
      });
      expect(res.statusCode).toBe(201);
      await mailbox.next(email, before);
      const janaId = res.json().id;
      const week = 168 * 3_600_000;
      const validUntil = Date.parse(res.json().invitationValidUntil);
      expect(validUntil).toBeGreaterThanOrEqual(started + week - 1000);
      expect(validUntil).toBeLessThanOrEqual(Date.now() + week + 1000);
      const listed = async () =>
        (await call('GET', `/api/institution/${SONNENSCHEIN}`))
          .json()
          .users.find((user: { id: string }) => user.id === janaId);
      expect((await listed()).invitationValidUntil).toBe(res.json().invitationValidUntil);
      // Activated accounts carry none.
      expect(
        (await call('GET', `/api/institution/${SONNENSCHEIN}`))
          .json()
          .users.find((user: { id: string }) => user.id === DEMO_USERS.max),
      ).not.toHaveProperty('invitationValidUntil');

      // A week later the link expired: the list says so (a time in the past).
      const expired = new Date(Date.now() - 60_000);
      await t.app.db
        .update(accountTokens)
        .set({ expiresAt: expired })
        .where(eq(accountTokens.userId, janaId));
      await expect
        .poll(async () => (await listed()).invitationValidUntil)
        .toBe(expired.toISOString());
      // Sent again: the very next answer names the new link's week.
      const count = mailbox.mails.length;
      const resent = await call(
        'POST',
        `/api/institution/${SONNENSCHEIN}/user/${janaId}/email/invitation`,
      );
      expect(resent.statusCode).toBe(204);
      await mailbox.next(email, count);
      expect(Date.parse((await listed()).invitationValidUntil)).toBeGreaterThan(
        Date.now() + week - 60_000,
      );
      await call('DELETE', `/api/institution/${SONNENSCHEIN}/user/${janaId}`);
    });

    it('the page behind the link names the institutions that invited and who, as the mails did', async () => {
      const email = 'kira.gast@example.org';
      const body = { ...invitee, email, firstName: 'Kira', lastName: 'Gast' };
      const browser = new TestBrowser(t.app, t.config, '203.0.113.53');
      let before = mailbox.mails.length;
      // Sara acting as Anna: the mail names nobody, so the page names nobody either.
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${SONNENSCHEIN}/user`,
        headers: bearer(
          await demoToken(t, 'anna', {
            impersonator: { id: DEMO_USERS.sara, username: 'sara.support' },
          }),
        ),
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      const kiraId = res.json().id;
      const first = TestMailbox.link(await mailbox.next(email, before));
      let page = await browser.request('GET', first);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        'Sie wurden eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
      );
      expect(page.body).not.toContain('Anna Schäfer');

      // Anna sends it again herself: now she is named, in the mail and on the page.
      before = mailbox.mails.length;
      await call('POST', `/api/institution/${SONNENSCHEIN}/user/${kiraId}/email/invitation`);
      const second = TestMailbox.link(await mailbox.next(email, before));
      page = await browser.request('GET', second);
      expect(page.body).toContain(
        'Anna Schäfer hat Sie eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
      );

      // Tom invites the same address into his institution: the newest link accepts both, and
      // its page lists both with whom each mail named.
      before = mailbox.mails.length;
      const tom = await call(
        'POST',
        `/api/institution/${DEMO_INSTITUTIONS.abrechnungszentrumNord}/user`,
        'tom',
        body,
      );
      expect(tom.statusCode, tom.body).toBe(201);
      const third = TestMailbox.link(await mailbox.next(email, before));
      page = await browser.request('GET', third);
      expect(page.body).toContain(
        'Sie wurden eingeladen, im Institutionsportal für diese Institutionen mitzuarbeiten:',
      );
      expect(page.body).toContain(
        '<li>„Abrechnungszentrum Nord GmbH“ (eingeladen von Tom Krüger)</li><li>„Praxis Sonnenschein“ (eingeladen von Anna Schäfer)</li>',
      );
      // The replaced link's page says the same: whom to ask for a new one.
      const replaced = await browser.request('GET', second);
      expect(replaced.statusCode).toBe(400);
      expect(replaced.body).toContain(pageMessages.invitationSpent);
      expect(replaced.body).toContain('(eingeladen von Tom Krüger)');
      // A refused password keeps the lines.
      const weak = await browser.request('POST', third, {
        form: { password: 'kurz', passwordRepeat: 'kurz' },
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.body).toContain('(eingeladen von Anna Schäfer)');

      await call(
        'DELETE',
        `/api/institution/${DEMO_INSTITUTIONS.abrechnungszentrumNord}/user/${kiraId}`,
        'tom',
      );
      await call('DELETE', `/api/institution/${SONNENSCHEIN}/user/${kiraId}`);
    });

    it('the invitation page no longer names an inviter who has left the institution', async () => {
      // Lea, an admin of Praxis Sonnenschein for a while, invites Jonas, then leaves.
      const lea = await createUser(t.database.db, { firstName: 'Lea', lastName: 'Gegangen' });
      await t.database.db.insert(institutionUserRoles).values({
        userId: lea.id,
        institutionId: SONNENSCHEIN,
        role: 'INSTITUTION_ADMIN',
      });
      const leaToken = await demoToken(t, 'anna', {
        sub: lea.id,
        email: lea.email,
        preferred_username: lea.email,
        given_name: 'Lea',
        family_name: 'Gegangen',
        name: 'Lea Gegangen',
      });
      const email = 'jonas.neu@example.org';
      const before = mailbox.mails.length;
      const invited = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${SONNENSCHEIN}/user`,
        headers: bearer(leaToken),
        payload: {
          email,
          firstName: 'Jonas',
          lastName: 'Neu',
          formOfAddress: null,
          title: null,
          role: 'INSTITUTION_MEMBER',
        },
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const link = TestMailbox.link(await mailbox.next(email, before));
      const browser = new TestBrowser(t.app, t.config, '203.0.113.77');
      let page = await browser.request('GET', link);
      expect(page.body).toContain('Lea Gegangen hat Sie eingeladen');

      const removed = await call('DELETE', `/api/institution/${SONNENSCHEIN}/user/${lea.id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      page = await browser.request('GET', link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(
        'Sie wurden eingeladen, im Institutionsportal für „Praxis Sonnenschein“ mitzuarbeiten.',
      );
      expect(page.body).not.toContain('Lea Gegangen');

      await call('DELETE', `/api/institution/${SONNENSCHEIN}/user/${invited.json().id}`);
    });

    it('an expired invitation link no longer works (default 7 days)', async () => {
      const email = 'ida.abgelaufen@example.org';
      const before = mailbox.mails.length;
      const res = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        ...invitee,
        email,
      });
      const link = TestMailbox.link(await mailbox.next(email, before));
      const [token] = await t.app.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, res.json().id));
      const ttl = token!.expiresAt.getTime() - token!.createdAt.getTime();
      expect(Math.round(ttl / 3_600_000)).toBe(168);
      await t.app.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.id, token!.id));
      const browser = new TestBrowser(t.app, t.config, '203.0.113.52');
      const page = await browser.request('GET', link);
      expect(page.statusCode).toBe(400);
      // Not a dead end: the invitee cannot sign in, so an administrator sends it again.
      expect(page.body).toContain(pageMessages.invitationSpentTitle);
      expect(page.body).toContain(
        'bitten Sie einen Administrator Ihrer Institution, Ihnen die Einladung erneut zu senden.',
      );
      expect(page.body).not.toContain(pageMessages.linkInvalid);
    });
  });

  describe('roles and removal', () => {
    const userUrl = (userId: string) => `/api/institution/${SONNENSCHEIN}/user/${userId}`;

    it('changes a role for an admin; members 403, strangers 404, invalid role 400', async () => {
      const res = await call('PUT', userUrl(DEMO_USERS.otto), 'anna', { role: 'SUPPORT_USER' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: DEMO_USERS.otto, role: 'SUPPORT_USER' });
      expect(
        (await call('PUT', userUrl(DEMO_USERS.otto), 'max', { role: 'INSTITUTION_ADMIN' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', userUrl(DEMO_USERS.otto), 'tom', { role: 'INSTITUTION_ADMIN' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('PUT', userUrl(DEMO_USERS.otto), 'anna', { role: 'BOSS' })).statusCode,
      ).toBe(400);
      // A user of another institution is not found here.
      expect(
        (await call('PUT', userUrl(DEMO_USERS.tom), 'anna', { role: 'INSTITUTION_MEMBER' }))
          .statusCode,
      ).toBe(404);
    });

    it('never removes or demotes the last admin (409, German)', async () => {
      const demote = await call('PUT', userUrl(DEMO_USERS.anna), 'anna', {
        role: 'INSTITUTION_MEMBER',
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().detail).toBe(messages.lastAdmin);
      const remove = await call('DELETE', userUrl(DEMO_USERS.anna), 'anna');
      expect(remove.statusCode).toBe(409);
      const roles = await t.app.db
        .select()
        .from(institutionUserRoles)
        .where(eq(institutionUserRoles.userId, DEMO_USERS.anna));
      expect(roles.find((role) => role.institutionId === SONNENSCHEIN)?.role).toBe(
        'INSTITUTION_ADMIN',
      );

      // With a second admin, the first may step down.
      expect(
        (await call('PUT', userUrl(DEMO_USERS.max), 'anna', { role: 'INSTITUTION_ADMIN' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('PUT', userUrl(DEMO_USERS.anna), 'anna', { role: 'INSTITUTION_MEMBER' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('PUT', userUrl(DEMO_USERS.max), 'max', { role: 'INSTITUTION_MEMBER' }))
          .statusCode,
      ).toBe(409);
      expect(
        (await call('PUT', userUrl(DEMO_USERS.anna), 'max', { role: 'INSTITUTION_ADMIN' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await call('PUT', userUrl(DEMO_USERS.max), 'anna', { role: 'INSTITUTION_MEMBER' }))
          .statusCode,
      ).toBe(200);
    });

    it('does not count an invited admin who never signed in as the other admin', async () => {
      const invited = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        email: 'noch-nicht-da@example.org',
        firstName: 'Paul',
        lastName: 'Probe',
        formOfAddress: null,
        title: null,
        role: 'INSTITUTION_ADMIN',
      });
      expect(invited.statusCode).toBe(201);
      const inviteeId = invited.json().id;
      // Anna is the only admin who can sign in: she may neither leave nor step down.
      const remove = await call('DELETE', userUrl(DEMO_USERS.anna), 'anna');
      expect(remove.statusCode).toBe(409);
      expect(remove.json().detail).toBe(messages.lastAdmin);
      const demote = await call('PUT', userUrl(DEMO_USERS.anna), 'anna', {
        role: 'INSTITUTION_MEMBER',
      });
      expect(demote.statusCode).toBe(409);
      const roles = await t.app.db
        .select()
        .from(institutionUserRoles)
        .where(eq(institutionUserRoles.institutionId, SONNENSCHEIN));
      expect(roles.find((role) => role.userId === DEMO_USERS.anna)?.role).toBe('INSTITUTION_ADMIN');
      // The invited admin can still be removed by her.
      expect((await call('DELETE', userUrl(inviteeId), 'anna')).statusCode).toBe(204);
    });

    it('removes a member; members 403, strangers 404; an unused invitee disappears entirely', async () => {
      expect((await call('DELETE', userUrl(DEMO_USERS.otto), 'max')).statusCode).toBe(403);
      expect((await call('DELETE', userUrl(DEMO_USERS.otto), 'tom')).statusCode).toBe(404);
      expect((await call('DELETE', userUrl(DEMO_USERS.otto), 'anna')).statusCode).toBe(204);
      expect((await call('DELETE', userUrl(DEMO_USERS.otto), 'anna')).statusCode).toBe(404);
      // Otto's account stays (he signed in before).
      expect(await t.app.db.select().from(users).where(eq(users.id, DEMO_USERS.otto))).toHaveLength(
        1,
      );

      const created = await call('POST', `/api/institution/${SONNENSCHEIN}/user`, 'anna', {
        email: 'weg@example.org',
        firstName: 'Wil',
        lastName: 'Weg',
        formOfAddress: null,
        title: null,
        role: 'INSTITUTION_MEMBER',
      });
      const id = created.json().id;
      expect((await call('DELETE', userUrl(id), 'anna')).statusCode).toBe(204);
      expect(await t.app.db.select().from(users).where(eq(users.id, id))).toEqual([]);
    });
  });

  it('still signs in Anna with the demo password (nothing above touched it)', async () => {
    const browser = new TestBrowser(t.app, t.config, '203.0.113.53');
    await expect(
      browser.signIn({ email: DEMO_EMAILS.anna, password: DEMO_PASSWORD }),
    ).resolves.toBeTruthy();
  });
});
