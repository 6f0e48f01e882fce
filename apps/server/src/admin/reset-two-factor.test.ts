import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../test/admin-command';
import { createUser, TestBrowser } from '../../test/oidc-test-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { twoFactorResetMail } from '../modules/account/mails';
import { resetTwoFactor, UsageError } from './operations';

const SECRET = 'JBSWY3DPEHPK3PXP';

/** A person who lost the phone and the key: only the operator can turn two-factor sign-in off. */
describe('npm run admin -- reset-two-factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const rowOf = async (id: string) =>
    (
      await t.database.db
        .select({ totpSecret: users.totpSecret, realmRoles: users.realmRoles })
        .from(users)
        .where(eq(users.id, id))
    )[0];

  it('turns it off: the next sign-in asks for the password only, and the token has no role 2fa', async () => {
    const person = await createUser(t.database.db, {
      totpSecret: SECRET,
      realmRoles: ['client', '2fa'],
    });
    // Before: the password alone does not sign in (the code prompt follows).
    await expect(new TestBrowser(t.app, t.config, '203.0.113.91').signIn(person)).rejects.toThrow();

    const result = await resetTwoFactor(t.database.db, `  ${person.email.toUpperCase()} `);
    expect(result).toEqual({
      reset: true,
      user: expect.objectContaining({ id: person.id, email: person.email }),
    });
    expect(await rowOf(person.id)).toEqual({ totpSecret: null, realmRoles: ['client'] });

    const tokens = await new TestBrowser(t.app, t.config, '203.0.113.92').signIn(person);
    const claims = decodeJwt(tokens.access_token) as { realm_access?: { roles?: string[] } };
    expect(claims.realm_access?.roles).toContain('client');
    expect(claims.realm_access?.roles).not.toContain('2fa');
  });

  it('a second run, or an account without it, changes nothing and says so', async () => {
    const person = await createUser(t.database.db, { realmRoles: ['client'] });
    expect((await resetTwoFactor(t.database.db, person.email)).reset).toBe(false);
    expect(await rowOf(person.id)).toEqual({ totpSecret: null, realmRoles: ['client'] });
  });

  it('refuses an address no account has, naming the option', async () => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const refusal = resetTwoFactor(t.database.db, 'niemand@example.de');
    await expect(refusal).rejects.toBeInstanceOf(UsageError);
    await expect(refusal).rejects.toThrow('--email: no account has the e-mail address');
    expect(await t.database.db.select({ id: users.id }).from(users)).toEqual(before);
  });

  it('the notice mail tells the person what happened and what to do if they did not ask', () => {
    const mail = twoFactorResetMail(
      {
        email: 'otto@example.de',
        firstName: 'Otto',
        lastName: 'Otp',
        formOfAddress: 'Herr',
        title: null,
      },
      'https://portal.example.de',
    );
    expect(mail.to).toBe('otto@example.de');
    expect(mail.subject).toBe('Ihre Zwei-Faktor-Authentifizierung wurde zurückgesetzt');
    expect(mail.text).toContain('Sehr geehrter Herr Otp,');
    expect(mail.text).toContain('vom Betreiber des Portals zurückgesetzt');
    expect(mail.text).toContain('unter „Mein Konto“');
    expect(mail.text).toContain('Falls Sie das nicht veranlasst haben');
    expect(mail.link).toBe('https://portal.example.de');
  });
});

/** The command itself, as the operator runs it, on a data folder with the demo data. */
describe('npm run admin -- reset-two-factor (the process)', () => {
  let dataDir: string;
  const PUBLIC_URL = 'http://localhost:8080';
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-reset-2fa-'));
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL }),
    );
    await app.ready();
    await app.close();
  }, 60_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const admin = (env: Record<string, string>, ...args: string[]) =>
    runAdmin({ PUBLIC_URL, DATA_DIR: dataDir, ...env }, ...args);

  it('resets demo Otto and prints what happened; with an external provider it refuses with exit code 78', async () => {
    // With an external provider (Keycloak) the second factor is that provider's.
    const external = await admin(
      { IDENTITY_PROVIDER: 'external', AUTH_URL: 'http://localhost:8180/realms/portal' },
      'reset-two-factor',
      '--email',
      'otto.otp@praxis-sonnenschein.de',
    );
    expect(external.code).toBe(78);
    expect(external.stderr.trim()).toBe(
      '[portal admin] With IDENTITY_PROVIDER=external two-factor sign-in belongs to that provider: reset it there.',
    );

    const run = await admin({}, 'reset-two-factor', '--email', 'otto.otp@praxis-sonnenschein.de');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Two-factor sign-in of otto\.otp@praxis-sonnenschein\.de \([0-9a-f-]{36}\) is reset: the next sign-in asks for the password only\.\nNo mail sent \(no SMTP_URL\)\. Tell otto\.otp@praxis-sonnenschein\.de to set it up again under Mein Konto\.\n$/,
    );
  }, 300_000);
});
