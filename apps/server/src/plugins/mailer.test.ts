import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { institutionUserRoles, users } from '../db/schema';
import { DEMO_EMAILS, DEMO_INSTITUTIONS, DEMO_PASSWORD, DEMO_USERS } from '../db/seed/demo-ids';
import { messages } from '../messages';
import { HOUR_MS, issueToken, peekToken } from '../modules/account/tokens';

const SONNENSCHEIN = DEMO_INSTITUTIONS.praxisSonnenschein;

/** A loopback port nothing listens on: the mail server is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const MAIL = {
  to: 'max.mitglied@praxis-sonnenschein.de',
  subject: 'Einladung ins Institutionsportal',
  text: 'Guten Tag, bitte öffnen Sie https://portal.example/link',
  html: '<p>Guten Tag, bitte öffnen Sie <a href="https://portal.example/link">den Link</a></p>',
  link: 'https://portal.example/link',
};

describe('mailer', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('sends through a real SMTP server when SMTP_URL is set, with text and HTML parts', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString('utf8');
        });
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve(undefined))));
    const port = (server.server.address() as { port: number }).port;
    const t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    cleanups.push(() => t.close());

    await t.app.mailer.send(MAIL);
    expect(received).toHaveLength(1);
    const parsed = await simpleParser(received[0]!);
    expect(parsed.subject).toBe(MAIL.subject);
    expect(parsed.text?.trim()).toBe(MAIL.text);
    expect(parsed.html).toContain('href="https://portal.example/link"');
    // A machine's mail (RFC 3834): no out-of-office answer to the no-reply sender.
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('writes an .eml file to the data folder without SMTP_URL', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const t = await buildTestApp({ DATA_DIR: dataDir });
    cleanups.push(() => t.close());

    await t.app.mailer.send(MAIL);
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', files[0]!)));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe(MAIL.to);
    expect(parsed.subject).toBe(MAIL.subject);
  });
});

describe('the log of a mail written to the data folder', () => {
  /** The server's log lines while it writes MAIL (with its link) to a data folder. */
  async function logLinesOfOneMail(env: Record<string, string>) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-mail-log-'));
    const lines: Record<string, unknown>[] = [];
    const config = loadConfig({
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: dataDir,
      ...env,
    });
    const opened = await openTestDatabase();
    const app = await buildApp(config, {
      database: opened.database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    try {
      await app.ready();
      await app.mailer.send(MAIL);
      return lines.filter((line) => line.msg === 'mail written');
    } finally {
      await app.close();
      await opened.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  it('names the link on a demo portal, so whoever runs the demo can follow it', async () => {
    const [line] = await logLinesOfOneMail({ NODE_ENV: 'test' });
    expect(line).toMatchObject({ subject: MAIL.subject, link: MAIL.link, to: MAIL.to });
  });

  it('never holds the link on a deployment (no demo data): it would let any log reader in', async () => {
    const lines = await logLinesOfOneMail({ NODE_ENV: 'production', SEED_DEMO_DATA: 'false' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ subject: MAIL.subject });
    expect(JSON.stringify(lines)).not.toContain(MAIL.link);
    // Nor the recipient: the mail in the data folder names them; the log needs only its file.
    expect(lines[0]).toMatchObject({ file: expect.stringMatching(/\.eml$/) });
    expect(JSON.stringify(lines)).not.toContain(MAIL.to);
  });
});

describe('a mail server that accepts the connection and then says nothing', () => {
  it('is given up after 10 s: the invitation answers 503 and changes nothing', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/institution/${SONNENSCHEIN}/user`,
        headers: bearer(await demoToken(t, 'anna')),
        payload: {
          email: 'still.wartend@example.org',
          firstName: 'Still',
          lastName: 'Wartend',
          title: '',
          formOfAddress: '',
          role: 'INSTITUTION_MEMBER',
        },
      });
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(
        await t.app.db.select().from(users).where(eq(users.email, 'still.wartend@example.org')),
      ).toEqual([]);
    } finally {
      await t.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 45_000);
});

describe('a mail that cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: bearer(await demoToken(t, 'anna')),
      payload,
    });

  const expectMailUnavailable = (res: Awaited<ReturnType<typeof post>>) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toMatchObject({ status: 503, detail: messages.mailUnavailable });
  };

  const membership = (userId: string) =>
    t.app.db
      .select()
      .from(institutionUserRoles)
      .where(
        and(
          eq(institutionUserRoles.userId, userId),
          eq(institutionUserRoles.institutionId, SONNENSCHEIN),
        ),
      );

  it('invitation: 503, no account is left behind, and trying again is not refused as taken (409)', async () => {
    const invitation = {
      email: 'lena.neumann@example.org',
      firstName: 'Lena',
      lastName: 'Neumann',
      title: '',
      formOfAddress: 'Frau',
      role: 'INSTITUTION_MEMBER',
    };
    expectMailUnavailable(await post(`/institution/${SONNENSCHEIN}/user`, invitation));
    expect(await t.app.db.select().from(users).where(eq(users.email, invitation.email))).toEqual(
      [],
    );
    expectMailUnavailable(await post(`/institution/${SONNENSCHEIN}/user`, invitation));
  });

  it('adding an existing account: 503 and it does not become a member', async () => {
    const res = await post(`/institution/${SONNENSCHEIN}/user`, {
      email: DEMO_EMAILS.tom,
      firstName: 'Tom',
      lastName: 'Krüger',
      title: '',
      formOfAddress: '',
      role: 'SUPPORT_USER',
    });
    expectMailUnavailable(res);
    expect(await membership(DEMO_USERS.tom)).toEqual([]);
  });

  it('financing request: 503 and it is not listed as sent', async () => {
    const url = `/institution/${SONNENSCHEIN}/financing-request`;
    expectMailUnavailable(
      await post(url, {
        amount: 5000,
        purpose: 'Praxissoftware',
        termMonths: 12,
        phone: '040 123456',
      }),
    );
    const list = await t.app.inject({
      method: 'GET',
      url: `/api${url}`,
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(list.json()).toEqual([]);
  });

  it('re-sending an invitation: 503, and the link the person already has still works', async () => {
    const [invitee] = await t.app.db
      .insert(users)
      .values({ email: 'rosa.rot@example.org', firstName: 'Rosa', lastName: 'Rot' })
      .returning({ id: users.id });
    await t.app.db.insert(institutionUserRoles).values({
      userId: invitee!.id,
      institutionId: SONNENSCHEIN,
      role: 'INSTITUTION_MEMBER',
    });
    const earlier = await issueToken(t.app.db, invitee!.id, 'INVITATION', HOUR_MS);
    expectMailUnavailable(
      await post(`/institution/${SONNENSCHEIN}/user/${invitee!.id}/email/invitation`, {}),
    );
    expect(await peekToken(t.app.db, earlier, ['INVITATION'])).toMatchObject({
      userId: invitee!.id,
    });
  });

  it('e-mail change: 503, and no change waits for a link that was never sent', async () => {
    const headers = bearer(await demoToken(t, 'anna'));
    const { confirmation } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/user/confirmPassword',
        headers,
        payload: { password: DEMO_PASSWORD },
      })
    ).json() as { confirmation: string };
    expectMailUnavailable(
      await t.app.inject({
        method: 'PUT',
        url: '/api/user/updateEmail',
        headers: { ...headers, 'x-password-confirmation': confirmation },
        payload: { email: 'anna.neu@example.org' },
      }),
    );
    const data = await t.app.inject({
      method: 'GET',
      url: `/api/accountdata/${DEMO_USERS.anna}`,
      headers,
    });
    expect(data.json()).toMatchObject({ email: DEMO_EMAILS.anna, pendingEmail: null });
  });
});
