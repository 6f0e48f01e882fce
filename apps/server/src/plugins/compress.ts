import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fp from 'fastify-plugin';

/** Answers smaller than this are sent as they are: compressing them gains nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json)|text\/(?:html|plain|css))\b/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `br` or `gzip` as the request accepts them (brotli preferred), else undefined. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses JSON and text answers above {@link COMPRESS_THRESHOLD_BYTES} with node:zlib
 * (brotli at a fast level, or gzip) when the request accepts it. Files the build compressed
 * already (see plugins/web.ts) keep their own encoding.
 */
export const compressPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (!COMPRESSIBLE.test(type)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      reply.header('vary', mergeVary(reply.getHeader('vary')));
      if (body.length < COMPRESS_THRESHOLD_BYTES) return payload;
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed =
        encoding === 'br'
          ? await brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 4,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzipAsync(body, { level: 6 });
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compress' },
);

function mergeVary(existing: unknown): string {
  const values = String(existing ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (!values.some((value) => value.toLowerCase() === 'accept-encoding')) {
    values.push('Accept-Encoding');
  }
  return values.join(', ');
}
