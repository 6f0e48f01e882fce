import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/test-app';

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
