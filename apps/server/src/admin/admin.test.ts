import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminRun, runAdmin } from '../../test/admin-command';
import { TestBrowser } from '../../test/oidc-test-client';
import { inPostgresRun } from '../../test/runs';
import { createScratchDatabase } from '../../test/test-app';
import { bearer } from '../../test/tokens';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { lockDataFolder } from '../db/data-folder-lock';
import {
  businessCases,
  businessCaseTypes,
  institutions,
  institutionUserRoles,
  relationships,
  users,
} from '../db/schema';
import { TestMailbox } from '../modules/account/test-mailbox';

const PUBLIC_URL = 'http://localhost:8080';
const PASSWORD = 'Erster-Admin-2026!';
/** Each test runs the command as a process several times (a start takes seconds). */
const slow = { timeout: 120_000 };

type Run = AdminRun;

/** The real command (`npm run admin -- …`) as a child process, with only the given settings. */
const admin = (env: Record<string, string>, ...args: string[]) =>
  runAdmin({ PUBLIC_URL, ...env }, ...args);

const linkOf = (run: Run) => {
  const match =
    /^http:\/\/localhost:8080\/auth\/realms\/portal\/login-actions\/action-token\?key=\S+$/m.exec(
      run.stdout,
    );
  if (!match) throw new Error(`no link in: ${run.stdout}${run.stderr}`);
  return match[0];
};

const ANNA = ['--email', 'anna@example.de', '--first-name', 'Anna', '--last-name', 'Schäfer'];

const INVITE_ANNA = [
  'invite',
  '--institution',
  'Praxis Beispiel',
  '--city',
  'Berlin',
  '--postalcode',
  '10115',
  '--street',
  'Hauptstraße 1',
  ...ANNA,
];

/** Exit code 78 and one line on standard error naming the problem, no stack trace. */
function refused(run: Run, text: string) {
  expect(run.code, run.stdout + run.stderr).toBe(78);
  expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(text)]);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

const backends = [
  ...(inPostgresRun ? [] : [{ name: 'PGlite data folder', postgres: false }]),
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'PostgreSQL', postgres: true }] : []),
];

