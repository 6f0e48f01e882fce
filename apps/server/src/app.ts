import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, migrateDatabase, openDatabase, SCHEMA_LOCK_KEY } from './db/client';
import { demoAccountsWithPublishedPassword } from './db/seed/demo-accounts';
import { seedDemoData } from './db/seed/index';
import { identityPlugin } from './identity/index';
import { modules } from './modules/index';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { compressPlugin } from './plugins/compress';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { badUrlAnswer, errorsPlugin, serviceUnavailable } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { mailerPlugin } from './plugins/mailer';
import { principalsPlugin } from './plugins/principals';
import { securityHeadersApplier, securityPlugin } from './plugins/security';
import { serializerCompiler } from './plugins/serialization';
import { validatorCompiler } from './plugins/validation';
import { webPlugin } from './plugins/web';

/**
 * Query parameters that carry tokens, codes or secrets and never reach the logs (`key` is the
 * single-use token of invitation and reset links, `login-actions/action-token?key=…`), nor
 * personal data: `login_hint` is the e-mail address "Zur Anmeldung" signs in with (on the
 * portal's address and the authorization request), `search` the name or e-mail typed into the
 * customer and customer-user searches.
 */
const SECRET_QUERY_PARAMETERS =
  /([?&](?:id_token_hint|code|code_verifier|refresh_token|token|key|transaction|state|session_state|login_hint|search)=)[^&#]*/gi;

/** Path segments that are single-use tokens: the identification simulation's transaction. */
const SECRET_PATH_SEGMENTS = /(\/multiconnect\/simulation\/)[^/?#]+/gi;

/** The request URL as logged: token-bearing query parameters and path segments `[redacted]`. */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_QUERY_PARAMETERS, '$1[redacted]')
    .replace(SECRET_PATH_SEGMENTS, '$1[redacted]');
}

export interface BuildOptions {
  /** An open database (tests pass an in-memory one); otherwise opened from the config. */
  database?: Database;
  /** Where the log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
}

/** Query values of a failed statement (Drizzle's `params`, in its message too) never reach the logs. */
const QUERY_PARAMS = /\nparams: [^\n]*/g;

/**
 * An error as logged: type, message, stack, code and the statement that failed, but not the
 * values it was given (e-mail addresses, names, token hashes: Drizzle puts them in `params`
 * and its message, PostgreSQL in the `detail` of a constraint violation); causes likewise.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const {
    params: _params,
    detail,
    cause,
    ...rest
  } = error as Error & {
    params?: unknown;
    detail?: unknown;
    cause?: unknown;
    code?: unknown;
  };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    // node-postgres hangs its connection on some errors: no secrets or sockets in the logs.
    if (typeof value !== 'object' || value === null) fields[key] = value;
  }
  // PostgreSQL's data exceptions (class 22: invalid input syntax, value too long) quote the value.
  const quotesValue = typeof rest.code === 'string' && rest.code.startsWith('22');
  const clean = (text: string) => {
    const withoutParams = text.replace(QUERY_PARAMS, '');
    return quotesValue ? withoutParams.replace(/"[^"\n]*"/g, '"[redacted]"') : withoutParams;
  };
  return {
    type: error.constructor.name,
    message: clean(error.message),
    stack: error.stack === undefined ? undefined : clean(error.stack),
    ...fields,
    ...(typeof detail === 'string' ? { detail: detail.replace(/=\(.*\)/s, '=([redacted])') } : {}),
    ...(cause !== undefined && depth < 4 ? { cause: serializeError(cause, depth + 1) } : {}),
  };
}

export type App = FastifyInstance;

/** One log line per request, when it is answered (Fastify writes one at the start too). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    // request.log, not reply.log: the auth hook gives an impersonated request's logger who acted
    // as whom, and the reply keeps the logger it was made with.
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}

/** Opens the database, migrates it, seeds demo data when configured, and builds the server. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const database =
    options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  await database.withLock(SCHEMA_LOCK_KEY, async () => {
    await migrateDatabase(database);
    if (config.seedDemoData) await seedDemoData(database.db);
  });

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: {
              err: (error) =>
                serializeError(error) as { type: string; message: string; stack: string },
              req: (request) => ({
                method: request.method,
                url: redactUrl(request.url),
                host: request.host,
                remoteAddress: request.ip,
              }),
            },
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers.cookie',
                'req.body.password',
                'res.headers["set-cookie"]',
              ],
              censor: '[redacted]',
            },
          },
    // Only the configured proxies may name the client (TRUST_PROXY); by default the socket
    // address counts, so X-Forwarded-For cannot dodge per-address limits.
    trustProxy: config.trustProxy,
    // Unique across processes and restarts: the id a problem answer names (`instance`) finds
    // its log lines.
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    // Refused by the onRequest hook below, as problem+json.
    return503OnClosing: false,
    // Undecodable URLs (FST_ERR_BAD_URL) answer problem+json with the security headers too.
    frameworkErrors: badUrlAnswer(securityHeadersApplier(config)),
  }).withTypeProvider<ZodTypeProvider>();

  // Not asked for demo data, yet the demo accounts are there with their published password:
  // a portal that ran as the demo and went on as a deployment.
  if (!config.seedDemoData) {
    const open = await demoAccountsWithPublishedPassword(database.db);
    if (open.length > 0) {
      app.log.warn(
        { accounts: open },
        'demo accounts sign in with the published password (README): delete them or set new passwords; SEED_DEMO_DATA is off',
      );
    }
  }

  database.onIdleError = (error) =>
    app.log.warn(
      { err: error },
      'an unused database connection failed; the next query opens a new one',
    );

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { database, ownsDatabase: !options.database });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  // While stopping, a request that still arrives on an open connection (pipelined, or on a
  // keep-alive connection busy when the stop began) is refused like every other error:
  // problem+json 503 (Fastify's own answer was plain JSON), Connection: close, Retry-After.
  let isClosing = false;
  app.addHook('preClose', (done) => {
    isClosing = true;
    done();
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    done(isClosing ? serviceUnavailable() : undefined);
  });
  await app.register(inputGuardPlugin);
  await app.register(compressPlugin);
  await app.register(mailerPlugin, { config });
  await app.register(docsPlugin, { config });
  if (config.auth.mode === 'embedded') await app.register(identityPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(principalsPlugin);
  await app.register(accessPlugin);
  await app.register(modules, { config, prefix: '/api' });
  await app.register(webPlugin, { config });

  return app;
}
