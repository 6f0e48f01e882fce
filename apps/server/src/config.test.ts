import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.auth.mode).toBe('embedded');
    expect(config.auth.issuer).toBe('http://localhost:8080/auth/realms/portal');
  });

  it('names PORT when it is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('names IDENTITY_PROVIDER when its value is unknown', () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'ldap' })).toThrow(/IDENTITY_PROVIDER/);
  });

  it('requires AUTH_URL for an external identity provider', () => {
    expect(() => loadConfig({ IDENTITY_PROVIDER: 'external' })).toThrow(/AUTH_URL/);
  });

  it('reads AUTH_APP_URLS as a list of app URLs for the embedded provider', () => {
    expect(loadConfig({}).auth.appUrls).toEqual([]);
    expect(
      loadConfig({ AUTH_APP_URLS: 'https://b.example.de/, http://localhost:8182' }).auth.appUrls,
    ).toEqual(['https://b.example.de', 'http://localhost:8182']);
    expect(() => loadConfig({ AUTH_APP_URLS: 'b.example.de' })).toThrow(/AUTH_APP_URLS/);
    expect(() => loadConfig({ AUTH_APP_URLS: 'javascript:alert(1)' })).toThrow(/AUTH_APP_URLS/);
    expect(() => loadConfig({ AUTH_APP_URLS: ' , ' })).toThrow(/AUTH_APP_URLS/);
    // An external provider registers its apps itself: the variable would do nothing there.
    expect(() =>
      loadConfig({
        IDENTITY_PROVIDER: 'external',
        AUTH_URL: 'https://login.example.de/auth',
        AUTH_APP_URLS: 'https://b.example.de',
      }),
    ).toThrow(/AUTH_APP_URLS/);
  });

  it('impersonation lasts 30 minutes unless IMPERSONATION_TTL_SECONDS says otherwise', () => {
    expect(loadConfig({}).auth.impersonationTtlSeconds).toBe(1800);
    expect(loadConfig({ IMPERSONATION_TTL_SECONDS: '600' }).auth.impersonationTtlSeconds).toBe(600);
    expect(() => loadConfig({ IMPERSONATION_TTL_SECONDS: '5' })).toThrow(
      /IMPERSONATION_TTL_SECONDS/,
    );
  });

  it('NODE_ENV=production refuses to start without PUBLIC_URL, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required/);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.de' }).publicUrl,
    ).toBe('https://portal.example.de');
    // `npm start` as the demo (no NODE_ENV) keeps its default.
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
  });
});
