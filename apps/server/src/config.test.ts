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

  it('names TRUST_PROXY for an address proxy-addr cannot read, instead of failing in Fastify', () => {
    for (const value of [
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1/8/8',
      'proxy.local',
      '1',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0, ::1, fd00::/8, 127.0.0.1/32, loopback' })
        .trustProxy,
    ).toEqual(['10.0.0.0/255.0.0.0', '::1', 'fd00::/8', '127.0.0.1/32', 'loopback']);
  });

  it('names APPOINTMENT_HOURS when the hours hold no two-hour slot, instead of failing later', () => {
    for (const value of ['18-08', '08-99', '08-09', '8', 'acht-16']) {
      expect(() => loadConfig({ APPOINTMENT_HOURS: value }), value).toThrow(/APPOINTMENT_HOURS/);
    }
    expect(loadConfig({ APPOINTMENT_HOURS: '07-19' }).appointmentHours).toBe('07-19');
    expect(loadConfig({}).appointmentHours).toBe('08-16');
  });

  it('names DATABASE_URL when it is no URL (a space or an unescaped character in it)', () => {
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://portal:geheim@db host:5432/portal' }),
    ).toThrow(/DATABASE_URL: is not a valid URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://portal:geheim@db:54x32/portal' })).toThrow(
      /DATABASE_URL/,
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://portal:ge%40heim@db:5432/portal' }).databaseUrl,
    ).toBe('postgres://portal:ge%40heim@db:5432/portal');
  });

  it('names PUBLIC_URL when it has a path: the portal is served at the root of its host', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.de/portal' })).toThrow(
      /PUBLIC_URL: must be the root of a host/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.de/?x=1' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.de/' }).publicUrl).toBe(
      'https://portal.example.de',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8181' }).publicUrl).toBe(
      'http://localhost:8181',
    );
  });

  it('names S3_BUCKET when S3_ENDPOINT or S3_REGION is set without it, instead of storing in the folder', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /S3_BUCKET: required with S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_REGION: 'eu-central-1' })).toThrow(
      /S3_BUCKET: required with S3_REGION/,
    );
    expect(
      loadConfig({ S3_BUCKET: 'portal', S3_ENDPOINT: 'http://minio:9000' }).documents.s3,
    ).toEqual({ bucket: 'portal', endpoint: 'http://minio:9000', region: 'us-east-1' });
    expect(loadConfig({}).documents.s3).toBeUndefined();
  });
});
