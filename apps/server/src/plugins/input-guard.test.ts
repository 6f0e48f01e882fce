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

  it('finds C1 controls (U+0080–U+009F) as well, and not the letters around them', () => {
    expect(findControlCharacter({ name: 'Praxis\u009bSonnenschein' })).toBe('body.name');
    expect(findControlCharacter({ name: 'a\u0080' })).toBe('body.name');
    expect(findControlCharacter({ name: 'Zeile\u0085Zeile' })).toBe('body.name');
    expect(findControlCharacter({ name: 'a\u009f' })).toBe('body.name');
    expect(findControlCharacter({ name: 'Weiß ÄÖÜ äöü é € \u00a0 ¡' })).toBeUndefined();
  });

  it('finds them raw or percent-encoded in URLs', () => {
    expect(hasControlCharacterInUrl('/api/user/current?x=%20')).toBe(false);
    expect(hasControlCharacterInUrl('/api/x?x=%00')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x?x=%7F')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x\u0001')).toBe(true);
    // C1 in UTF-8: %C2%80–%C2%9F; other characters starting with %C2 (NBSP, §) are no controls.
    expect(hasControlCharacterInUrl('/api/x?x=%C2%9B')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x?x=a%c2%85b')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x?x=%C2%80')).toBe(true);
    expect(hasControlCharacterInUrl('/api/x?x=%C2%A0%C2%A7')).toBe(false);
    expect(hasControlCharacterInUrl('/api/x?search=M%C3%BCller%E2%82%AC')).toBe(false);
    expect(hasControlCharacterInUrl('/api/x\u009b')).toBe(true);
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
