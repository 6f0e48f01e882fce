import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { ProblemError, toProblem } from './errors';

const PROBLEM = /^application\/problem\+json/;

describe('problem+json answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('400: validation failures name each field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/institution/nope',
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: expect.any(String),
      errors: [{ path: 'params.id', message: 'Ungültige Kennung' }],
    });
  });

  it('400: unparsable JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/ensureBackendUserExists',
      headers: { ...bearer(await demoToken(t, 'anna')), 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.json()).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it("Fastify's own refusals of a body say in German what is wrong, not in English", async () => {
    const headers = bearer(await demoToken(t, 'anna'));
    const cases = [
      {
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"broken"',
        status: 400,
        detail: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
      },
      {
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"__proto__":{"isAdmin":true}}',
        status: 400,
        detail: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
      },
      {
        headers: { ...headers, 'content-type': 'application/xml' },
        payload: '<hallo/>',
        status: 415,
        detail: 'Der Inhaltstyp der Anfrage fehlt oder wird hier nicht angenommen.',
      },
      {
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ text: 'x'.repeat(2 * 1024 * 1024) }),
        status: 413,
        detail: 'Der Inhalt der Anfrage ist zu groß.',
      },
    ];
    for (const { headers: sent, payload, status, detail } of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/ensureBackendUserExists',
        headers: sent,
        payload,
      });
      expect(res.statusCode, detail).toBe(status);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json(), detail).toMatchObject({ status, detail });
    }
  });

  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/current' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: expect.any(String),
    });
  });

  it('404 for an unknown /api path, with or without a token', async () => {
    for (const headers of [{}, bearer(await demoToken(t, 'anna'))]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist', headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(PROBLEM);
      expect(res.json()).toMatchObject({ type: 'about:blank', title: 'Not Found', status: 404 });
    }
  });

  it('405 with Allow for a wrong method on a known path', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/ping' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.headers['content-type']).toMatch(PROBLEM);
  });

  it('unexpected errors become a generic 500 without internals', () => {
    const error = new Error('connection to 10.0.0.5 refused at db.ts:42');
    const { problem } = toProblem(error);
    expect(problem).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: expect.any(String),
    });
    expect(JSON.stringify(problem)).not.toMatch(/10\.0\.0\.5|db\.ts/);
  });

  it('a full disk (PostgreSQL 53100, a file system ENOSPC, also as a cause) is a 503 that says so, not a 500', () => {
    const full = [
      Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), {
        code: '53100',
      }),
      Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }),
      new Error('Failed query: insert into "documents" …', {
        cause: Object.assign(new Error('out of memory'), { code: '53200' }),
      }),
    ];
    for (const error of full) {
      const { problem, headers } = toProblem(error);
      expect(problem).toEqual({
        type: 'about:blank',
        title: 'Service Unavailable',
        status: 503,
        detail:
          'Der Speicher des Portals ist voll. Es wurde nichts gespeichert. Bitte versuchen Sie es später noch einmal.',
      });
      expect(headers).toEqual({ 'retry-after': '300' });
    }
    // Other statement errors stay a 500.
    expect(
      toProblem(Object.assign(new Error('duplicate key'), { code: '23505' })).problem.status,
    ).toBe(500);
  });

  it('a ProblemError keeps its status, detail and headers', () => {
    const { problem, headers } = toProblem(
      new ProblemError(409, { detail: 'Konflikt', headers: { 'x-test': '1' } }),
    );
    expect(problem).toEqual({
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: 'Konflikt',
    });
    expect(headers).toEqual({ 'x-test': '1' });
  });
});