describe.each(backends)('npm run admin ($name)', ({ postgres }) => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase: () => Promise<void> = async () => {};
  let app: App | undefined;

  /** The server on the same settings (for PGlite: only while no command runs). */
  async function startPortal() {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      ...env,
    });
    app = await buildApp(config);
    await app.ready();
    return { app, config };
  }

  async function stopPortal() {
    await app?.close();
    app = undefined;
  }

  /** Rows as the database holds them, read through a short-lived portal. */
  async function counts() {
    const { app } = await startPortal();
    try {
      const [row] = await queryRows<{ institutions: number; users: number; roles: number }>(
        app.db,
        sql`select (select count(*) from ${institutions})::int as institutions,
                   (select count(*) from ${users})::int as users,
                   (select count(*) from ${institutionUserRoles})::int as roles`,
      );
      return row;
    } finally {
      await stopPortal();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-'));
    env = { DATA_DIR: dataDir, PUBLIC_URL };
    if (postgres) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'portal_admin');
      env.DATABASE_URL = scratch.url;
      dropDatabase = scratch.drop;
    }
  });

  afterAll(async () => {
    await stopPortal();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'sets up the first administrator of an empty deployment, who signs in with the invitation link; again changes nothing but the link',
    slow,
    async () => {
      const first = await admin(env, ...INVITE_ANNA, '--trusted');
      expect(first.code, first.stderr).toBe(0);
      expect(first.stderr).toBe('');
      expect(first.stdout).toMatch(
        /^Institution: Praxis Beispiel \([0-9a-f-]{36}\), trusted - created$/m,
      );
      expect(first.stdout).toContain('account created, added as administrator');
      expect(first.stdout).toContain(
        'No mail sent (no SMTP_URL). Give anna@example.de this link (valid 7 days):',
      );
      const firstLink = linkOf(first);

      // Again, the name in other case, the address without: the same institution and account.
      const second = await admin(
        env,
        'invite',
        '--institution',
        'praxis beispiel',
        ...ANNA.map((value) => (value === 'anna@example.de' ? 'ANNA@example.de' : value)),
      );
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain('- existed');
      expect(second.stdout).toContain('account existed, already administrator');
      const link = linkOf(second);
      expect(link).not.toBe(firstLink);
      expect(second.stdout).toContain('(valid 7 days; an earlier link no longer works):');
      expect(await counts()).toEqual({ institutions: 1, users: 1, roles: 1 });

      const { app, config } = await startPortal();
      const browser = new TestBrowser(app, config, '203.0.113.70');
      // The newer link replaced the first, as "Einladung erneut senden" does.
      expect((await browser.request('GET', firstLink)).statusCode).toBe(400);
      const page = await browser.request('GET', link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Einladung annehmen');
      const saved = await browser.request('POST', link, {
        form: { password: PASSWORD, passwordRepeat: PASSWORD },
      });
      expect(saved.body).toContain('Passwort gespeichert');
      const tokens = await browser.signIn({ email: 'anna@example.de', password: PASSWORD });
      const current = await app.inject({
        method: 'GET',
        url: '/api/user/current',
        headers: bearer(tokens.access_token),
      });
      expect(current.statusCode).toBe(200);
      expect(current.json()).toMatchObject({
        email: 'anna@example.de',
        hasAccountActivated: true,
        institutionUserRoles: [{ institutionId: expect.any(String), role: 'INSTITUTION_ADMIN' }],
      });
      const institutionId = current.json().institutionUserRoles[0].institutionId;
      expect(first.stdout).toContain(`(${institutionId})`);
      const own = await app.inject({
        method: 'GET',
        url: `/api/institution/${institutionId}`,
        headers: bearer(tokens.access_token),
      });
      expect(own.json()).toMatchObject({ name: 'Praxis Beispiel', trusted: true });

      if (!postgres) {
        // The running portal holds the data folder: refused, nothing touched.
        const locked = await admin(env, ...INVITE_ANNA);
        expect(locked.code).toBe(1);
        expect(locked.stderr).toContain('is in use by the running portal');
        expect(locked.stderr).toContain(
          'Stop the portal, run this command, and start the portal again.',
        );
        expect(locked.stderr).not.toMatch(/\n\s+at /);
      }
      await stopPortal();

      // An active administrator needs no invitation: nothing issued, nothing changed.
      const active = await admin(env, ...INVITE_ANNA);
      expect(active.code, active.stderr).toBe(0);
      expect(active.stdout).toContain('already administrator');
      expect(active.stdout).toContain(
        `The account is active: anna@example.de signs in at ${PUBLIC_URL}`,
      );
      expect(active.stdout).not.toContain('action-token');
      expect(await counts()).toEqual({ institutions: 1, users: 1, roles: 1 });
    },
  );

  it(
    'links a customer to the trusted contractor under its customer number, once',
    slow,
    async () => {
      const customer = await admin(
        env,
        'invite',
        '--institution',
        'Praxis Kunde',
        '--city',
        'Köln',
        '--postalcode',
        '50667',
        '--street',
        'Domplatz 2',
        '--email',
        'karl@example.de',
        '--first-name',
        'Karl',
        '--last-name',
        'Kunde',
      );
      expect(customer.code, customer.stderr).toBe(0);
      const list = await admin(env, 'institutions');
      expect(list.code).toBe(0);
      const idOf = (name: string) =>
        new RegExp(`^([0-9a-f-]{36}) .*  ${name}$`, 'm').exec(list.stdout)?.[1] ?? '';
      const contractorId = idOf('Praxis Beispiel');
      const customerId = idOf('Praxis Kunde');
      expect(list.stdout).toMatch(
        new RegExp(`^${contractorId}  10115 Berlin  trusted  Praxis Beispiel$`, 'm'),
      );

      const untrusted = await admin(
        env,
        'link',
        '--contractor-id',
        customerId,
        '--customer-id',
        contractorId,
        '--reference-number',
        'K-1',
      );
      refused(untrusted, '"Praxis Kunde" is not trusted');

      const link = (number: string) =>
        admin(
          env,
          'link',
          '--contractor-id',
          contractorId,
          '--customer-id',
          customerId,
          '--reference-number',
          number,
        );
      const linked = await link('4711');
      expect(linked.code, linked.stderr).toBe(0);
      expect(linked.stdout.trim()).toBe(
        'Praxis Beispiel serves Praxis Kunde as customer 4711 - linked.',
      );
      expect((await link('4711')).stdout).toContain('- already so.');
      expect((await link('4712')).stdout).toContain('- number changed.');
      const withCases = (...types: string[]) =>
        admin(
          env,
          'link',
          '--contractor-id',
          contractorId,
          '--customer-id',
          customerId,
          '--reference-number',
          '4712',
          ...types.flatMap((type) => ['--business-case', type]),
        );
      const cases = await withCases('tiorder', 'BANKACCOUNT');
      expect(cases.code, cases.stderr).toBe(0);
      expect(cases.stdout).toContain('Business case TIORDER - added.');
      expect(cases.stdout).toContain('Business case BANKACCOUNT - added.');
      expect((await withCases('TIORDER')).stdout).toContain('Business case TIORDER - already so.');
      refused(await withCases('KAFFEE'), '--business-case: unknown type "KAFFEE"; one of TIORDER,');

      const { app } = await startPortal();
      const rows = await app.db
        .select({ referenceNumber: relationships.referenceNumber })
        .from(relationships)
        .where(eq(relationships.customerId, customerId));
      expect(rows).toEqual([{ referenceNumber: '4712' }]);
      const held = await queryRows<{ name: string; label: string }>(
        app.db,
        sql`select t.name, t.label from ${businessCases} c
            join ${businessCaseTypes} t on t.id = c.business_case_type_id
            join ${relationships} r on r.id = c.relationship_id
            where r.customer_id = ${customerId} order by t.name`,
      );
      expect(held).toEqual([
        { name: 'BANKACCOUNT', label: 'Geschäftskonto' },
        { name: 'TIORDER', label: 'TI-Bestellung (Telematikinfrastruktur)' },
      ]);
      await stopPortal();
    },
  );

  it('refuses bad input with one line and exit code 78, changing nothing', slow, async () => {
    const before = await counts();
    refused(
      await admin(env, 'invite', '--institution', 'Neu', ...ANNA.slice(0, 4)),
      'Missing --last-name.',
    );
    refused(
      await admin(
        env,
        'invite',
        '--institution',
        'Neu',
        '--email',
        'kein-at',
        '--first-name',
        'A',
        '--last-name',
        'B',
      ),
      '--email: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    refused(
      await admin(env, 'invite', '--institution', 'Neu', ...ANNA),
      'There is no institution "Neu" yet; to create it, give --city, --postalcode, --street.',
    );
    refused(
      await admin(
        env,
        'invite',
        '--institution',
        'Neu',
        '--city',
        'Bonn',
        '--postalcode',
        '0011',
        '--street',
        'A 1',
        ...ANNA,
      ),
      '--postalcode: Fünf Ziffern, nicht mit 00 beginnend',
    );
    refused(
      await admin(
        env,
        'invite',
        '--institution-id',
        '6f1c0d52-0000-4000-8000-000000000000',
        ...ANNA,
      ),
      'No institution has the id 6f1c0d52-0000-4000-8000-000000000000 (--institution-id).',
    );
    refused(
      await admin(env, 'invite', '--institution', 'Neu', '--colour', 'blau'),
      "Unknown option '--colour'.",
    );
    refused(await admin(env, 'frob'), 'Unknown command "frob"');
    refused(
      await admin(env, 'invite', '--institution-id', '42', ...ANNA),
      '--institution-id: "42" is no institution id',
    );
    // A wrong setting: the server's own message (a line per setting), exit code 78.
    const setting = await admin({ ...env, DATABASE_URL: 'mysql://db/portal' }, 'institutions');
    expect(setting.code).toBe(78);
    expect(setting.stderr).toContain('DATABASE_URL: must start with postgres://');
    expect(setting.stderr).not.toMatch(/\n\s+at /);
    expect(await counts()).toEqual(before);
  });

  it(
    'mails the invitation through SMTP_URL with the printed link; a mail server that does not answer leaves nothing behind',
    slow,
    async () => {
      const mailbox = new TestMailbox();
      const smtpUrl = await mailbox.start();
      try {
        const before = await counts();
        const down = await admin(
          { ...env, SMTP_URL: 'smtp://127.0.0.1:9' },
          'invite',
          '--institution',
          'Praxis Beispiel',
          '--email',
          'ben@example.de',
          '--first-name',
          'Ben',
          '--last-name',
          'Berg',
        );
        expect(down.code).toBe(1);
        expect(down.stderr.trim().split('\n')).toHaveLength(1);
        expect(down.stderr).toContain('The invitation mail could not be sent through SMTP_URL');
        expect(down.stdout).not.toContain('action-token');
        expect(await counts()).toEqual(before);

        const sent = await admin(
          { ...env, SMTP_URL: smtpUrl },
          'invite',
          '--institution',
          'Praxis Beispiel',
          '--email',
          'ben@example.de',
          '--first-name',
          'Ben',
          '--last-name',
          'Berg',
          '--form-of-address',
          'Herr',
        );
        expect(sent.code, sent.stderr).toBe(0);
        expect(sent.stdout).toContain('Invitation mailed to ben@example.de.');
        const mail = await mailbox.next('ben@example.de');
        expect(mail.subject).toBe('Einladung ins Institutionsportal: Praxis Beispiel');
        expect(mail.text).toContain('Sehr geehrter Herr Berg,');
        expect(TestMailbox.link(mail)).toBe(linkOf(sent));

        // --no-mail: the link only, no second mail.
        const count = mailbox.mails.length;
        const quiet = await admin(
          { ...env, SMTP_URL: smtpUrl },
          'invite',
          '--institution',
          'Praxis Beispiel',
          '--email',
          'ben@example.de',
          '--first-name',
          'Ben',
          '--last-name',
          'Berg',
          '--no-mail',
        );
        expect(quiet.code, quiet.stderr).toBe(0);
        expect(quiet.stdout).toContain('No mail sent (--no-mail)');
        linkOf(quiet);
        expect(mailbox.mails).toHaveLength(count);
      } finally {
        await mailbox.close();
      }
    },
  );
});

describe.skipIf(inPostgresRun)('npm run admin while the portal runs (PGlite)', () => {
  it('refuses while another live process holds the data folder', slow, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-admin-lock-'));
    const release = await lockDataFolder(path.join(dataDir, 'pglite.lock'));
    try {
      const run = await admin({ DATA_DIR: dataDir }, 'institutions');
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringContaining('is in use by the running portal'),
      ]);
    } finally {
      await release();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
