import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestBrowser } from '../../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { bearer, demoToken } from '../../../test/tokens';
import { accountTokens, users } from '../../db/schema';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_USERS } from '../../db/seed/demo-ids';
import { ADDRESS_FACTOR } from '../../identity/sign-in-throttle';
import { messages, pageMessages } from './messages';
import { TestMailbox } from './test-mailbox';

const IMPERSONATOR = { impersonator: { id: DEMO_USERS.sara, username: DEMO_EMAILS.sara } };
const codeAt = (secret: string, timestamp: number) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp,
  });
const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    realm_access: { roles: string[] };
  };

describe('account', () => {
  let t: TestApp;
  const mailbox = new TestMailbox();
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_URL: await mailbox.start(), SIGN_IN_MAX_FAILURES: '5' });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  const call = async (
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    user: Parameters<typeof demoToken>[1],
    payload?: unknown,
    options: { claims?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) => {
    const isText = typeof payload === 'string';
    return t.app.inject({
      method,
      url,
      headers: {
        ...bearer(await demoToken(t, user, options.claims)),
        ...(isText ? { 'content-type': 'text/plain' } : {}),
        ...options.headers,
      },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
  };

  const userRow = async (id: string) =>
    (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('needs a token on every account endpoint (401)', async () => {
    const endpoints: [string, string][] = [
      ['GET', `/api/accountdata/${DEMO_USERS.max}`],
      ['PUT', '/api/accountdata/'],
      ['PUT', '/api/user/updateEmail'],
      ['POST', '/api/user/confirmPassword'],
      ['PUT', '/api/user/updatePassword'],
      ['POST', '/api/user/2fa/init'],
      ['POST', '/api/user/2fa/activate'],
      ['POST', '/api/user/2fa/disable'],
      ['POST', '/api/multiconnect/userlegitimation/'],
      ['GET', '/api/multiconnect/userlegitimation/status'],
    ];
    for (const [method, url] of endpoints) {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  describe('account data', () => {
    it('answers the own account data, 404 for any other id', async () => {
      const res = await call('GET', `/api/accountdata/${DEMO_USERS.max}`, 'max');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        firstName: 'Max',
        lastName: 'Weiß',
        email: DEMO_EMAILS.max,
        is2FAActivated: false,
        formOfAddress: 'Herr',
        title: null,
        onboardedByClient: 'as-bremen',
        hasAccountActivated: true,
        pendingEmail: null,
      });
      expect(
        (await call('GET', `/api/accountdata/${DEMO_USERS.otto}`, 'otto')).json().is2FAActivated,
      ).toBe(true);
      expect((await call('GET', `/api/accountdata/${DEMO_USERS.anna}`, 'max')).statusCode).toBe(
        404,
      );
      expect((await call('GET', '/api/accountdata/kaputt', 'max')).statusCode).toBe(400);
    });

    it('saves names, form of address and title; invalid bodies change nothing', async () => {
      const res = await call('PUT', '/api/accountdata/', 'max', {
        firstName: 'Maximilian',
        lastName: 'Weiß',
        formOfAddress: 'Herr',
        title: 'Dr.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ firstName: 'Maximilian', title: 'Dr.' });
      const bad = await call('PUT', '/api/accountdata/', 'max', { firstName: '', lastName: 'X' });
      expect(bad.statusCode).toBe(400);
      expect((await userRow(DEMO_USERS.max)).firstName).toBe('Maximilian');
      await call('PUT', '/api/accountdata/', 'max', {
        firstName: 'Max',
        lastName: 'Weiß',
        formOfAddress: 'Herr',
        title: null,
      });
    });
  });

  describe('e-mail', () => {
    it('answers 409 with the German message for an address in use (any case)', async () => {
      const res = await call('PUT', '/api/user/updateEmail', 'max', {
        email: DEMO_EMAILS.anna.toUpperCase(),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('Die E-Mail-Adresse wird bereits verwendet.');
      expect((await userRow(DEMO_USERS.max)).email).toBe(DEMO_EMAILS.max);
    });

    it('refuses an impersonated session (403) and an invalid address (400)', async () => {
      const res = await call(
        'PUT',
        '/api/user/updateEmail',
        'max',
        { email: 'neu@example.org' },
        { claims: IMPERSONATOR },
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(messages.impersonationForbidden);
      expect(
        (await call('PUT', '/api/user/updateEmail', 'max', { email: 'kein mail' })).statusCode,
      ).toBe(400);
      expect((await userRow(DEMO_USERS.max)).email).toBe(DEMO_EMAILS.max);
    });

    it('refuses the current address (400) and a change without the current password (403): nothing waits, nothing is mailed', async () => {
      const same = await call('PUT', '/api/user/updateEmail', 'max', {
        email: DEMO_EMAILS.max.toUpperCase(),
      });
      expect(same.statusCode).toBe(400);
      expect(same.json().detail).toBe(messages.emailUnchanged);
      const before = mailbox.mails.length;
      const without = await call('PUT', '/api/user/updateEmail', 'max', {
        email: 'max.neu@example.org',
      });
      expect(without.statusCode).toBe(403);
      expect(without.json().detail).toBe(messages.passwordConfirmationMissing);
      const forged = await call(
        'PUT',
        '/api/user/updateEmail',
        'max',
        { email: 'max.neu@example.org' },
        { headers: { 'x-password-confirmation': 'x'.repeat(43) } },
      );
      expect(forged.statusCode).toBe(403);
      const data = await call('GET', `/api/accountdata/${DEMO_USERS.max}`, 'max');
      expect(data.json()).toMatchObject({ email: DEMO_EMAILS.max, pendingEmail: null });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailbox.mails.length).toBe(before);
    });

    /** Tom's confirmation of his current password (step one, as for a new password). */
    const confirmation = async () =>
      (await call('POST', '/api/user/confirmPassword', 'tom', { password: DEMO_PASSWORD })).json()
        .confirmation as string;
    const linkPath = (mail: Awaited<ReturnType<typeof mailbox.next>>) => {
      const url = new URL(TestMailbox.link(mail));
      return `${url.pathname}${url.search}`;
    };

    it('changes the address only once the link sent to it is opened; the old address is told; the next sign-in uses the new one', async () => {
      const NEW = 'tom.neu@abrechnungszentrum-nord.de';
      const before = mailbox.mails.length;
      const res = await call(
        'PUT',
        '/api/user/updateEmail',
        'tom',
        { email: NEW },
        { headers: { 'x-password-confirmation': await confirmation() } },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: DEMO_EMAILS.tom, pendingEmail: NEW });
      // Nothing changed yet: the old address still signs in, the new one does not.
      expect((await userRow(DEMO_USERS.tom)).email).toBe(DEMO_EMAILS.tom);
      const data = await call('GET', `/api/accountdata/${DEMO_USERS.tom}`, 'tom');
      expect(data.json()).toMatchObject({ email: DEMO_EMAILS.tom, pendingEmail: NEW });

      const notice = await mailbox.next(DEMO_EMAILS.tom, before);
      expect(notice.subject).toBe('Änderung Ihrer E-Mail-Adresse angefordert');
      expect(notice.text).toContain(NEW);
      expect(notice.text).toContain('Passwort');
      const mail = await mailbox.next(NEW, before);
      expect(mail.subject).toBe('Neue E-Mail-Adresse bestätigen');
      expect(mail.text).toContain('24 Stunden');

      // Opening the link (a mail scanner does too) only asks.
      const page = await t.app.inject({ method: 'GET', url: linkPath(mail) });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(pageMessages.emailConfirmButton);
      expect(page.body).toContain(NEW);
      expect((await userRow(DEMO_USERS.tom)).email).toBe(DEMO_EMAILS.tom);

      const confirmed = await t.app.inject({ method: 'POST', url: linkPath(mail), payload: {} });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.body).toContain(pageMessages.emailChanged(NEW));
      expect((await userRow(DEMO_USERS.tom)).email).toBe(NEW);
      const browser = new TestBrowser(t.app, t.config, '203.0.113.60');
      await expect(browser.signIn({ email: NEW, password: DEMO_PASSWORD })).resolves.toBeTruthy();
      expect((await call('GET', `/api/accountdata/${DEMO_USERS.tom}`, 'tom')).json()).toMatchObject(
        { email: NEW, pendingEmail: null },
      );

      // The link works once.
      const again = await t.app.inject({ method: 'POST', url: linkPath(mail), payload: {} });
      expect(again.statusCode).toBe(400);
      expect(again.body).toContain(pageMessages.emailLinkSpentTitle);
      await t.app.db
        .update(users)
        .set({ email: DEMO_EMAILS.tom })
        .where(eq(users.id, DEMO_USERS.tom));
    });

    it('a newer request replaces the older link; an address taken meanwhile is refused when the link is opened', async () => {
      const before = mailbox.mails.length;
      const ask = async (email: string) =>
        call(
          'PUT',
          '/api/user/updateEmail',
          'tom',
          { email },
          { headers: { 'x-password-confirmation': await confirmation() } },
        );
      expect((await ask('tom.erst@example.org')).statusCode).toBe(200);
      const first = await mailbox.next('tom.erst@example.org', before);
      expect((await ask('tom.dann@example.org')).statusCode).toBe(200);
      const second = await mailbox.next('tom.dann@example.org', before);
      const replaced = await t.app.inject({ method: 'POST', url: linkPath(first), payload: {} });
      expect(replaced.statusCode).toBe(400);
      expect((await userRow(DEMO_USERS.tom)).email).toBe(DEMO_EMAILS.tom);

      // Another account takes the address before Tom opens his link.
      await t.app.db
        .update(users)
        .set({ email: 'tom.dann@example.org' })
        .where(eq(users.id, DEMO_USERS.sara));
      try {
        const taken = await t.app.inject({ method: 'POST', url: linkPath(second), payload: {} });
        expect(taken.statusCode).toBe(409);
        expect(taken.body).toContain(messages.emailInUse);
        expect((await userRow(DEMO_USERS.tom)).email).toBe(DEMO_EMAILS.tom);
      } finally {
        await t.app.db
          .update(users)
          .set({ email: DEMO_EMAILS.sara })
          .where(eq(users.id, DEMO_USERS.sara));
      }
    });
  });

  describe('password', () => {
    const NEW = 'Wolkenkratzer-Zitrone-42';

    it('needs the current password confirmed first, then checks the rules', async () => {
      const mailsBefore = mailbox.mails.length;
      const wrong = await call('POST', '/api/user/confirmPassword', 'sara', { password: 'falsch' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().detail).toBe(messages.currentPasswordWrong);

      const without = await call('PUT', '/api/user/updatePassword', 'sara', NEW);
      expect(without.statusCode).toBe(403);
      expect(without.json().detail).toBe(messages.passwordConfirmationMissing);

      const { confirmation } = (
        await call('POST', '/api/user/confirmPassword', 'sara', { password: DEMO_PASSWORD })
      ).json();
      const headers = { 'x-password-confirmation': confirmation };
      const short = await call('PUT', '/api/user/updatePassword', 'sara', 'Kurz!1', { headers });
      expect(short.statusCode).toBe(400);
      expect(short.json().detail).toBe('Das Passwort muss mindestens 10 Zeichen lang sein.');
      const weak = await call('PUT', '/api/user/updatePassword', 'sara', 'sonnenschein1', {
        headers,
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().detail).toBe(messages.passwordTooWeak);
      // Her names and the parts of her address (sara.support@abrechnungszentrum-nord.de) count
      // as guessable, umlauts written out too (Öztürk → oeztuerk).
      // Her names with a year and spaces, which zxcvbn alone rated strong enough.
      for (const guessable of [
        'abrechnungszentrumnord',
        'oeztuerksupport',
        'Sara Öztürk 2026',
        'Sara Oeztuerk 2026!',
      ]) {
        const res = await call('PUT', '/api/user/updatePassword', 'sara', guessable, { headers });
        expect(res.statusCode, guessable).toBe(400);
        expect(res.json().detail, guessable).toBe(messages.passwordFromPersonalData);
      }

      const impersonated = await call('PUT', '/api/user/updatePassword', 'sara', NEW, {
        headers,
        claims: IMPERSONATOR,
      });
      expect(impersonated.statusCode).toBe(403);
      // Refused changes tell nobody.
      expect(mailbox.mails.length).toBe(mailsBefore);

      expect(
        (await call('PUT', '/api/user/updatePassword', 'sara', NEW, { headers })).statusCode,
      ).toBe(204);
      const notice = await mailbox.next(DEMO_EMAILS.sara, mailsBefore);
      expect(notice.subject).toBe('Ihr Passwort wurde geändert');
      expect(notice.text).toContain(
        'das Passwort Ihres Kontos im Institutionsportal wurde soeben geändert.',
      );
      expect(notice.text).toContain('„Passwort vergessen?“');
      expect(notice.text).not.toContain(NEW);
      // The confirmation is used up.
      expect(
        (await call('PUT', '/api/user/updatePassword', 'sara', `${NEW}!`, { headers })).statusCode,
      ).toBe(403);

      const browser = new TestBrowser(t.app, t.config, '203.0.113.61');
      await expect(
        browser.signIn({ email: DEMO_EMAILS.sara, password: NEW }),
      ).resolves.toBeTruthy();
      await expect(
        browser.signIn({ email: DEMO_EMAILS.sara, password: DEMO_PASSWORD }),
      ).rejects.toThrow();
    });

    it('refuses confirming in an impersonated session', async () => {
      const res = await call(
        'POST',
        '/api/user/confirmPassword',
        'anna',
        { password: DEMO_PASSWORD },
        { claims: IMPERSONATOR },
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe('two-factor authentication', () => {
    it('init → wrong first code → activate → token renewal shows 2fa → sign-in asks → disable', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.62');
      const tokens = await browser.signIn({ email: DEMO_EMAILS.anna, password: DEMO_PASSWORD });
      const api = (method: 'POST', url: string, payload?: object) =>
        t.app.inject({
          method,
          url,
          headers: bearer(tokens.access_token),
          ...(payload ? { payload } : {}),
        });

      const init = await api('POST', '/api/user/2fa/init');
      expect(init.statusCode).toBe(200);
      const { otpSecret, otpAuthUri } = init.json();
      expect(otpSecret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpAuthUri).toMatch(
        /^otpauth:\/\/totp\/Institutionsportal:anna\.admin%40praxis-sonnenschein\.de\?/,
      );
      expect(otpAuthUri).toContain(`secret=${otpSecret}`);
      // Nothing is stored before activation.
      expect((await userRow(DEMO_USERS.anna)).totpSecret).toBeNull();

      const now = Date.now();
      const wrongCode = codeAt(otpSecret, now) === '000000' ? '111111' : '000000';
      const wrong = await api('POST', '/api/user/2fa/activate', { otpSecret, otpCode: wrongCode });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().detail).toBe(messages.otpInvalid);
      expect((await userRow(DEMO_USERS.anna)).realmRoles).not.toContain('2fa');

      const activated = await api('POST', '/api/user/2fa/activate', {
        otpSecret,
        otpCode: codeAt(otpSecret, now),
      });
      expect(activated.statusCode).toBe(204);
      expect((await userRow(DEMO_USERS.anna)).realmRoles).toContain('2fa');
      expect((await api('POST', '/api/user/2fa/init')).statusCode).toBe(409);

      const renewed = await browser.refresh(tokens.refresh_token);
      expect(renewed.statusCode).toBe(200);
      expect(decode(renewed.json().access_token).realm_access.roles).toContain('2fa');
      expect(decode(tokens.access_token).realm_access.roles).not.toContain('2fa');

      // The next sign-in asks for the code after the password.
      const other = new TestBrowser(t.app, t.config, '203.0.113.63');
      const { response } = await other.authorize();
      const login = String(response.headers.location);
      await other.request('GET', login);
      const afterPassword = await other.request('POST', login, {
        form: { email: DEMO_EMAILS.anna, password: DEMO_PASSWORD },
      });
      const otpPage = await other.request('GET', String(afterPassword.headers.location));
      expect(otpPage.body).toContain('Einmalcode');

      // The same code is not accepted twice (single-use check): disabling needs a fresh one.
      const reused = await api('POST', '/api/user/2fa/disable', {
        otpCode: codeAt(otpSecret, now),
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().detail).toBe(
        'Dieser Code wurde bereits verwendet. Bitte warten Sie, bis Ihre Authenticator-App einen neuen Code anzeigt, und geben Sie diesen ein.',
      );
      const impersonated = await t.app.inject({
        method: 'POST',
        url: '/api/user/2fa/disable',
        headers: bearer(await demoToken(t, 'anna', IMPERSONATOR)),
        payload: { otpCode: codeAt(otpSecret, now + 30_000) },
      });
      expect(impersonated.statusCode).toBe(403);
      const disabled = await api('POST', '/api/user/2fa/disable', {
        otpCode: codeAt(otpSecret, now + 30_000),
      });
      expect(disabled.statusCode).toBe(204);
      const row = await userRow(DEMO_USERS.anna);
      expect(row.totpSecret).toBeNull();
      expect(row.realmRoles).not.toContain('2fa');
      const renewedAgain = await browser.refresh(renewed.json().refresh_token);
      expect(decode(renewedAgain.json().access_token).realm_access.roles).not.toContain('2fa');
    });

    it('is rate-limited like the sign-in (SIGN_IN_MAX_FAILURES wrong codes → 429)', async () => {
      const { otpSecret } = (await call('POST', '/api/user/2fa/init', 'tom')).json();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const res = await call('POST', '/api/user/2fa/activate', 'tom', {
          otpSecret,
          otpCode: '000000',
        });
        statuses.push(res.statusCode);
      }
      // Init is refused too while blocked.
      const init = await call('POST', '/api/user/2fa/init', 'tom', undefined, {
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      expect(init.statusCode).toBe(429);
      // Five failures at most (SIGN_IN_MAX_FAILURES=5), then refused.
      expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
      expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
      expect(statuses.at(-1)).toBe(429);
      const right = await call(
        'POST',
        '/api/user/2fa/activate',
        'tom',
        { otpSecret, otpCode: codeAt(otpSecret, Date.now()) },
        { headers: { 'x-forwarded-for': '203.0.113.99' } },
      );
      expect(right.statusCode).toBe(429);
    });

    it('refuses init in an impersonated session and invalid bodies', async () => {
      expect(
        (await call('POST', '/api/user/2fa/init', 'max', undefined, { claims: IMPERSONATOR }))
          .statusCode,
      ).toBe(403);
      expect(
        (await call('POST', '/api/user/2fa/activate', 'max', { otpCode: '12' })).statusCode,
      ).toBe(400);
    });
  });

  describe('password reset', () => {
    const resetUrl = '/auth/realms/portal/login-actions/reset-credentials';

    it('always shows the same confirmation; only a known account gets a mail', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.70');
      const form = await browser.request('GET', `${resetUrl}?uid=abc`);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('Passwort vergessen');
      const before = mailbox.mails.length;
      const unknown = await browser.request('POST', resetUrl, {
        form: { email: 'niemand@example.org' },
      });
      const known = await browser.request('POST', resetUrl, { form: { email: DEMO_EMAILS.otto } });
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      const mail = await mailbox.next(DEMO_EMAILS.otto, before);
      expect(mail.subject).toBe('Passwort zurücksetzen');
      expect(mailbox.mails.slice(before)).toHaveLength(1);
    });

    it('asks for the address when the form is sent without one, in German and on the page', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.71');
      const form = await browser.request('GET', resetUrl);
      expect(form.body).toMatch(/<form [^>]*class="form" novalidate>/);
      const before = mailbox.mails.length;
      const empty = await browser.request('POST', resetUrl, { form: { email: '  ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Bitte geben Sie Ihre E-Mail-Adresse ein.');
      expect(empty.body).toContain('aria-invalid="true"');
      expect(mailbox.mails.length).toBe(before);
    });

    it('answers without waiting for the mail, so the timing tells nothing about the account', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.78');
      const original = t.app.mailer.send;
      const sent: string[] = [];
      // A mail server that never answers: the confirmation must come all the same.
      t.app.mailer.send = (mail) => {
        sent.push(String(mail.to));
        return new Promise<void>(() => {});
      };
      try {
        const answer = await Promise.race([
          browser.request('POST', resetUrl, { form: { email: DEMO_EMAILS.otto } }),
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3000)),
        ]);
        expect(answer?.statusCode).toBe(200);
        expect(answer?.body).toContain(pageMessages.forgotSent);
        await vi.waitFor(() => expect(sent).toEqual([DEMO_EMAILS.otto]));
      } finally {
        t.app.mailer.send = original;
      }
    });

    it('the link sets a new password once, within an hour, and ends every session', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.71');
      const session = await browser.signIn({ email: DEMO_EMAILS.max, password: DEMO_PASSWORD });
      const before = mailbox.mails.length;
      await browser.request('POST', resetUrl, { form: { email: DEMO_EMAILS.max } });
      const mail = await mailbox.next(DEMO_EMAILS.max, before);
      const link = TestMailbox.link(mail);
      const [token] = await t.app.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, DEMO_USERS.max))
        .orderBy(accountTokens.createdAt);
      const rows = await t.app.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, DEMO_USERS.max));
      const reset = rows.find((row) => row.kind === 'PASSWORD_RESET')!;
      expect(token).toBeTruthy();
      expect(Math.round((reset.expiresAt.getTime() - reset.createdAt.getTime()) / 60_000)).toBe(60);

      const page = await browser.request('GET', link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Neues Passwort festlegen');
      const short = await browser.request('POST', link, {
        form: { password: 'kurz', passwordRepeat: 'kurz' },
      });
      expect(short.body).toContain('mindestens 10 Zeichen');
      // The error is read with the field, as are the rules.
      expect(short.body).toContain('aria-describedby="form-error password-rules"');
      const NEW = 'Regenbogen-Bibliothek-77';
      const done = await browser.request('POST', link, {
        form: { password: NEW, passwordRepeat: NEW },
      });
      expect(done.statusCode).toBe(200);
      expect((await browser.request('GET', link)).statusCode).toBe(400);

      // Every session ended: the old refresh token is dead.
      expect((await browser.refresh(session.refresh_token)).statusCode).toBe(400);
      const fresh = new TestBrowser(t.app, t.config, '203.0.113.72');
      await expect(fresh.signIn({ email: DEMO_EMAILS.max, password: NEW })).resolves.toBeTruthy();
    });

    it('an expired reset link does not work', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.73');
      const before = mailbox.mails.length;
      await browser.request('POST', resetUrl, { form: { email: DEMO_EMAILS.tom } });
      const link = TestMailbox.link(await mailbox.next(DEMO_EMAILS.tom, before));
      await t.app.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(accountTokens.userId, DEMO_USERS.tom));
      const page = await browser.request('GET', link);
      expect(page.statusCode).toBe(400);
      // Not a dead end: the page leads to a new request.
      expect(page.body).toContain(pageMessages.resetLinkSpent);
      expect(page.body).toContain(`href="${resetUrl}">${pageMessages.requestNewLink}</a>`);
      const post = await browser.request('POST', link, {
        form: { password: 'Regenbogen-Bibliothek-77', passwordRepeat: 'Regenbogen-Bibliothek-77' },
      });
      expect(post.statusCode).toBe(400);
      expect(post.body).toContain(pageMessages.resetLinkSpent);
    });

    it('an unknown link offers a new reset link and names the way to a new invitation', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.79');
      const page = await browser.request(
        'GET',
        '/auth/realms/portal/login-actions/action-token?key=unbekannt',
      );
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain(pageMessages.actionLinkUnknown);
      expect(page.body).toContain(`href="${resetUrl}">${pageMessages.requestNewLink}</a>`);
    });

    it('the link counts names and e-mail address parts as guessable, like the account page', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.77');
      const before = mailbox.mails.length;
      await browser.request('POST', resetUrl, { form: { email: DEMO_EMAILS.tom } });
      const link = TestMailbox.link(await mailbox.next(DEMO_EMAILS.tom, before));
      // tom.trusted@abrechnungszentrum-nord.de
      const guessable = 'trustedabrechnungszentrum';
      const res = await browser.request('POST', link, {
        form: { password: guessable, passwordRepeat: guessable },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(messages.passwordFromPersonalData);
      expect((await browser.request('GET', link)).statusCode).toBe(200);
    });

    it('limits reset requests per account and address, and per address, without blocking sign-ins (SIGN_IN_MAX_FAILURES=5)', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.75');
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const res = await browser.request('POST', resetUrl, {
          form: { email: 'niemand@example.org' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // The refusal speaks of reset requests, not of sign-in attempts.
      const refused = await browser.request('POST', resetUrl, {
        form: { email: 'niemand@example.org' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.body).toContain(pageMessages.forgotTooMany);
      expect(refused.body).not.toContain('Anmeldeversuche');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Many accounts from one address: ADDRESS_FACTOR times the limit, then 429.
      const many = new TestBrowser(t.app, t.config, '203.0.113.76');
      const counts: Record<number, number> = {};
      for (let attempt = 0; attempt < 5 * ADDRESS_FACTOR + 1; attempt += 1) {
        const res = await many.request('POST', resetUrl, {
          form: { email: `niemand${attempt}@example.org` },
        });
        counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
      }
      expect(counts).toEqual({ 200: 5 * ADDRESS_FACTOR, 429: 1 });
      await expect(
        browser.signIn({ email: DEMO_EMAILS.anna, password: DEMO_PASSWORD }),
      ).resolves.toBeTruthy();
    });

    it('the sign-in page links to it', async () => {
      const browser = new TestBrowser(t.app, t.config, '203.0.113.74');
      const { response } = await browser.authorize();
      const page = await browser.request('GET', String(response.headers.location));
      expect(page.body).toContain('Passwort vergessen?');
      expect(page.body).toContain('login-actions/reset-credentials?uid=');
    });
  });

  describe('identification', () => {
    it('starts, shows the simulated service, and sets the status it reports', async () => {
      expect(
        (await call('GET', '/api/multiconnect/userlegitimation/status', 'otto')).statusCode,
      ).toBe(404);
      const start = await call('POST', '/api/multiconnect/userlegitimation/', 'otto', {});
      expect(start.statusCode).toBe(200);
      const { url } = start.json();
      expect(url).toMatch(/^http:\/\/localhost:8080\/api\/multiconnect\/simulation\//);
      expect(
        (await call('GET', '/api/multiconnect/userlegitimation/status', 'otto')).json(),
      ).toEqual({
        status: 'true',
      });
      const path = new URL(url).pathname;
      const page = await t.app.inject({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Identifikation abschließen');
      const done = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=complete',
      });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('http://localhost:8080/identification');
      expect(
        (await call('GET', '/api/multiconnect/userlegitimation/status', 'otto')).json(),
      ).toEqual({
        status: '1',
      });
      // Single use.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'outcome=abort',
          })
        ).statusCode,
      ).toBe(400);

      const again = (await call('POST', '/api/multiconnect/userlegitimation/', 'otto', {})).json();
      await t.app.inject({
        method: 'POST',
        url: new URL(again.url).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=abort',
      });
      expect(
        (await call('GET', '/api/multiconnect/userlegitimation/status', 'otto')).json(),
      ).toEqual({
        status: '2',
      });
    });

    it('uses the configured external service URL', async () => {
      const other = await buildTestApp({ IDENT_SERVICE_URL: 'https://ident.example.com/start' });
      try {
        const res = await other.app.inject({
          method: 'POST',
          url: '/api/multiconnect/userlegitimation/',
          headers: bearer(await demoToken(other, 'max')),
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().url).toMatch(/^https:\/\/ident\.example\.com\/start\?transaction=/);
      } finally {
        await other.close();
      }
    });
  });
});
