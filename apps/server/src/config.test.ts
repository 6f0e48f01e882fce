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
});
