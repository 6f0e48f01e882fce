import { isIP, isIPv4 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseWorkingHours } from './modules/orders/model';
import { defaultWebDistFolder } from './paths';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const url = z.url({ protocol: /^https?$/ });

const stripSlash = (value: string) => value.replace(/\/+$/, '');

/**
 * One entry of TRUST_PROXY as proxy-addr compiles it: an IPv4 or IPv6 address, optionally with
 * a prefix length within the address's bits or (IPv4) a netmask. Checked here, since
 * proxy-addr throws a bare `TypeError: invalid IP address` from inside Fastify otherwise.
 */
function isProxyAddress(item: string): boolean {
  const [address = '', range, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIPv4(range);
}

/** Environment variables the server reads; each is validated at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Folder for PGlite data, mails and uploaded files. */
  DATA_DIR: z.string().min(1).default('./.data'),
  /** PostgreSQL connection string; unset means embedded PGlite in DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    // A space, an unescaped `@` or `#` in the password or a bad port: the driver would fail
    // later with a message about something else (a host not found, a wrong password).
    .refine((value) => URL.canParse(value), {
      message:
        'is not a valid URL (postgres://user:password@host:5432/database; write special characters in the password percent-encoded)',
    })
    .optional(),
  /** The URL users open, e.g. `http://localhost:8080`. Defaults to http://localhost:PORT. */
  PUBLIC_URL: url.optional(),
  /** Identity provider base URL (Keycloak's `/auth`). Defaults to PUBLIC_URL + `/auth`. */
  AUTH_URL: url.optional(),
  AUTH_REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('portal'),
  AUTH_CLIENT_ID: z.string().min(1).default('portal-web'),
  /** `embedded` runs the built-in OpenID provider; `external` trusts AUTH_URL (e.g. Keycloak). */
  IDENTITY_PROVIDER: z.enum(['embedded', 'external']).default('embedded'),
  /**
   * Further URLs of apps that sign in at the embedded provider (comma-separated), e.g. a second
   * portal started with IDENTITY_PROVIDER=external and AUTH_URL pointing here: their
   * `/signin-callback`, `/` and `/signin` become redirect URIs, their origins may call it.
   */
  AUTH_APP_URLS: z
    .string()
    .transform((value, ctx): string[] => {
      const list = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      if (list.length === 0 || list.some((item) => !url.safeParse(item).success)) {
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of http(s) URLs' });
        return z.NEVER;
      }
      return list.map(stripSlash);
    })
    .optional(),
  /** Accepted token audience besides `azp` = AUTH_CLIENT_ID. */
  AUTH_AUDIENCE: z.string().min(1).optional(),
  SERVER_STATUS_URL: url.default('https://status.example.com/'),
  /** JSON object mapping host names to analytics site ids. */
  ANALYTICS_SITES: z
    .string()
    .default('{}')
    .transform((value, ctx) => {
      try {
        const parsed = z.record(z.string(), z.string()).parse(JSON.parse(value));
        return parsed;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object of host → site id' });
        return z.NEVER;
      }
    }),
  /** Base URL of the Matomo-compatible analytics server (matomo.js, matomo.php). */
  ANALYTICS_URL: url.optional(),
  /** Send name and e-mail to analytics too (needs a legal basis; default false). */
  ANALYTICS_PERSONAL_DATA: booleanFlag.default(false),
  /** Key of the user-id pseudonym (HMAC-SHA256); unset means a random key stored once in the database and shared by every process. */
  ANALYTICS_PSEUDONYM_KEY: z.string().min(16).optional(),
  /** Working hours of pre-check appointments, Monday to Friday, two-hour slots (e.g. 08-16). */
  APPOINTMENT_HOURS: z
    .string()
    .default('08-16')
    .refine(
      (value) => {
        try {
          parseWorkingHours(value);
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must look like 08-16: hours from 0 to 24, at least one two-hour slot' },
    ),
  /** Folder with the built web app; unset means apps/web/dist. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  /**
   * Seed the demo data of shared/demo-data.md at start. Default: on, except under
   * NODE_ENV=production, where demo accounts are created only when this says `true`.
   */
  SEED_DEMO_DATA: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** API requests per minute and signed-in user. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** API requests per minute and address without sign-in (ping, public config). */
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().positive().default(3000),
  /**
   * Sign-in attempts per account and address within 15 minutes before that address is refused
   * for that account; from many addresses an account slows down instead (identity/sign-in-throttle.ts).
   */
  SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  /**
   * Which proxies to believe about the client (X-Forwarded-For/-Proto/-Host): unset or `false`
   * none (the socket address counts), else a comma-separated list of proxy addresses, CIDR
   * ranges or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`
   * (`10.0.0.1, 192.168.0.0/16`). `true` (believe anyone) is refused; a bare hop count too,
   * since Fastify 5.12 fails closed on it (it cannot check the immediate peer).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | string[] => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0') return false;
      const list = trimmed
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const named = ['loopback', 'linklocal', 'uniquelocal'];
      if (
        list.length === 0 ||
        list.some((item) => !isProxyAddress(item) && !named.includes(item))
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal',
        });
        return z.NEVER;
      }
      return list;
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Institutionsportal <no-reply@portal.invalid>'),
  /** Largest document upload in bytes (default 50 MB); larger ones are answered 413. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** S3-compatible document store; unset means a folder under DATA_DIR. */
  S3_ENDPOINT: url.optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Hours an invitation link stays valid (default 7 days). */
  INVITATION_TTL_HOURS: z.coerce.number().int().positive().max(8760).default(168),
  /** URL of an external identification service; unset means the embedded simulation. */
  IDENT_SERVICE_URL: url.optional(),
  /** Lifetime of a support impersonation's token (token exchange), default 30 minutes. */
  IMPERSONATION_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  auth: {
    mode: 'embedded' | 'external';
    /** e.g. http://localhost:8080/auth */
    url: string;
    realm: string;
    clientId: string;
    /** e.g. http://localhost:8080/auth/realms/portal */
    issuer: string;
    audience: string | undefined;
    /** AUTH_APP_URLS: further apps the embedded provider lets sign in (no trailing slash). */
    appUrls: string[];
    signInMaxFailures: number;
    /** IMPERSONATION_TTL_SECONDS */
    impersonationTtlSeconds: number;
  };
  serverStatusUrl: string;
  analyticsSites: Record<string, string>;
  analytics: { url: string | undefined; personalData: boolean; pseudonymKey: string | undefined };
  appointmentHours: string;
  webDistDir: string;
  seedDemoData: boolean;
  logLevel: string;
  rateLimitPerMinute: number;
  rateLimitAnonymousPerMinute: number;
  /** Fastify's `trustProxy`: false or the proxies' addresses. */
  trustProxy: false | string[];
  mail: { smtpUrl: string | undefined; from: string };
  documents: {
    uploadMaxBytes: number;
    /** Set: documents live in this S3 bucket (credentials from the SDK's environment chain). */
    s3: { endpoint: string | undefined; bucket: string; region: string } | undefined;
  };
  account: { invitationTtlHours: number; identServiceUrl: string | undefined };
}

export class ConfigError extends Error {}

/** Reads and validates the configuration; a wrong value throws naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = result.data;
  // A deployment (NODE_ENV=production said, not defaulted): the issuer of every token and the
  // address of every link derive from PUBLIC_URL; the default (http://localhost:PORT) serves
  // only this machine, so sign-in would send everyone else to their own localhost.
  if (cleaned.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required when NODE_ENV is production (the URL people open, e.g. https://portal.example.com)',
    );
  }
  // The app, its assets (/assets/…), the API and the embedded provider are served at the root
  // of the host; under a path the sign-in returned to a callback no route serves.
  if (env.PUBLIC_URL) {
    const { pathname, search, hash } = new URL(env.PUBLIC_URL);
    if (pathname !== '/' || search || hash) {
      throw new ConfigError(
        `Invalid configuration:\n  PUBLIC_URL: must be the root of a host (e.g. https://portal.example.com), without a path; got ${env.PUBLIC_URL}`,
      );
    }
  }
  const publicUrl = stripSlash(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const authUrl = stripSlash(env.AUTH_URL ?? `${publicUrl}/auth`);
  if (env.IDENTITY_PROVIDER === 'external' && !env.AUTH_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_URL: required when IDENTITY_PROVIDER is external',
    );
  }
  // Without a bucket the documents go to the folder: an endpoint or region alone would be
  // ignored, and the operator would find the files on the disk instead of the store.
  if (!env.S3_BUCKET && (cleaned.S3_ENDPOINT || cleaned.S3_REGION)) {
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET: required with ${cleaned.S3_ENDPOINT ? 'S3_ENDPOINT' : 'S3_REGION'} (without it documents are stored under DATA_DIR)`,
    );
  }
  if (env.IDENTITY_PROVIDER === 'external' && env.AUTH_APP_URLS) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_APP_URLS: only for the embedded provider; register the app at the external one',
    );
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    auth: {
      mode: env.IDENTITY_PROVIDER,
      url: authUrl,
      realm: env.AUTH_REALM,
      clientId: env.AUTH_CLIENT_ID,
      issuer: `${authUrl}/realms/${env.AUTH_REALM}`,
      audience: env.AUTH_AUDIENCE,
      appUrls: env.AUTH_APP_URLS ?? [],
      signInMaxFailures: env.SIGN_IN_MAX_FAILURES,
      impersonationTtlSeconds: env.IMPERSONATION_TTL_SECONDS,
    },
    serverStatusUrl: env.SERVER_STATUS_URL,
    analyticsSites: env.ANALYTICS_SITES,
    analytics: {
      url: env.ANALYTICS_URL ? stripSlash(env.ANALYTICS_URL) : undefined,
      personalData: env.ANALYTICS_PERSONAL_DATA,
      pseudonymKey: env.ANALYTICS_PSEUDONYM_KEY,
    },
    appointmentHours: env.APPOINTMENT_HOURS,
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? defaultWebDistFolder),
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    rateLimitAnonymousPerMinute: env.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    documents: {
      uploadMaxBytes: env.UPLOAD_MAX_BYTES,
      s3: env.S3_BUCKET
        ? { endpoint: env.S3_ENDPOINT, bucket: env.S3_BUCKET, region: env.S3_REGION }
        : undefined,
    },
    account: {
      invitationTtlHours: env.INVITATION_TTL_HOURS,
      identServiceUrl: env.IDENT_SERVICE_URL,
    },
  };
}
