import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';

describe('GET /api/ping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/ready (the operator readiness check)', () => {
  it('answers ready while the database answers, 503 with Retry-After once it is away', async () => {
    const t = await buildTestApp();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready' });
      // The database goes away under the running process: ping still says ok (the process
      // runs), ready takes it out of a load balancer's rotation.
      await t.database.close();
      const away = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(away.statusCode).toBe(503);
      expect(away.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(away.headers['retry-after']).toBe('5');
      expect(away.json()).toMatchObject({ status: 503 });
      expect((await t.app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
