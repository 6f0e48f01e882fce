import { describe, expect, it } from 'vitest';
import { redactUrl } from './app';

describe('redactUrl', () => {
  it.each([
    [
      '/auth/realms/portal/protocol/openid-connect/logout?id_token_hint=eyJ.abc.def&post_logout_redirect_uri=x',
      '/auth/realms/portal/protocol/openid-connect/logout?id_token_hint=[redacted]&post_logout_redirect_uri=x',
    ],
    ['/signin-callback?code=secret&state=s1', '/signin-callback?code=[redacted]&state=[redacted]'],
    ['/api/institution/1?search=abc', '/api/institution/1?search=abc'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
