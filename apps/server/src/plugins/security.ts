import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { databaseRateLimitStore } from './rate-limit-store';

/** The analytics origin, when ANALYTICS_URL and at least one ANALYTICS_SITES host are set. */
export function analyticsOrigin(config: Config): string[] {
  if (!config.analytics.url || Object.keys(config.analyticsSites).length === 0) return [];
  return [new URL(config.analytics.url).origin];
}

/** The Content-Security-Policy directives of every page the server sends. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
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
    // No inline script and no eval: every script is a file from this origin.
    scriptSrc: ["'self'", ...analytics],
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

/**
 * Security headers (helmet with a strict CSP) for every answer and a coarse rate limit for the
 * API. Pages that need another policy (the identity provider's login pages, the API reference)
 * overwrite the header on their own replies.
 */
export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy(config),
      },
      // The app opens no cross-origin windows that need a handle back to it.
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only makes sense where the portal is served over HTTPS.
      strictTransportSecurity: config.publicUrl.startsWith('https:')
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
    });

    // Per address, counted in the database: processes on one PostgreSQL share the limit. Should
    // the counter fail, the request goes on (the limit guards against runaway clients; it is
    // not worth refusing service for).
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      store: databaseRateLimitStore(app.db),
      skipOnError: true,
      allowList: (request) => !isApiPath(request.routeOptions.url ?? request.url),
      // The error handler turns the thrown error into a problem+json 429.
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(
            `Zu viele Anfragen. Bitte versuchen Sie es in ${Math.ceil(context.ttl / 1000)} Sekunden erneut.`,
          ),
          { statusCode: 429 },
        ),
    });
  },
  { name: 'security', dependencies: ['errors', 'db'] },
);

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
