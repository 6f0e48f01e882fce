import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../db/seed/demo-ids';
import { buildTestApp, type TestApp } from '../test/test-app';
import {
  assertId,
  requireInstitutionAccess,
  requireInstitutionRole,
  requireMembership,
} from './access';
import { ProblemError } from './errors';

describe('tenant access helper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const requestOf = (sub: string) =>
    ({ server: t.app, auth: { sub } }) as unknown as FastifyRequest;
  const statusOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return 200;
    } catch (error) {
      expect(error).toBeInstanceOf(ProblemError);
      return (error as ProblemError).statusCode;
    }
  };

  it('answers the membership role', async () => {
    expect(
      await requireMembership(t.app.db, DEMO_USERS.anna, DEMO_INSTITUTIONS.zahnarztpraxisMueller),
    ).toBe('INSTITUTION_MEMBER');
    expect(
      await requireInstitutionAccess(
        requestOf(DEMO_USERS.sara),
        DEMO_INSTITUTIONS.abrechnungszentrumNord,
      ),
    ).toEqual({
      userId: DEMO_USERS.sara,
      institutionId: DEMO_INSTITUTIONS.abrechnungszentrumNord,
      role: 'SUPPORT_USER',
    });
  });

  it('answers 404 for strangers, unknown institutions and unknown users alike', async () => {
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    expect(await statusOf(requireInstitutionAccess(requestOf(DEMO_USERS.max), nord))).toBe(404);
    expect(
      await statusOf(requireInstitutionAccess(requestOf(DEMO_USERS.max), crypto.randomUUID())),
    ).toBe(404);
    expect(await statusOf(requireInstitutionAccess(requestOf(crypto.randomUUID()), nord))).toBe(
      404,
    );
    expect(await statusOf(requireInstitutionAccess(requestOf('not-a-uuid-subject'), nord))).toBe(
      404,
    );
  });

  it('answers 400 for a malformed id', async () => {
    expect(await statusOf(requireInstitutionAccess(requestOf(DEMO_USERS.max), 'abc'))).toBe(400);
    expect(() => assertId('ABC')).toThrow(ProblemError);
    expect(assertId(DEMO_USERS.max)).toBe(DEMO_USERS.max);
  });

  it('answers 403 to a member without the needed role', async () => {
    const sonnenschein = DEMO_INSTITUTIONS.praxisSonnenschein;
    expect(
      await statusOf(
        requireInstitutionRole(requestOf(DEMO_USERS.max), sonnenschein, ['INSTITUTION_ADMIN']),
      ),
    ).toBe(403);
    expect(
      await statusOf(
        requireInstitutionRole(requestOf(DEMO_USERS.anna), sonnenschein, ['INSTITUTION_ADMIN']),
      ),
    ).toBe(200);
    // A stranger still gets 404, not 403.
    expect(
      await statusOf(
        requireInstitutionRole(requestOf(DEMO_USERS.tom), sonnenschein, ['INSTITUTION_ADMIN']),
      ),
    ).toBe(404);
  });
});
