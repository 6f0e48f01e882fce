import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP listener on loopback that keeps every mail it receives (tests only). */
export class TestMailbox {
  readonly mails: ParsedMail[] = [];
  private waiters: (() => void)[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          this.mails.push(mail);
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as { port: number };
    return `smtp://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The newest mail to `address` that arrived after `count` mails, waiting up to 5 s. */
  async next(address: string, after = 0): Promise<ParsedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.mails
        .slice(after)
        .reverse()
        .find((mail) => (mail.to && 'text' in mail.to ? mail.to.text : '').includes(address));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The first https?:// link of the mail's plain-text part. */
  static link(mail: ParsedMail): string {
    const match = /https?:\/\/\S+/.exec(mail.text ?? '');
    if (!match) throw new Error('no link in mail');
    return match[0];
  }
}
