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

  it('impersonation lasts 30 minutes unless IMPERSONATION_TTL_SECONDS says otherwise', () => {
    expect(loadConfig({}).auth.impersonationTtlSeconds).toBe(1800);
    expect(loadConfig({ IMPERSONATION_TTL_SECONDS: '600' }).auth.impersonationTtlSeconds).toBe(600);
    expect(() => loadConfig({ IMPERSONATION_TTL_SECONDS: '5' })).toThrow(
      /IMPERSONATION_TTL_SECONDS/,
    );
  });
});
