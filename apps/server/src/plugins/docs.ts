import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';

export const DOCS_PREFIX = '/api/docs';

/**
 * Whether a path (a route pattern or a request URL, with or without a query) is one of the API
 * reference's: public documentation pages, not API answers.
 */
export function isApiReference(path: string): boolean {
  if (!path.startsWith(DOCS_PREFIX)) return false;
  const next = path[DOCS_PREFIX.length];
  return next === undefined || next === '/' || next === '?';
}

/**
 * OpenAPI 3 document built from the routes' zod schemas, and its reference page at /api/docs
 * (JSON at /api/docs/json). Routes are secured by a bearer token unless they say `security: []`.
 */
export const docsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Institutionsportal API',
          description:
            'REST API of the institution portal. Error answers are `application/problem+json` ' +
            '(RFC 9457). Every route needs a bearer access token of the identity provider ' +
            `(${config.auth.issuer}) unless it is marked public.`,
          version: '1.0.0',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: `Access token issued by ${config.auth.issuer}`,
            },
          },
        },
        security: [{ bearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // Swagger UI's own policy: no inline script, so it works under the portal's strict CSP.
      staticCSP: true,
      // We serve plain HTTP on localhost; upgrade-insecure-requests would break that.
      transformStaticCSP: (header) =>
        header
          .split(';')
          .map((part) => part.trim())
          .filter((part) => part && part !== 'upgrade-insecure-requests')
          .join('; '),
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'docs' },
);
