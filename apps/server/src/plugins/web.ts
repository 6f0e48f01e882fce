import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { webMessages } from '../messages';
import { inlineScriptHashes, pagePolicy } from './security';

/** Fingerprinted build output: cached for a year, never revalidated. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html: always revalidated (ETag / Last-Modified), so a new release shows at once. */
export const REVALIDATE = 'no-cache';
/**
 * Other files with stable names (favicon, /browser-check.js, the unsupported-browser page):
 * cached for a day, then revalidated in the background.
 */
export const STABLE = 'public, max-age=86400, stale-while-revalidate=604800';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Institutionsportal</title></head>
<body>
<h1>${webMessages.notBuiltTitle}</h1>
<p>${webMessages.notBuiltHint}</p>
<p>${webMessages.notBuiltApi} <a href="/api/docs">${webMessages.apiDocs}</a>.</p>
</body>
</html>
`;

/** Paths the app never owns: the API and the identity provider answer their own 404s. */
const isServerPath = (pathname: string) => /^\/(api|auth)(\/|$)/.test(pathname);

/**
 * A page request: a path without file extension whose Accept allows HTML (a browser's
 * text/html, any type, as curl and fetch ask, or no Accept at all). A missing
 * `/logo.png` or a JSON request stays a 404.
 */
function isPageRequest(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return true;
  return /text\/html|application\/xhtml\+xml|\*\/\*/.test(accept);
}

const hasExtension = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname.split('/').pop() ?? '');

/**
 * Serves the built single-page app from config.webDistDir through @fastify/static (which
 * refuses traversal, dotfiles and non-canonical paths, and sends the `.br`/`.gz` written at
 * build time when Accept-Encoding allows): files as they are, index.html for every other page
 * request (history fallback). Source maps are not served (they stay for error reporting).
 */
export const webPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const root = config.webDistDir;

    // serve: false: only reply.sendFile; the route below decides what is served.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'ignore',
      index: false,
      allowedPath: (pathname) => !pathname.endsWith('.map'),
    });

    // index.html's inline script (early requests, apps/web/src/lib/early-requests.inline.js)
    // is allowed by its hash: read from the file served, again whenever the file changes.
    const indexFile = path.join(root, 'index.html');
    let indexPolicy: { version: string; policy: string } | null = null;
    const policyOfIndex = (): string | null => {
      try {
        const stats = statSync(indexFile);
        const version = `${stats.mtimeMs}:${stats.size}`;
        if (indexPolicy?.version !== version) {
          const hashes = inlineScriptHashes(readFileSync(indexFile, 'utf8'));
          indexPolicy = { version, policy: pagePolicy(config, hashes) };
        }
        return indexPolicy.policy;
      } catch {
        // Replaced just now (a build while the server runs): the pages' policy, no inline script.
        return null;
      }
    };

    const sendIndex = (reply: FastifyReply) => {
      // Checked per request: the app may be built while the server runs.
      if (!existsSync(indexFile)) {
        return reply
          .code(200)
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(NOT_BUILT_PAGE);
      }
      // On the raw response, where the security plugin set the pages' policy: same name, place.
      const policy = policyOfIndex();
      if (policy) reply.raw.setHeader('Content-Security-Policy', policy);
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    };

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isServerPath(pathname)) return reply.callNotFound();
      if (pathname === '/' || pathname === '/index.html') return sendIndex(reply);
      if (hasExtension(pathname)) {
        const isAsset = pathname.startsWith('/assets/');
        // @fastify/static answers 404 (our not-found handler) for anything it will not send.
        return reply.header('cache-control', isAsset ? IMMUTABLE : STABLE).sendFile(pathname);
      }
      if (pathname === '/assets' || pathname.startsWith('/assets/')) return reply.callNotFound();
      if (isPageRequest(request)) return sendIndex(reply);
      return reply.callNotFound();
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
