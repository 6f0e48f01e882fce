import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/** The folder the e2e server writes mails to (scripts/e2e-server.mjs: portal-e2e-<port>). */
export const mailFolder = () =>
  path.join(tmpdir(), `portal-e2e-${process.env.E2E_PORT ?? '8181'}`, 'mail');

async function readMails(): Promise<{ file: string; mail: ParsedMail }[]> {
  const folder = mailFolder();
  const files = await readdir(folder).catch(() => [] as string[]);
  return Promise.all(
    files
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map(async (file) => ({
        file,
        mail: await simpleParser(await readFile(path.join(folder, file))),
      })),
  );
}

const recipient = (mail: ParsedMail) =>
  (mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toLowerCase();

/** Names of the mail files now, to wait for a newer one afterwards. */
export async function mailMark(): Promise<Set<string>> {
  return new Set((await readMails()).map(({ file }) => file));
}

/** Waits for a new mail to `address` (not in `mark`) and answers it. */
export async function waitForMail(address: string, mark: Set<string>): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await readMails()).filter(
          ({ file, mail }) => !mark.has(file) && recipient(mail).includes(address.toLowerCase()),
        );
        found = fresh.at(-1)?.mail;
        return !!found;
      },
      { timeout: 15_000, message: `mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link of the mail's plain-text part. */
export function linkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no link in mail "${mail.subject}"`);
  return link;
}
