import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import { mailUnavailable } from './errors';

/** One German mail: always a plain-text and an HTML part. */
export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  /** A link the mail carries (invitation, reset): logged when mails go to files. */
  link?: string;
  /** Where a reply goes, when not to the portal's no-reply sender (a person who asked). */
  replyTo?: string;
}

export interface Mailer {
  /**
   * Hands the mail to the SMTP server (or writes it to a file). A mail that cannot be handed
   * over throws the 503 problem {@link mailUnavailable}; the caller undoes what the mail was
   * about, so the request changes nothing.
   */
  send(mail: Mail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends mail by SMTP (`SMTP_URL`), else writes `.eml` files to `$DATA_DIR/mail`. */
    mailer: Mailer;
  }
}

/**
 * How long a request waits for the mail server before it answers 503 (mailUnavailable): for
 * the connection, its greeting, and any silence after (nodemailer's defaults are 2 min, 30 s
 * and 10 min, which kept an invitation's button spinning that long). SMTP_URL's query
 * (`?connectionTimeout=…`) still overrides them.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

// The configuration resolves DATA_DIR, so `memory://` arrives as `<cwd>/memory:`.
const isInMemory = (dataDir: string) =>
  dataDir.startsWith('memory://') || path.basename(dataDir) === 'memory:';

/**
 * Mail delivery. With `SMTP_URL` every mail goes out through that server; without it each mail
 * is written as an `.eml` file under `$DATA_DIR/mail` (kept nowhere for an in-memory data dir)
 * and, on a demo portal, its link is logged, so a person running the demo can follow
 * invitations and resets.
 */
export const mailerPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const smtpUrl = config.mail.smtpUrl;
    const transport: Transporter = smtpUrl
      ? nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const folder = path.join(config.dataDir, 'mail');

    // The link of an invitation or reset works for whoever reads it: logged only on a demo
    // portal (demo accounts seeded), where following it from the log is the point; a
    // deployment's logs travel further than its data folder.
    const link = (mail: Mail) => (config.seedDemoData && mail.link ? { link: mail.link } : {});
    // Likewise the recipient: on a deployment the written mail names them, its line the file.
    const recipient = (to: string) => (config.seedDemoData ? { to } : {});

    const mailer: Mailer = {
      async send(mail) {
        try {
          await deliver(mail);
        } catch (error) {
          // The error, never the mail: its link would be a working invitation or reset.
          app.log.error({ err: error, subject: mail.subject }, 'mail could not be sent');
          throw mailUnavailable();
        }
      },
    };

    async function deliver(mail: Mail) {
      const info = await transport.sendMail({
        from: config.mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        // Sent by the portal, not a person (RFC 3834): out-of-office answers stay away from
        // the no-reply sender.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      if (smtpUrl) return;
      const recipients = Array.isArray(mail.to) ? mail.to.join(', ') : mail.to;
      if (!isInMemory(config.dataDir)) {
        await mkdir(folder, { recursive: true });
        const file = path.join(
          folder,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`,
        );
        await writeFile(file, (info as unknown as { message: Buffer }).message);
        app.log.info(
          { ...recipient(recipients), subject: mail.subject, file, ...link(mail) },
          'mail written',
        );
      } else {
        app.log.info(
          { ...recipient(recipients), subject: mail.subject, ...link(mail) },
          'mail not sent (no SMTP_URL, in-memory data)',
        );
      }
    }
    app.decorate('mailer', mailer);
    app.addHook('onClose', () => transport.close());
  },
  { name: 'mailer' },
);
