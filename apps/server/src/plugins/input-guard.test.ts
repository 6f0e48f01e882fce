import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacterInUrl } from './input-guard';

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
