import { describe, expect, it } from 'vitest';
import { identStatusOf, mapIdentStatus } from './ident-status';

describe('ident status mapping (spec section 4)', () => {
  it.each([
    ['true', 'CREATED'],
    [true, 'CREATED'],
    ['1', 'LEGITIMISED'],
    [1, 'LEGITIMISED'],
    ['false', 'FAILED'],
    ['2', 'FAILED'],
    ['', 'FAILED'],
    ['LEGITIMISED', 'FAILED'],
    [null, 'FAILED'],
  ])('%j → %s', (raw, expected) => {
    expect(mapIdentStatus(raw)).toBe(expected);
  });

  it('a failed load gives NOT_EXISTENT', () => {
    expect(identStatusOf({ ok: false })).toBe('NOT_EXISTENT');
    expect(identStatusOf({ ok: true, status: '1' })).toBe('LEGITIMISED');
  });
});
