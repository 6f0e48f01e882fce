import { describe, expect, it } from 'vitest';
import {
  INSTITUTION_REFRESH_CHECK_MS,
  INSTITUTION_VALIDITY_MS,
  isInstitutionStale,
} from './validity';

describe('institution validity', () => {
  it('uses the spec constants', () => {
    expect(INSTITUTION_VALIDITY_MS).toBe(300_000);
    expect(INSTITUTION_REFRESH_CHECK_MS).toBe(60_000);
  });

  const now = 1_000_000_000;
  it.each([
    ['never fetched', undefined, true],
    ['fetched at 0 (never)', 0, true],
    ['just fetched', now, false],
    ['fetched 60 s ago', now - 60_000, false],
    ['fetched exactly 300 000 ms ago', now - 300_000, false],
    ['fetched 300 001 ms ago', now - 300_001, true],
    ['fetched 10 minutes ago', now - 600_000, true],
  ])('%s → stale %s', (_case, lastFetched, expected) => {
    expect(isInstitutionStale(lastFetched, now)).toBe(expected);
  });
});
