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
    [
      '/api/institution/1/document?documentType=invoice',
      '/api/institution/1/document?documentType=invoice',
    ],
    [
      '/api/institution/1/contractor/2/user?search=anna.admin%40praxis-sonnenschein.de',
      '/api/institution/1/contractor/2/user?search=[redacted]',
    ],
    [
      '/api/institution/1/contractor?search=Sch%C3%A4fer&limit=10',
      '/api/institution/1/contractor?search=[redacted]&limit=10',
    ],
    ['/?login_hint=anna.admin%40praxis-sonnenschein.de', '/?login_hint=[redacted]'],
    [
      '/auth/realms/portal/protocol/openid-connect/auth?client_id=portal-web&login_hint=max%40x.de&scope=openid',
      '/auth/realms/portal/protocol/openid-connect/auth?client_id=portal-web&login_hint=[redacted]&scope=openid',
    ],
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
