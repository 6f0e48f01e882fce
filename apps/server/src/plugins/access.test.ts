import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../db/seed/demo-ids';
import { ADMIN_ONLY, assertId, resolveInstitutionScope } from './access';
import { ProblemError } from './errors';

describe('tenant scope', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Routes as every feature module declares them: the scope is resolved before the handler.
    t = await buildTestApp({}, (app) => {
      app.get(
        '/api/test-scope/:institutionId',
        { config: { institution: { param: 'institutionId', roles: ADMIN_ONLY, trusted: true } } },
        async (request) => request.scope,
      );
      app.get(
        '/api/test-scope-query',
        { config: { institution: { query: 'institution' } } },
        async (request) => request.scope,
      );
      app.get(
        '/api/test-scope-contractors/:id',
        { config: { institution: { contractors: true } } },
        async (request) => request.scope,
      );
      app.get(
        '/api/test-scope-contractor-admins/:id',
        { config: { institution: { contractors: true, roles: ADMIN_ONLY } } },
        async (request) => request.scope,
      );
    });
  });
  afterAll(() => t.close());

  const statusOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 200;
    } catch (error) {
      expect(error).toBeInstanceOf(ProblemError);
      return (error as ProblemError).statusCode;
    }
  };

  it('resolves the role and the trusted flag of a member', async () => {
    expect(
      await resolveInstitutionScope(
        t.app.db,
        DEMO_USERS.anna,
        DEMO_INSTITUTIONS.zahnarztpraxisMueller,
      ),
    ).toEqual({
      userId: DEMO_USERS.anna,
      institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
      role: 'INSTITUTION_MEMBER',
      trusted: false,
      via: 'member',
      contractorIds: [],
    });
    expect(
      await resolveInstitutionScope(
        t.app.db,
        DEMO_USERS.sara,
        DEMO_INSTITUTIONS.abrechnungszentrumNord,
      ),
    ).toMatchObject({ role: 'SUPPORT_USER', trusted: true });
  });

  it('answers 404 for strangers, unknown institutions and unknown users alike', async () => {
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    const scope = (user: string | undefined, institution: string) =>
      statusOf(resolveInstitutionScope(t.app.db, user, institution));
    expect(await scope(DEMO_USERS.max, nord)).toBe(404);
    expect(await scope(DEMO_USERS.max, crypto.randomUUID())).toBe(404);
    expect(await scope(crypto.randomUUID(), nord)).toBe(404);
    expect(await scope(undefined, nord)).toBe(404);
    expect(await scope(DEMO_USERS.max, '0'.repeat(36))).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    expect(await statusOf(resolveInstitutionScope(t.app.db, DEMO_USERS.max, 'abc'))).toBe(400);
    expect(() => assertId('ABC')).toThrow(ProblemError);
    expect(assertId(DEMO_USERS.max)).toBe(DEMO_USERS.max);
  });

  it('answers 403 to a member without the needed role or outside a trusted institution', async () => {
    const sonnenschein = DEMO_INSTITUTIONS.praxisSonnenschein;
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    const scope = (user: string, institution: string, trusted = false) =>
      statusOf(
        resolveInstitutionScope(t.app.db, user, institution, { roles: ADMIN_ONLY, trusted }),
      );
    expect(await scope(DEMO_USERS.max, sonnenschein)).toBe(403);
    expect(await scope(DEMO_USERS.anna, sonnenschein)).toBe(200);
    expect(await scope(DEMO_USERS.anna, sonnenschein, true)).toBe(403);
    expect(await scope(DEMO_USERS.tom, nord, true)).toBe(200);
    expect(await scope(DEMO_USERS.sara, nord, true)).toBe(403);
    // A stranger still gets 404, not 403.
    expect(await scope(DEMO_USERS.tom, sonnenschein)).toBe(404);
  });

  it('resolves the scope from a route parameter or a query parameter before the handler', async () => {
    const call = async (url: string, user: Parameters<typeof demoToken>[1]) =>
      t.app.inject({ method: 'GET', url, headers: bearer(await demoToken(t, user)) });
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    const tom = await call(`/api/test-scope/${nord}`, 'tom');
    expect(tom.statusCode).toBe(200);
    expect(tom.json()).toMatchObject({ userId: DEMO_USERS.tom, role: 'INSTITUTION_ADMIN' });
    expect((await call(`/api/test-scope/${nord}`, 'sara')).statusCode).toBe(403);
    expect((await call(`/api/test-scope/${nord}`, 'anna')).statusCode).toBe(404);
    const byQuery = await call(
      `/api/test-scope-query?institution=${DEMO_INSTITUTIONS.praxisSonnenschein}`,
      'max',
    );
    expect(byQuery.json()).toMatchObject({ userId: DEMO_USERS.max, role: 'INSTITUTION_MEMBER' });
    expect((await call('/api/test-scope-query', 'max')).statusCode).toBe(400);
  });

  it('lets members of a trusted contractor serving the institution in where a route allows it', async () => {
    const call = async (url: string, user: Parameters<typeof demoToken>[1]) =>
      t.app.inject({ method: 'GET', url, headers: bearer(await demoToken(t, user)) });
    const mueller = DEMO_INSTITUTIONS.zahnarztpraxisMueller;
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    const tom = await call(`/api/test-scope-contractors/${mueller}`, 'tom');
    expect(tom.statusCode).toBe(200);
    expect(tom.json()).toEqual({
      institutionId: mueller,
      userId: DEMO_USERS.tom,
      role: 'INSTITUTION_ADMIN',
      trusted: false,
      via: 'contractor',
      contractorIds: [nord],
    });
    expect((await call(`/api/test-scope-contractors/${mueller}`, 'anna')).json()).toMatchObject({
      via: 'member',
      role: 'INSTITUTION_MEMBER',
    });
    // Neither member nor contractor: the unknown institution's 404.
    const max = await call(`/api/test-scope-contractors/${mueller}`, 'max');
    const unknown = await call(`/api/test-scope-contractors/${crypto.randomUUID()}`, 'max');
    expect(max.statusCode).toBe(404);
    expect(max.body).toBe(unknown.body);
    // Roles apply to the role at the contractor; without contractors: true, no way in.
    expect((await call(`/api/test-scope-contractor-admins/${mueller}`, 'sara')).statusCode).toBe(
      403,
    );
    expect((await call(`/api/test-scope-contractor-admins/${mueller}`, 'tom')).statusCode).toBe(
      200,
    );
    expect((await call(`/api/test-scope-query?institution=${mueller}`, 'tom')).statusCode).toBe(
      404,
    );
  });
});
