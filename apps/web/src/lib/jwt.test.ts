import { describe, expect, it } from 'vitest';
import { decodeJwtClaims, tokenHasRoles, tokenSubject } from './jwt';

const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: unknown) => `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.sig`;

describe('tokenHasRoles', () => {
  it.each([
    ['realm role client', { realm_access: { roles: ['client'] } }, ['client'], true],
    [
      'resource role client',
      { resource_access: { 'portal-web': { roles: ['client'] } } },
      ['client'],
      true,
    ],
    [
      'technical user without client',
      { realm_access: { roles: ['technical'] } },
      ['client'],
      false,
    ],
    ['no roles at all', { sub: 'x' }, ['client'], false],
    ['nothing required', { sub: 'x' }, [], true],
    ['client and 2fa', { realm_access: { roles: ['client', '2fa'] } }, ['client', '2fa'], true],
  ])('%s → %s', (_case, claims, required, expected) => {
    expect(tokenHasRoles(jwt(claims), required)).toBe(expected);
  });

  it('cannot tell for an opaque token', () => {
    expect(tokenHasRoles('opaque-token', ['client'])).toBeNull();
  });

  it('decodes UTF-8 claims', () => {
    expect(decodeJwtClaims(jwt({ given_name: 'Jörg' }))?.given_name).toBe('Jörg');
  });
});

describe('tokenSubject', () => {
  it('reads sub, and nothing from a token without one or from no JWT', () => {
    expect(tokenSubject(jwt({ sub: 'f3a1c2d4' }))).toBe('f3a1c2d4');
    expect(tokenSubject(jwt({ sub: '' }))).toBeNull();
    expect(tokenSubject(jwt({ sub: 42 }))).toBeNull();
    expect(tokenSubject('opaque-token')).toBeNull();
  });
});
