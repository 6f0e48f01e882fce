import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiOperations } from '../../test/openapi-operations';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { DEMO_INSTITUTIONS, type DemoUserKey } from '../db/seed/demo-ids';
import type { InstitutionRouteAccess } from './access';

/**
 * Walks every operation of the OpenAPI document: each one that carries an institution id is
 * called by a stranger, a member and an administrator. The stranger's answer must be the same
 * 404 as for an institution id that does not exist, byte for byte; members and admins must
 * get something else. Routes added later are covered without a new test.
 */

/**
 * Operations that look like they carry an institution id but are not institution data, with
 * the reason. Nothing is left out silently: an unlisted parameter named like an institution id
 * on a route without `config.institution` fails the test.
 */
const NOT_INSTITUTION_ROUTES: Record<string, string> = {
  // (none yet) e.g. 'GET /api/something/{institutionId}': 'why it is not tenant data',
};

/** Parameter names that hold an institution id. */
const INSTITUTION_PARAMETER = /^(institutionId|institution|customerId|contractorId)$/;

interface Operation {
  method: string;
  openApiPath: string;
  fastifyPath: string;
  parameters: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, unknown> };
}

/**
 * Who is who for an institution: Sonnenschein, or Nord where only trusted ones may act, or
 * Dr. Müller where members of its trusted contractor (Nord) get in too: Max belongs to neither.
 */
function cast(access: InstitutionRouteAccess) {
  if (access.contractors) {
    return {
      institution: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
      stranger: 'max' as DemoUserKey,
      member: 'anna' as DemoUserKey,
      admin: 'tom' as DemoUserKey,
    };
  }
  return access.trusted
    ? {
        institution: DEMO_INSTITUTIONS.abrechnungszentrumNord,
        stranger: 'anna' as DemoUserKey,
        member: 'sara' as DemoUserKey,
        admin: 'tom' as DemoUserKey,
      }
    : {
        institution: DEMO_INSTITUTIONS.praxisSonnenschein,
        stranger: 'tom' as DemoUserKey,
        member: 'max' as DemoUserKey,
        admin: 'anna' as DemoUserKey,
      };
}

describe('tenant scope over every route of the OpenAPI document', () => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await buildTestApp();
    operations = openApiOperations<Operation>(t.app);
  });
  afterAll(() => t.close());

  const accessOf = (operation: Operation) =>
    t.app.institutionRoutes.get(`${operation.method} ${operation.fastifyPath}`);

  /** One request to `operation` for `institutionId` by `user`; other ids are random uuids. */
  async function call(
    operation: Operation,
    access: InstitutionRouteAccess,
    institutionId: string,
    user: DemoUserKey,
  ): Promise<LightMyRequestResponse> {
    const institutionParameter = access.query ?? access.param ?? 'id';
    const path = operation.openApiPath.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      !access.query && name === institutionParameter ? institutionId : randomUUID(),
    );
    const query = new URLSearchParams();
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query') continue;
      if (parameter.name === access.query) query.set(parameter.name, institutionId);
      else if (parameter.required) query.set(parameter.name, randomUUID());
    }
    const content = operation.requestBody?.content ?? {};
    const headers: Record<string, string> = bearer(await demoToken(t, user));
    let payload: string | undefined;
    if (content['multipart/form-data']) {
      // A stranger's 404 comes before the body is parsed: an empty form is enough.
      headers['content-type'] = 'multipart/form-data; boundary=walk';
      payload = '--walk--\r\n';
    } else if (operation.requestBody) {
      headers['content-type'] = 'application/json';
      payload = '{}';
    }
    const url = query.size > 0 ? `${path}?${query}` : path;
    return t.app.inject({
      method: operation.method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
  }

  const comparable = (response: LightMyRequestResponse) => ({
    status: response.statusCode,
    contentType: response.headers['content-type'],
    body: response.body,
  });

  it('finds the institution routes, and no institution id without config.institution', () => {
    const scoped = operations.filter((operation) => accessOf(operation));
    expect(scoped.length).toBeGreaterThanOrEqual(2);
    for (const operation of operations) {
      const key = `${operation.method} ${operation.openApiPath}`;
      if (accessOf(operation) || key in NOT_INSTITUTION_ROUTES) continue;
      const suspicious = operation.parameters.filter(
        (parameter) =>
          INSTITUTION_PARAMETER.test(parameter.name) ||
          (parameter.name === 'id' && /^\/api\/institution\/\{id\}/.test(operation.openApiPath)),
      );
      expect(suspicious, `${key} names an institution but declares no config.institution`).toEqual(
        [],
      );
    }
  });

  it("a stranger's answer is the unknown institution's 404, byte for byte", async () => {
    for (const operation of operations) {
      const access = accessOf(operation);
      if (!access) continue;
      const who = cast(access);
      const label = `${operation.method} ${operation.openApiPath}`;
      const unknown = await call(operation, access, randomUUID(), who.stranger);
      const stranger = await call(operation, access, who.institution, who.stranger);
      expect(unknown.statusCode, label).toBe(404);
      expect(comparable(stranger), label).toEqual(comparable(unknown));
    }
  });

  it('members and administrators get past the scope (no institution 404)', async () => {
    for (const operation of operations) {
      const access = accessOf(operation);
      if (!access) continue;
      const who = cast(access);
      const label = `${operation.method} ${operation.openApiPath}`;
      const unknown = await call(operation, access, randomUUID(), who.stranger);
      for (const user of [who.member, who.admin]) {
        const answer = await call(operation, access, who.institution, user);
        expect(comparable(answer), `${label} as ${user}`).not.toEqual(comparable(unknown));
      }
    }
  });
});
