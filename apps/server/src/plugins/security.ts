import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { messages } from '../messages';
import { isApiReference } from './docs';
import { RateLimitCounters, rateLimitStore } from './rate-limit-store';

/** The analytics origin, when ANALYTICS_URL and at least one ANALYTICS_SITES host are set. */
export function analyticsOrigin(config: Config): string[] {
  if (!config.analytics.url || Object.keys(config.analyticsSites).length === 0) return [];
  return [new URL(config.analytics.url).origin];
}

/**
 * The Content-Security-Policy directives of every page the server sends. `inlineScripts`: the
 * hash sources (`'sha256-…'`) of the page's own inline scripts, allowed one by one
 * (index.html's early-requests script; see {@link inlineScriptHashes}).
 */
export function contentSecurityPolicy(
  config: Config,
  inlineScripts: readonly string[] = [],
): Record<string, string[]> {
  const own = new URL(config.publicUrl).origin;
  const authOrigin = new URL(config.auth.url).origin;
  // When the identity provider lives on another host, the app talks to it (token endpoint,
  // discovery) and the login form posts there.
  const auth = authOrigin === own ? [] : [authOrigin];
  // The Matomo-compatible analytics server, only when analytics is configured (decision 008).
  const analytics = analyticsOrigin(config);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // No eval and no inline script but those of the page allowed by their hash: every other
    // script is a file from this origin.
    scriptSrc: ["'self'", ...inlineScripts, ...analytics],
    scriptSrcAttr: ["'none'"],
    // 'unsafe-inline' for styles only: Mantine injects its CSS variables and some component
    // styles at runtime through <style> elements and style attributes. Styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...analytics],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...auth, ...analytics],
    formAction: ["'self'", ...auth],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
  };
}

/** HSTS for pages and API answers alike: it only makes sense where the portal is served over HTTPS. */
const strictTransportSecurity = (config: Config): HelmetOptions['strictTransportSecurity'] =>
  config.publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: true } : false;

/** The helmet options of pages and of every answer that is not the API's (see {@link apiHelmetOptions}). */
export function helmetOptions(
  config: Config,
  inlineScripts: readonly string[] = [],
): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, inlineScripts),
    },
    // The app opens no cross-origin windows that need a handle back to it.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Agrees with frame-ancestors 'none': no page of the portal is framed, not even by itself.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: strictTransportSecurity(config),
  };
}

/**
 * The helmet options of API answers (`/api/…` but the API reference's pages): JSON,
 * problem+json and document downloads, never a page. What a browser heeds on such an answer
 * (OWASP's REST security headers): a policy that lets nothing in it load or run and nobody frame
 * it, no content sniffing, no reads by other origins, HSTS over HTTPS. The page-only headers
 * (COOP, Origin-Agent-Cluster, Referrer-Policy, the legacy X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) are left off: they
 * protect nothing on an answer no browser renders as a page, and half of a small JSON answer's
 * bytes and Node's header work was theirs.
 */
export function apiHelmetOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: strictTransportSecurity(config),
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: true,
    xXssProtection: false,
  };
}

/** What helmet does to a response: headers set (name as helmet spells it, value) and removed. */
export interface SecurityHeaders {
  set: readonly (readonly [name: string, value: string])[];
  removed: readonly string[];
}

/**
 * The security headers helmet sets with the given options, computed once: helmet run against a
 * recorder. Its directives are all fixed strings (no per-request nonce), so every answer of a
 * kind gets the same headers; running helmet's middleware chain on every request cost about 3 %
 * of an API request's CPU.
 */
export function securityHeaders(
  config: Config,
  options: HelmetOptions = helmetOptions(config),
): SecurityHeaders {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet set ${name} to a non-string value`);
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let finished = false;
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
      finished = true;
    },
  );
  // helmet's middleware is synchronous; anything else would need it per request again.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return { set, removed };
}

/**
 * The CSP hash sources (`'sha256-…'`) of a page's inline scripts: every `<script>` element
 * without `src` whose text is not empty, hashed as the browser does (its text, UTF-8).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(
    /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi,
  )) {
    if (/\ssrc\s*=/i.test(attributes) || text === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The Content-Security-Policy header of a page that has these inline scripts (hash sources). */
export function pagePolicy(config: Config, inlineScripts: readonly string[]): string {
  const header = securityHeaders(config, helmetOptions(config, inlineScripts)).set.find(
    ([name]) => name.toLowerCase() === 'content-security-policy',
  );
  if (!header) throw new Error('helmet set no Content-Security-Policy');
  return header[1];
}

/** Whether an answer to this URL is an API answer (see {@link apiHelmetOptions}). */
export function isApiAnswer(url: string): boolean {
  return isApiPath(url) && !isApiReference(url);
}

/**
 * Sets the security headers on a reply, exactly as helmet would (same names, values and order):
 * the API's for API answers, the pages' for everything else. A page's go on the raw response, so
 * that answers the identity provider writes itself carry them too; an API answer's go with the
 * reply's own headers, which Node then writes in one pass (headers set on the raw response make
 * Node's writeHead set every reply header again one by one, about 2 % of an API request). Used by
 * the security plugin and for answers Fastify sends before any hook runs (bad URLs, see
 * `badUrlAnswer`).
 */
export function securityHeadersApplier(config: Config) {
  const page = securityHeaders(config);
  const api = securityHeaders(config, apiHelmetOptions(config));
  const apiSet = api.set.map(([name, value]) => [name.toLowerCase(), value] as const);
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const raw = reply.raw;
    if (isApiAnswer(request.url)) {
      for (const [name, value] of apiSet) reply.header(name, value);
      for (const name of api.removed) if (raw.hasHeader(name)) raw.removeHeader(name);
      return done();
    }
    for (const [name, value] of page.set) raw.setHeader(name, value);
    for (const name of page.removed) if (raw.hasHeader(name)) raw.removeHeader(name);
    done();
  };
}

/**
 * Security headers (helmet with a strict CSP) for every answer and a coarse rate limit for the
 * API. Pages that need another policy (the identity provider's login pages, the API reference)
 * overwrite the header on their own replies.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.addHook('onRequest', securityHeadersApplier(config));

    // Per user when signed in (the auth hook runs before this route-level limit), per address
    // otherwise: the people of a practice behind one address each have their own budget.
    // Counted in memory; on PostgreSQL shared by the processes through batched writes.
    const counters = new RateLimitCounters(app.database.kind === 'postgres' ? app.db : undefined);
    counters.start();
    app.addHook('onClose', () => counters.stop());
    await app.register(rateLimit, {
      global: true,
      max: (_request, key) =>
        key.startsWith('user:') ? config.rateLimitPerMinute : config.rateLimitAnonymousPerMinute,
      timeWindow: 60_000,
      store: rateLimitStore(counters),
      keyGenerator: (request) =>
        request.auth?.sub ? `user:${request.auth.sub}` : `address:${request.ip}`,
      allowList: (request) => !isApiPath(request.routeOptions.url ?? request.url),
      // The budget is told only when it is spent (429 with Retry-After and the x-ratelimit-*
      // headers): the app reads none of them on other answers, and three headers on every answer
      // cost Node's header work and bytes for nothing.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      // The error handler turns the thrown error into a problem+json 429.
      errorResponseBuilder: (_request, context) =>
        Object.assign(new Error(messages.tooManyRequests(Math.ceil(context.ttl / 1000))), {
          statusCode: 429,
        }),
    });
  },
  { name: 'security', dependencies: ['errors', 'db'] },
);

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
