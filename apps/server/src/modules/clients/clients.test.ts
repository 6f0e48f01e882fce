import { publicConfig } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/clients/public/config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      ANALYTICS_SITES: '{"portal.example.de":"7"}',
      SERVER_STATUS_URL: 'https://status.example.de/',
      SEED_DEMO_DATA: 'false',
    });
  });
  afterAll(() => t.close());

  it('answers the runtime configuration without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/clients/public/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(publicConfig.parse(body)).toEqual(body);
    expect(body).toEqual({
      authUrl: 'http://localhost:8080/auth',
      realm: 'portal',
      clientId: 'portal-web',
      serverStatusUrl: 'https://status.example.de/',
      analytics: { 'portal.example.de': '7' },
      uploadMaxBytes: 50 * 1024 * 1024,
      credentialsAtProvider: false,
      analyticsPersonalData: false,
    });
  });

  it('names the configured upload limit (UPLOAD_MAX_BYTES) for the upload form', async () => {
    const small = await buildTestApp({
      UPLOAD_MAX_BYTES: String(5 * 1024 * 1024),
      SEED_DEMO_DATA: 'false',
    });
    try {
      const res = await small.app.inject({ method: 'GET', url: '/api/clients/public/config' });
      expect(res.json().uploadMaxBytes).toBe(5 * 1024 * 1024);
    } finally {
      await small.close();
    }
  });
});
