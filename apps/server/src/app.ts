import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, migrateDatabase, openDatabase, SCHEMA_LOCK_KEY } from './db/client';
import { seedDemoData } from './db/seed/index';
import { identityPlugin } from './identity/index';
import { modules } from './modules/index';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { compressPlugin } from './plugins/compress';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { badUrlAnswer, errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { mailerPlugin } from './plugins/mailer';
import { principalsPlugin } from './plugins/principals';
import { securityHeadersApplier, securityPlugin } from './plugins/security';
import { serializerCompiler } from './plugins/serialization';
import { validatorCompiler } from './plugins/validation';
import { webPlugin } from './plugins/web';

/**
 * Query parameters that carry tokens, codes or secrets and never reach the logs (`key` is the
 * single-use token of invitation and reset links, `login-actions/action-token?key=…`).
 */
const SECRET_QUERY_PARAMETERS =
  /([?&](?:id_token_hint|code|code_verifier|refresh_token|token|key|transaction|state|session_state)=)[^&#]*/gi;

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
}

export type App = FastifyInstance;

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
            serializers: {
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
    // Undecodable URLs (FST_ERR_BAD_URL) answer problem+json with the security headers too.
    frameworkErrors: badUrlAnswer(securityHeadersApplier(config)),
  }).withTypeProvider<ZodTypeProvider>();

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
