import { describe, expect, it } from 'vitest';
import {
  ICON_MAX_BYTES,
  iconProblem,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
  targetProblem,
} from './types';

describe('tile field rules', () => {
  it('priority constants 3, 1, 5', () => {
    expect([PRIORITY_DEFAULT, PRIORITY_MIN, PRIORITY_MAX]).toEqual([3, 1, 5]);
  });

  it.each([
    ['image/png', 10, null],
    ['image/svg+xml', 10, null],
    ['image/webp', ICON_MAX_BYTES, null],
    ['image/webp', ICON_MAX_BYTES + 1, 'size'],
    ['image/jpeg', 10, 'type'],
    ['application/pdf', 10, 'type'],
  ])('icon %s of %i bytes → %s', (type, size, problem) => {
    expect(iconProblem({ type, size })).toBe(problem);
  });

  it.each([
    ['/orders', true, false],
    ['//evil.example', true, true],
    ['orders', true, true],
    // The server's rule: a page of the portal's route table, with or without a query.
    ['/bestellungen', true, true],
    ['/document?documentType=invoice', true, false],
    ['/orders/ti/status/42', true, false],
    ['https://', false, true],
    ['https://partner.example/x', false, false],
    ['http://partner.example/x', false, true],
    ['javascript:alert(1)', false, true],
    ['', false, true],
  ])('target %s (internal %s) → problem %s', (target, isInternal, problem) => {
    expect(targetProblem(target, isInternal)).toBe(problem);
  });
});
