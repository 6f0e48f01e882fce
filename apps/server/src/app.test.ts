import { describe, expect, it } from 'vitest';
import { redactUrl } from './app';

describe('redactUrl', () => {
  it.each([
    [
      '/auth/realms/portal/protocol/openid-connect/logout?id_token_hint=eyJ.abc.def&post_logout_redirect_uri=x',
      '/auth/realms/portal/protocol/openid-connect/logout?id_token_hint=[redacted]&post_logout_redirect_uri=x',
    ],
    ['/signin-callback?code=secret&state=s1', '/signin-callback?code=[redacted]&state=[redacted]'],
    [
      '/signin-popup-callback?code=secret&state=s1',
      '/signin-popup-callback?code=[redacted]&state=[redacted]',
    ],
    ['/api/institution/1?search=abc', '/api/institution/1?search=abc'],
    [
      '/auth/realms/portal/login-actions/action-token?key=Zm9vYmFy-_x',
      '/auth/realms/portal/login-actions/action-token?key=[redacted]',
    ],
    ['/api/multiconnect/simulation/Zm9vYmFy-_x', '/api/multiconnect/simulation/[redacted]'],
    ['/api/multiconnect/simulation/Zm9vYmFy?x=1', '/api/multiconnect/simulation/[redacted]?x=1'],
    ['/api/monkey=1?apikey=2&key=3', '/api/monkey=1?apikey=2&key=[redacted]'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
