import fp from 'fastify-plugin';
import { messages } from '../messages';
import { badRequest } from './errors';

/**
 * Control characters in a URL: raw, or percent-encoded C0 controls and DEL (`%00`–`%1F`,
 * `%7F`). PostgreSQL refuses NUL in text, and no legitimate parameter (e-mail, `state`,
 * `nonce`, `login_hint`, `ui_locales`, `acr_values`, …) contains any of them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_URL = /[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i;
/** In bodies, tab, line feed and carriage return are text; other controls are not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The path (dot-separated) of the first string in `value` holding a control character. */
export function findControlCharacter(
  value: unknown,
  path = 'body',
  depth = 0,
  seen?: WeakSet<object>,
): string | undefined {
  if (typeof value === 'string') return CONTROL_IN_TEXT.test(value) ? path : undefined;
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
    if (CONTROL_IN_TEXT.test(key)) return path;
    const found = findControlCharacter(item, `${path}.${key}`, depth + 1, visited);
    if (found) return found;
  }
  return undefined;
}

export const hasControlCharacterInUrl = (url: string) => CONTROL_IN_URL.test(url);

/**
 * Refuses control characters at the edge with 400 problem+json, for the API, the login pages
 * and the embedded provider alike (registered before the provider's middleware, so its
 * endpoints never see them): in the URL (path and query, raw or percent-encoded) on every
 * request, and in parsed bodies (JSON, forms) before validation.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    // Callback hooks: a clean request (nearly all of them) costs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!hasControlCharacterInUrl(request.url)) return done();
      done(
        badRequest(messages.controlCharacters, [
          { path: 'url', message: messages.controlCharactersField },
        ]),
      );
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const path = request.body === undefined ? undefined : findControlCharacter(request.body);
      if (!path) return done();
      done(
        badRequest(messages.controlCharacters, [
          { path, message: messages.controlCharactersField },
        ]),
      );
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
