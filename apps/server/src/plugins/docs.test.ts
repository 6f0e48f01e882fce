import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';

describe('API reference', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ SEED_DEMO_DATA: 'false' });
  });
  afterAll(() => t.close());

  it('serves the reference page at /api/docs without a token', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) {
      res = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('swagger');
    expect(res.body).not.toMatch(/<script>[^<]/);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('serves the OpenAPI document with every route and the bearer scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/ping',
        '/api/clients/public/config',
        '/api/user/current',
        '/api/user/ensureBackendUserExists',
        '/api/user/logout',
        '/api/institution/{id}',
      ]),
    );
    expect(Object.keys(doc.paths).some((path) => path.includes('*'))).toBe(false);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.paths['/api/ping'].get.security).toEqual([]);
    expect(doc.paths['/api/user/current'].get.security).toBeUndefined();
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/institution/{id}'].get.responses).toHaveProperty('404');
  });
});
