import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { escapeHtml, loginPage } from './pages';
import { apiResource, clientUrls, identityCsp } from './provider';

describe('client settings', () => {
  it('registers the callback and post-logout URIs of the public URL', () => {
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.de/' });
    expect(clientUrls(config)).toEqual({
      redirectUris: [
        'https://portal.example.de/signin-callback',
        'https://portal.example.de/signin-popup-callback',
      ],
      postLogoutRedirectUris: ['https://portal.example.de/', 'https://portal.example.de/signin'],
      origins: ['https://portal.example.de'],
    });
    expect(apiResource(config)).toEqual({
      indicator: 'https://portal.example.de/api',
      audience: 'portal-api',
    });
    expect(identityCsp(config)).toContain("form-action 'self' https://portal.example.de;");
  });

  it('also allows the Vite dev server in development', () => {
    const config = loadConfig({ NODE_ENV: 'development', PORT: '8080' });
    const urls = clientUrls(config);
    expect(urls.redirectUris).toEqual([
      'http://localhost:8080/signin-callback',
      'http://localhost:8080/signin-popup-callback',
      'http://localhost:5173/signin-callback',
      'http://localhost:5173/signin-popup-callback',
    ]);
    expect(urls.postLogoutRedirectUris).toContain('http://localhost:5173/signin');
    expect(identityCsp(config)).toContain(
      "form-action 'self' http://localhost:8080 http://localhost:5173",
    );
  });

  it('also lets the apps of AUTH_APP_URLS sign in (a second portal using this one as its provider)', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.de',
      AUTH_APP_URLS: 'https://zweites.example.de/',
    });
    expect(clientUrls(config)).toEqual({
      redirectUris: [
        'https://portal.example.de/signin-callback',
        'https://portal.example.de/signin-popup-callback',
        'https://zweites.example.de/signin-callback',
        'https://zweites.example.de/signin-popup-callback',
      ],
      postLogoutRedirectUris: [
        'https://portal.example.de/',
        'https://portal.example.de/signin',
        'https://zweites.example.de/',
        'https://zweites.example.de/signin',
      ],
      origins: ['https://portal.example.de', 'https://zweites.example.de'],
    });
    expect(identityCsp(config)).toContain(
      "form-action 'self' https://portal.example.de https://zweites.example.de;",
    );
  });

  it('uses AUTH_AUDIENCE as the access token audience when set', () => {
    const config = loadConfig({ AUTH_AUDIENCE: 'portal-backend' });
    expect(apiResource(config).audience).toBe('portal-backend');
  });
});

describe('pages', () => {
  it('escapes what the user typed', () => {
    const html = loginPage(
      { resourcesPath: '/auth/resources', publicUrl: 'http://localhost:8080' },
      { action: '/x', email: '"><script>alert(1)</script>', error: 'Fehler' },
    );
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(escapeHtml('"><script>alert(1)</script>'));
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('role="alert"');
  });
});
