import { describe, expect, it } from 'vitest';
import type { ProblemError } from './errors';
import {
  findControlCharacter,
  findUnpairedSurrogate,
  hasControlCharacterInUrl,
  hasDecodableQuery,
  refuseMalformedText,
} from './input-guard';

describe('control characters', () => {
  it('names the first string holding one, and visits objects that refer to each other once', () => {
    expect(findControlCharacter(undefined)).toBeUndefined();
    expect(findControlCharacter({ name: 'Zeile 1\nZeile 2\t' })).toBeUndefined();
    expect(findControlCharacter({ a: { b: ['x', 'y\u0000'] } })).toBe('body.a.b.1');
    expect(findControlCharacter({ 'k\u0007': 'v' })).toBe('body');
    const part: Record<string, unknown> = { value: 'ok' };
    const fields: Record<string, unknown> = { file: part };
    part.fields = fields;
    expect(findControlCharacter(fields)).toBeUndefined();
    part.value = 'b\u001fad';
    expect(findControlCharacter(fields)).toBe('body.file.value');
    expect(findControlCharacter(Buffer.from('\u0000'))).toBeUndefined();
  });

  it('finds them raw or percent-encoded in URLs', () => {
    expect(hasControlCharacterInUrl('/api/user/current?x=%20')).toBe(false);
    expect(hasControlCharacterInUrl('/api/x?x=%00')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x?x=%7F')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x\u0001')).toBe(true);
  });
});

describe('malformed text', () => {
  it('finds unpaired surrogates, not pairs', () => {
    expect(findUnpairedSurrogate({ name: 'Zahnarzt 🦷' })).toBeUndefined();
    expect(findUnpairedSurrogate({ a: ['x', 'y\ud800'] })).toBe('body.a.1');
    expect(findUnpairedSurrogate({ a: '\udfffz' }, 'tile')).toBe('tile.a');
    expect(findUnpairedSurrogate({ 'k\udc00': 'v' })).toBe('body');
  });

  it('refuses control characters and unpaired surrogates with 400, naming the field', () => {
    expect(() => refuseMalformedText({ name: 'Zeile 1\nZeile 2 🦷' })).not.toThrow();
    const answer = (value: unknown) => {
      try {
        refuseMalformedText(value, 'metadata');
      } catch (error) {
        return (error as ProblemError).toProblem();
      }
    };
    expect(answer({ displayName: 'a\u0000' })).toMatchObject({
      status: 400,
      detail: 'Die Anfrage enthält unzulässige Steuerzeichen.',
      errors: [{ path: 'metadata.displayName' }],
    });
    expect(answer({ displayName: 'a\ud800b' })).toMatchObject({
      status: 400,
      detail: 'Die Anfrage enthält ungültig kodierten Text.',
      errors: [{ path: 'metadata.displayName' }],
    });
  });

  it('tells queries that decode from broken escapes and encoded surrogates', () => {
    expect(hasDecodableQuery('/api/x')).toBe(true);
    expect(hasDecodableQuery('/api/x?search=M%C3%BCller+%F0%9F%A6%B7')).toBe(true);
    expect(hasDecodableQuery('/api/x?search=%E0%A4%A')).toBe(false);
    expect(hasDecodableQuery('/api/x?search=a%ED%A0%80b')).toBe(false);
    expect(hasDecodableQuery('/api/x?search=%FF')).toBe(false);
  });
});
