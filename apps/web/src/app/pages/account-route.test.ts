import { describe, expect, it } from 'vitest';
import { isImpersonationToken } from './account-route';

const token = (claims: Record<string, unknown>) =>
  `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.sig`;

describe('isImpersonationToken', () => {
  it('is true when an impersonator other than the subject is named', () => {
    expect(
      isImpersonationToken(token({ sub: 'a', impersonator: { id: 'b', username: 's' } })),
    ).toBe(true);
  });
  it('is false without impersonator, for the subject itself, and without a token', () => {
    expect(isImpersonationToken(token({ sub: 'a' }))).toBe(false);
    expect(isImpersonationToken(token({ sub: 'a', impersonator: { id: 'a' } }))).toBe(false);
    expect(isImpersonationToken(null)).toBe(false);
  });
});
