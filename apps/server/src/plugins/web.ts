import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Fingerprinted build output: cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other unfingerprinted files: always revalidated (ETag / Last-Modified). */
const REVALIDATE = 'no-cache';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Institutionsportal</title></head>
<body>
<h1>Die Web-App wurde noch nicht gebaut.</h1>
<p>Bitte führen Sie <code>npm run build</code> aus und starten Sie den Server neu.</p>
<p>Die API läuft trotzdem: <a href="/api/docs">API-Dokumentation</a>.</p>
</body>
</html>
`;

/** Paths the app never owns: the API and the identity provider answer their own 404s. */
const isServerPath = (pathname: string) =>
  /^\/(api|auth)(\/|$)/.test(pathname) || pathname === '/api' || pathname === '/auth';

/**
 * A page request: a path without file extension whose Accept allows HTML (a browser's
 * text/html, any type, as curl and fetch ask, or no Accept at all). A missing
 * `/logo.png` or a JSON request stays a 404.
 */
function isPageRequest(request: FastifyRequest, pathname: string): boolean {
  const lastSegment = pathname.split('/').pop() ?? '';
  if (/\.[a-z0-9]+$/i.test(lastSegment)) return false;
  const accept = request.headers.accept;
  if (!accept) return true;
  return /text\/html|application\/xhtml\+xml|\*\/\*/.test(accept);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Serves the built single-page app from config.webDistDir: files as they are (immutable cache
 * for /assets/*), and index.html for every other page request (history fallback; the app
 * itself sends unknown routes to '/'). Missing files under /assets answer 404.
 */
export const webPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const root = config.webDistDir;
    const indexFile = path.join(root, 'index.html');

    // serve: false: only reply.sendFile; the route below decides what is served.
    await app.register(fastifyStatic, {
      root,
      serve: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'deny',
    });

    const sendIndex = async (reply: FastifyReply) => {
      if (!(await isFile(indexFile))) {
        return reply
          .code(200)
          .header('cache-control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .send(NOT_BUILT_PAGE);
      }
      return reply.header('cache-control', REVALIDATE).sendFile('index.html', root);
    };

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      let pathname: string;
      try {
        pathname = decodeURIComponent(request.url.split('?')[0] ?? '/');
      } catch {
        return reply.callNotFound();
      }
      if (isServerPath(pathname) || pathname.includes('\0')) return reply.callNotFound();

      const relative = path.posix.normalize(pathname).replace(/^\/+/, '');
      const file = path.join(root, relative);
      const isInsideRoot = file === root || file.startsWith(root + path.sep);
      const isHidden = relative.split('/').some((segment) => segment.startsWith('.'));
      if (relative && isInsideRoot && !isHidden && (await isFile(file))) {
        if (relative === 'index.html') return sendIndex(reply);
        const isAsset = relative.startsWith('assets/');
        return reply
          .header('cache-control', isAsset ? IMMUTABLE : REVALIDATE)
          .sendFile(relative, root);
      }
      if (relative.startsWith('assets/') || relative === 'assets') return reply.callNotFound();
      if (isPageRequest(request, pathname)) return sendIndex(reply);
      return reply.callNotFound();
    });
  },
  { name: 'web', dependencies: ['errors'] },
);
