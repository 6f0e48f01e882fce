/**
 * The operator command (`npm run admin -- <command> …`): sets up what only someone with the
 * server's configuration may, above all the first administrator of a deployment that starts
 * empty. It uses the server's configuration (the same environment variables), opens the same
 * database (PGlite in DATA_DIR, refused while the portal holds it; or DATABASE_URL) and applies
 * the migrations as a start would. See README "First administrator".
 *
 * Exit codes: 0 done; 78 wrong input or setting (EX_CONFIG, as the server); 1 anything else
 * (database not reachable or in use, mail not sent).
 */
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { type Config, ConfigError, loadConfig } from '../config';
import { type Database, migrateDatabase, openDatabase, SCHEMA_LOCK_KEY } from '../db/client';
import { DataFolderInUseError } from '../db/data-folder-lock';
import { twoFactorResetMail } from '../modules/account/mails';
import type { MailContext } from '../modules/institution-users/service';
import { type Mail, mailerPlugin } from '../plugins/mailer';
import { databaseName, dataFolderProblem, reasonOf } from '../start-failures';
import {
  type InviteResult,
  inviteAdministrator,
  linkCustomer,
  listInstitutions,
  resetTwoFactor,
  UsageError,
} from './operations';

const EXIT_CONFIG = 78;
/** Two operator commands at once on one PostgreSQL run one after the other (no two institutions). */
const ADMIN_COMMAND_LOCK_KEY = 740_212_028;

const COMMAND_NAMES = ['invite', 'link', 'institutions', 'reset-two-factor'];
const COMMANDS = 'invite, link, institutions or reset-two-factor';

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  invite        Set up an administrator of an institution and print the invitation link
                --institution <name> | --institution-id <id>
                --city <city> --postalcode <5 digits> --street <street>   (to create it)
                --email <address> --first-name <name> --last-name <name>
                [--form-of-address <Frau|Herr|…>] [--title <Dr.>]
                [--trusted]     the institution is a trusted provider (contractor)
                [--no-mail]     do not send the invitation mail, only print the link
  link          Let a trusted institution serve a customer under its customer number
                --contractor-id <id> --customer-id <id> --reference-number <Kd.-Nr.>
                [--business-case <type>]...   e.g. TIORDER, BANKACCOUNT (repeatable)
  institutions  List the institutions (id, postal code, city, trusted, name)
  reset-two-factor
                Turn off two-factor sign-in of a person who lost the phone and the key
                (check who asks first); the person is told by mail
                --email <address>
                [--no-mail]     do not send the notice mail

Reads the server's settings (DATA_DIR or DATABASE_URL, PUBLIC_URL, SMTP_URL, …) from the environment.`;

class Failure extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

const OPTIONS = {
  institution: { type: 'string' },
  'institution-id': { type: 'string' },
  city: { type: 'string' },
  postalcode: { type: 'string' },
  street: { type: 'string' },
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  'form-of-address': { type: 'string' },
  title: { type: 'string' },
  trusted: { type: 'boolean' },
  'no-mail': { type: 'boolean' },
  'contractor-id': { type: 'string' },
  'customer-id': { type: 'string' },
  'reference-number': { type: 'string' },
  'business-case': { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message goes on about positionals after `--`: its first sentence says it all.
    const [first] = (error as Error).message.split(/(?<=\.) /);
    throw new UsageError(`${first} (npm run admin -- --help)`);
  }
}

type Values = ReturnType<typeof parse>['values'];

