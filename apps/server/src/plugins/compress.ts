import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import fp from 'fastify-plugin';

/** Answers smaller than this are sent as they are: compressing them gains nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json)|text\/(?:html|plain|css))\b/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Accept-Encoding values seen, with their verdict (browsers send a handful of fixed ones). */
const encodingOf = new Map<string, 'br' | 'gzip' | undefined>();
const ENCODING_CACHE_MAX = 64;

/** `br` or `gzip` as the request accepts them (brotli preferred), else undefined. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  if (header === undefined) return undefined;
  const text = String(header);
  if (encodingOf.has(text)) return encodingOf.get(text);
  const encoding = parseEncoding(text);
  if (encodingOf.size >= ENCODING_CACHE_MAX) encodingOf.clear();
  encodingOf.set(text, encoding);
  return encoding;
}

function parseEncoding(header: string): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
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

/** Content types seen, with whether they are compressible (a server sends a handful). */
const compressibleType = new Map<string, boolean>();

function isCompressible(type: unknown): boolean {
  if (typeof type !== 'string') return COMPRESSIBLE.test(String(type ?? ''));
  let verdict = compressibleType.get(type);
  if (verdict === undefined) {
    verdict = COMPRESSIBLE.test(type);
    if (compressibleType.size >= ENCODING_CACHE_MAX) compressibleType.clear();
    compressibleType.set(type, verdict);
  }
  return verdict;
}

/** Whether a payload is below the threshold in UTF-8 bytes, without encoding it. */
function isSmall(payload: string | Buffer): boolean {
  if (typeof payload !== 'string') return payload.length < COMPRESS_THRESHOLD_BYTES;
  // A UTF-16 code unit takes at least 1 and at most 3 bytes in UTF-8: only strings in between
  // need counting.
  if (payload.length * 3 < COMPRESS_THRESHOLD_BYTES) return true;
  if (payload.length >= COMPRESS_THRESHOLD_BYTES) return false;
  return Buffer.byteLength(payload) < COMPRESS_THRESHOLD_BYTES;
}

async function compress(payload: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return encoding === 'br'
    ? await brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : await gzipAsync(body, { level: 6 });
}

/**
 * Compresses JSON and text answers above {@link COMPRESS_THRESHOLD_BYTES} with node:zlib
 * (brotli at a fast level, or gzip) when the request accepts it. Files the build compressed
 * already (see plugins/web.ts) keep their own encoding. Every JSON or text answer says
 * `Vary: Accept-Encoding`, small ones too. A callback hook: the usual small answer costs no
 * promise, and its size is known without encoding it.
 */
export const compressPlugin = fp(
  async (app) => {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      if (reply.hasHeader('content-encoding') || request.method === 'HEAD') {
        return done(null, payload);
      }
      if (!isCompressible(reply.getHeader('content-type'))) return done(null, payload);
      const vary = reply.getHeader('vary');
      reply.header('vary', vary === undefined ? 'Accept-Encoding' : mergeVary(vary));
      if (isSmall(payload)) return done(null, payload);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      compress(payload, encoding).then((compressed) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, compressed);
      }, done);
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
