import fp from 'fastify-plugin';
import { messages } from '../messages';
import { badRequest } from './errors';

/**
 * Control characters in a URL: raw, or percent-encoded C0 controls and DEL (`%00`–`%1F`,
 * `%7F`) and C1 controls in UTF-8 (`%C2%80`–`%C2%9F`; `%C2` always starts a two-byte
 * character, so this never matches inside another). PostgreSQL refuses NUL in text, and no
 * legitimate parameter (e-mail, `state`, `nonce`, `login_hint`, `ui_locales`, `acr_values`, …)
 * contains any of them. (Node's parser refuses raw bytes above 0x7F in a URL before this.)
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_URL = /[\u0000-\u001f\u007f-\u009f]|%(?:[01][0-9a-f]|7f|c2%[89][0-9a-f])/i;
/**
 * In bodies, tab, line feed and carriage return are text; other controls are not: C0, DEL and
 * C1 (U+0080–U+009F, e.g. U+009B, the single-character CSI a terminal reads as an escape
 * sequence, or U+0085, a line break to some readers). No German text needs one.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * A UTF-16 surrogate without its partner (`"\ud800"` in JSON): no character at all. Stored, it
 * would silently become U+FFFD; it is refused like a control character.
 */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MALFORMED_TEXT = new RegExp(`${CONTROL_IN_TEXT.source}|${UNPAIRED_SURROGATE.source}`);

/** The path (dot-separated) of the first string in `value` (or key) for which `test` holds. */
function findText(
  value: unknown,
  test: (text: string) => boolean,
  path: string,
  depth: number,
  seen?: WeakSet<object>,
): string | undefined {
  if (typeof value === 'string') return test(value) ? path : undefined;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  // Parsed JSON and forms only: files, streams and buffers of uploads are not text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') {
    return undefined;
  }
  // Multipart parts refer to each other (`fields`): visit each object once.
  const visited = seen ?? new WeakSet<object>();
  if (visited.has(value)) return undefined;
  visited.add(value);
  for (const [key, item] of Object.entries(value)) {
    if (test(key)) return path;
    const found = findText(item, test, `${path}.${key}`, depth + 1, visited);
    if (found) return found;
  }
  return undefined;
}

/** The path (dot-separated) of the first string in `value` holding a control character. */
export const findControlCharacter = (value: unknown, path = 'body'): string | undefined =>
  findText(value, (text) => CONTROL_IN_TEXT.test(text), path, 0);

/** The path (dot-separated) of the first string in `value` holding an unpaired surrogate. */
export const findUnpairedSurrogate = (value: unknown, path = 'body'): string | undefined =>
  findText(value, (text) => UNPAIRED_SURROGATE.test(text), path, 0);

/**
 * Throws 400 when parsed input holds control characters (C0 but tab and line breaks, DEL, C1)
 * or unpaired surrogates; `path` names it in the answer. For JSON the routes parse themselves
 * (the JSON parts of multipart uploads), which the body check of this plugin never sees.
 */
export function refuseMalformedText(value: unknown, path = 'body'): void {
  // One walk for the usual clean input; the reason is looked for only when something is wrong.
  if (!findText(value, (text) => MALFORMED_TEXT.test(text), path, 0)) return;
  const control = findControlCharacter(value, path);
  if (control) {
    throw badRequest(messages.controlCharacters, [
      { path: control, message: messages.controlCharactersField },
    ]);
  }
  const surrogate = findUnpairedSurrogate(value, path);
  if (surrogate) {
    throw badRequest(messages.malformedText, [
      { path: surrogate, message: messages.malformedTextField },
    ]);
  }
}

export const hasControlCharacterInUrl = (url: string) => CONTROL_IN_URL.test(url);

/**
 * Whether the query of `url` is well-formed percent-encoded UTF-8: no broken escape (`%E0%A4%A`),
 * no encoded surrogate (`%ED%A0%80`), no invalid byte sequence.
 */
export function hasDecodableQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start < 0 || !url.includes('%', start)) return true;
  try {
    decodeURIComponent(url.slice(start + 1));
    return true;
  } catch {
    return false;
  }
}

/**
 * Refuses control characters at the edge with 400 problem+json, for the API, the login pages
 * and the embedded provider alike (registered before the provider's middleware, so its
 * endpoints never see them): in the URL (path and query, raw or percent-encoded) on every
 * request, and in parsed bodies (JSON, forms) before validation. So are queries that do not
 * decode and unpaired surrogates in bodies.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    // Callback hooks: a clean request (nearly all of them) costs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (hasControlCharacterInUrl(request.url)) {
        return done(
          badRequest(messages.controlCharacters, [
            { path: 'url', message: messages.controlCharactersField },
          ]),
        );
      }
      // Fastify refuses such a path itself (FST_ERR_BAD_URL) but reads such a query leniently.
      if (!hasDecodableQuery(request.url)) {
        return done(badRequest(messages.badUrl, [{ path: 'url', message: messages.invalidValue }]));
      }
      done();
    });
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.body === undefined) return done();
      try {
        refuseMalformedText(request.body);
      } catch (error) {
        return done(error as Error);
      }
      done();
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