const required = (values: Values, ...names: (keyof Values)[]) => {
  const missing = names.filter((name) => typeof values[name] !== 'string');
  if (missing.length > 0) {
    throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}.`);
  }
};

async function open(config: Config): Promise<Database> {
  let database: Database;
  try {
    database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataFolderInUseError) {
      throw new Failure(
        `The data folder ${config.dataDir} (DATA_DIR) is in use by the running portal: the embedded database (PGlite) belongs to one process. Stop the portal, run this command, and start the portal again.`,
        1,
      );
    }
    const problem = dataFolderProblem(error);
    if (problem) {
      throw new Failure(
        `The data folder ${config.dataDir} (DATA_DIR) cannot be used: ${problem}`,
        1,
      );
    }
    throw error;
  }
  try {
    if (database.kind === 'postgres') await database.db.execute('select 1');
    await database.withLock(SCHEMA_LOCK_KEY, () => migrateDatabase(database));
  } catch (error) {
    await database.close().catch(() => undefined);
    const where = config.databaseUrl
      ? `at ${databaseName(config.databaseUrl)} (DATABASE_URL)`
      : `in ${config.dataDir} (DATA_DIR)`;
    throw new Failure(`Cannot use the database ${where}: ${reasonOf(error)}`, 1);
  }
  return database;
}

/**
 * The server's mailer (SMTP_URL), watched for the invitation link; without SMTP_URL, or with
 * --no-mail, nothing is sent and the link is only printed.
 */
async function mailContext(config: Config, send: boolean) {
  const links: string[] = [];
  const errors: string[] = [];
  const prefix = `${config.auth.issuer}/login-actions/action-token?`;
  const app = Fastify({
    logger: {
      level: 'error',
      // The mailer logs why a mail could not be sent: kept for the one-line message.
      stream: {
        write(line: string) {
          try {
            const entry = JSON.parse(line) as { err?: { message?: string } };
            if (entry.err?.message) errors.push(entry.err.message);
          } catch {}
        },
      },
    },
  });
  await app.register(mailerPlugin, { config });
  await app.ready();
  const mailer = {
    async send(mail: Mail) {
      if (send) await app.mailer.send(mail);
      if (mail.link?.startsWith(prefix)) links.push(mail.link);
    },
  };
  const context: MailContext & { sentLinks: () => string[] } = {
    app: { mailer },
    config,
    namesInviter: false,
    sentLinks: () => links,
  };
  return { context, errors, close: () => app.close() };
}

function report(result: InviteResult, config: Config, mailed: boolean) {
  const { institution, user } = result;
  const lines = [
    `Institution: ${institution.name} (${institution.id})${institution.trusted ? ', trusted' : ''}${institution.created ? ' - created' : institution.madeTrusted ? ' - existed, now trusted' : ' - existed'}`,
    `Administrator: ${user.email} (${user.id})${user.created ? ' - account created' : ' - account existed'}${
      result.membership === 'added'
        ? ', added as administrator'
        : result.membership === 'made-admin'
          ? ', made administrator'
          : ', already administrator'
    }`,
  ];
  if (result.link) {
    const hours = config.account.invitationTtlHours;
    const valid = `valid ${hours % 24 === 0 ? `${hours / 24} days` : `${hours} hours`}${
      user.created ? '' : '; an earlier link no longer works'
    }`;
    lines.push(
      mailed
        ? `Invitation mailed to ${user.email}. The link (${valid}):`
        : `No mail sent (${config.mail.smtpUrl ? '--no-mail' : 'no SMTP_URL'}). Give ${user.email} this link (${valid}):`,
      result.link,
    );
  } else if (result.activated) {
    lines.push(`The account is active: ${user.email} signs in at ${config.publicUrl}`);
  } else {
    lines.push(
      `${mailed ? 'Mailed' : 'Tell'} ${user.email}: sign in at ${config.publicUrl} with this address at the identity provider (${config.auth.issuer}).`,
    );
  }
  console.log(lines.join('\n'));
}

/** Resets, then tells the person; a mail that cannot be sent leaves the reset done and says so. */
async function resetTwoFactorOf(database: Database, config: Config, email: string, send: boolean) {
  const { user, reset } = await resetTwoFactor(database.db, email);
  if (!reset) {
    console.log(`Two-factor sign-in is not on for ${user.email} (${user.id}): nothing changed.`);
    return;
  }
  console.log(
    `Two-factor sign-in of ${user.email} (${user.id}) is reset: the next sign-in asks for the password only.`,
  );
  if (!send) {
    console.log(
      `No mail sent (${config.mail.smtpUrl ? '--no-mail' : 'no SMTP_URL'}). Tell ${user.email} to set it up again under Mein Konto.`,
    );
    return;
  }
  const mail = await mailContext(config, true);
  try {
    await mail.context.app.mailer.send(twoFactorResetMail(user, config.publicUrl));
  } catch {
    throw new Failure(
      `Two-factor sign-in of ${user.email} is reset, but the notice mail could not be sent through SMTP_URL (${mail.errors.at(-1) ?? 'no answer'}). Tell the person yourself.`,
      1,
    );
  } finally {
    await mail.close();
  }
  console.log(`Notice mailed to ${user.email}.`);
}

async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parse(argv);
  const [command, ...extra] = positionals;
  if (values.help || command === 'help' || !command) {
    console.log(USAGE);
    if (!command && !values.help) throw new UsageError(`Name a command: ${COMMANDS}.`);
    return;
  }
  if (!COMMAND_NAMES.includes(command)) {
    throw new UsageError(`Unknown command "${command}": ${COMMANDS}.`);
  }
  if (extra.length > 0)
    throw new UsageError(`Unexpected argument "${extra[0]}" (quote names with spaces).`);
  if (command === 'invite') {
    required(values, 'email', 'first-name', 'last-name');
    if (values.institution === undefined && values['institution-id'] === undefined) {
      throw new UsageError(
        'Name the institution: --institution "<name>" or --institution-id <id>.',
      );
    }
    if (values.institution !== undefined && values['institution-id'] !== undefined) {
      throw new UsageError('Give --institution or --institution-id, not both.');
    }
  }
  if (command === 'link') required(values, 'contractor-id', 'customer-id', 'reference-number');
  if (command === 'reset-two-factor') required(values, 'email');

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  if (command === 'reset-two-factor' && config.auth.mode === 'external') {
    throw new UsageError(
      'With IDENTITY_PROVIDER=external two-factor sign-in belongs to that provider: reset it there.',
    );
  }
  const database = await open(config);
  try {
    await database.withLock(ADMIN_COMMAND_LOCK_KEY, async () => {
      if (command === 'institutions') {
        const rows = await listInstitutions(database.db);
        if (rows.length === 0) console.log('No institutions yet: npm run admin -- invite …');
        for (const row of rows) {
          console.log(
            `${row.id}  ${row.postalcode} ${row.city}${row.trusted ? '  trusted' : ''}  ${row.name}`,
          );
        }
        return;
      }
      if (command === 'link') {
        const result = await linkCustomer(database.db, {
          contractorId: values['contractor-id']!,
          customerId: values['customer-id']!,
          referenceNumber: values['reference-number']!,
          businessCases: values['business-case'],
        });
        console.log(
          `${result.contractor} serves ${result.customer} as customer ${values['reference-number']!.trim()}${
            result.created ? ' - linked' : result.changed ? ' - number changed' : ' - already so'
          }.`,
        );
        for (const item of result.businessCases) {
          console.log(`Business case ${item.name}${item.added ? ' - added' : ' - already so'}.`);
        }
        return;
      }
      const send = Boolean(config.mail.smtpUrl) && !values['no-mail'];
      if (command === 'reset-two-factor') {
        await resetTwoFactorOf(database, config, values.email!, send);
        return;
      }
      const mail = await mailContext(config, send);
      try {
        const result = await inviteAdministrator(database.db, mail.context, {
          institution: {
            id: values['institution-id'],
            name: values.institution,
            city: values.city,
            postalcode: values.postalcode,
            street: values.street,
            trusted: values.trusted ?? false,
          },
          email: values.email!,
          firstName: values['first-name']!,
          lastName: values['last-name']!,
          formOfAddress: values['form-of-address'],
          title: values.title,
        });
        report(result, config, send);
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 503) {
          throw new Failure(
            `The invitation mail could not be sent through SMTP_URL (${mail.errors.at(-1) ?? 'no answer'}); nothing was sent and no link works. Run the command again, or add --no-mail to get the link only.`,
            1,
          );
        }
        throw error;
      } finally {
        await mail.close();
      }
    });
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`[portal admin] ${error.message}`);
      process.exit(EXIT_CONFIG);
    }
    if (error instanceof Failure) {
      console.error(`[portal admin] ${error.message}`);
      process.exit(error.code);
    }
    // A refusal from the services (a problem with a German detail), or anything unforeseen: one line.
    const detail = (error as { detail?: unknown }).detail;
    const status = (error as { statusCode?: number }).statusCode;
    console.error(`[portal admin] ${typeof detail === 'string' ? detail : reasonOf(error)}`);
    process.exit(status !== undefined && status < 500 ? EXIT_CONFIG : 1);
  },
);
