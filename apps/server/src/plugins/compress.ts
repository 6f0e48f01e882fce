import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendingFormsOf } from './serialization';

/** How many answers were compressed so far (for tests: a frozen answer is compressed once). */
export const compressions = { count: 0 };

/** Answers smaller than this are sent as they are: compressing them gains nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
const COMPRESSIBLE = /^(?:application\/(?:json|problem\+json)|text\/(?:html|plain|css))\b/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** At most this many header values are remembered per header (then all are forgotten). */
const REMEMBERED_VALUES_MAX = 64;

/**
 * `verdict` remembered per header value: clients and routes send a handful of fixed
 * Accept-Encoding and Content-Type values, so each is parsed or matched once.
 */
function remembered<V>(verdict: (value: string) => V): (value: string) => V {
  const memory = new Map<string, V>();
  return (value) => {
    if (memory.has(value)) return memory.get(value) as V;
    const result = verdict(value);
    if (memory.size >= REMEMBERED_VALUES_MAX) memory.clear();
    memory.set(value, result);
    return result;
  };
}

const encodingOf = remembered(parseEncoding);

/** `br` or `gzip` as the request accepts them (brotli preferred), else undefined. */
export function pickEncoding(header: string | string[] | undefined): 'br' | 'gzip' | undefined {
  return header === undefined ? undefined : encodingOf(String(header));
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

const compressibleType = remembered((type) => COMPRESSIBLE.test(type));

function isCompressible(type: unknown): boolean {
  return compressibleType(typeof type === 'string' ? type : String(type ?? ''));
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
      // A frozen answer's JSON (kept in memory, sent again and again) is compressed once.
      const forms = typeof payload === 'string' ? sendingFormsOf(payload) : undefined;
      const kept = forms?.get(encoding);
      if (kept) return done(null, encoded(reply, encoding, kept));
      compress(payload, encoding).then((compressed) => {
        compressions.count += 1;
        forms?.set(encoding, compressed);
        done(null, encoded(reply, encoding, compressed));
      }, done);
    });
  },
  { name: 'compress' },
);

/**
 * The body to send, with the headers saying it is encoded. A module function rather than a
 * closure made per request: under tsx every named closure is renamed with defineProperty.
 */
function encoded(reply: FastifyReply, encoding: 'br' | 'gzip', body: Buffer): Buffer {
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}

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
