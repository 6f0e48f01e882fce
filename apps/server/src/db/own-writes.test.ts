import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import type { Database } from './client';
import { DEMO_INSTITUTIONS, DEMO_USERS } from './seed/demo-ids';

/**
 * A process reads its own writes: the routes that write what this process caches forget it
 * with their answer, not when the NOTIFY arrives. On PostgreSQL the NOTIFY comes on the listening
 * connection a moment after the commit (a writer read its old data in 5 to 14 of 200 tries); here
 * every notification is held back for a second, so only the routes' own forgetting can help.
 */
const HELD_BACK_MS = 1_000;
const slowNotifications = (database: Database): Database => ({
  ...database,
  listen: (channel, handlers) =>
    database.listen(channel, {
      ...handlers,
      onNotify: (payload) => setTimeout(() => handlers.onNotify(payload), HELD_BACK_MS),
    }),
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, undefined, { wrapDatabase: slowNotifications });
});
afterAll(() => t.close());

const call = async (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  user: Parameters<typeof demoToken>[1],
  payload?: object,
) => t.app.inject({ method, url, payload, headers: bearer(await demoToken(t, user)) });

const PRAXIS = DEMO_INSTITUTIONS.praxisSonnenschein;

describe('a writer reads its own writes at once (notifications held back)', () => {
  it('PUT /institution/{id}: the next GET answers the new name', async () => {
    expect((await call('GET', `/api/institution/${PRAXIS}`, 'anna')).json().name).toBe(
      'Praxis Sonnenschein',
    );
    const update = { name: 'Praxis Sonnenschein Nord', city: 'Hamburg', postalcode: '20095' };
    const saved = await call('PUT', `/api/institution/${PRAXIS}`, 'anna', {
      ...update,
      street: 'Mönckebergstraße 7',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', `/api/institution/${PRAXIS}`, 'anna')).json().name).toBe(
      'Praxis Sonnenschein Nord',
    );
    await call('PUT', `/api/institution/${PRAXIS}`, 'anna', {
      ...update,
      name: 'Praxis Sonnenschein',
      street: 'Mönckebergstraße 7',
    });
  });

  it("a role change shows in the member list and in the person's access at once", async () => {
    const roleOf = async () =>
      (await call('GET', `/api/institution/${PRAXIS}`, 'anna'))
        .json()
        .users.find((user: { id: string }) => user.id === DEMO_USERS.max)?.role;
    expect(await roleOf()).toBe('INSTITUTION_MEMBER');
    const changed = await call('PUT', `/api/institution/${PRAXIS}/user/${DEMO_USERS.max}`, 'anna', {
      role: 'INSTITUTION_ADMIN',
    });
    expect(changed.statusCode).toBe(200);
    expect(await roleOf()).toBe('INSTITUTION_ADMIN');
    const maxAsAdmin = await call('PUT', `/api/institution/${PRAXIS}`, 'max', {
      name: 'Praxis Sonnenschein',
      city: 'Hamburg',
      postalcode: '20095',
      street: 'Mönckebergstraße 7',
    });
    expect(maxAsAdmin.statusCode).toBe(200);
    await call('PUT', `/api/institution/${PRAXIS}/user/${DEMO_USERS.max}`, 'anna', {
      role: 'INSTITUTION_MEMBER',
    });
    expect(await roleOf()).toBe('INSTITUTION_MEMBER');
  });

  it('PUT /accountdata/: the next GET /user/current and the member list carry the new name', async () => {
    const current = await call('GET', '/api/user/current', 'max');
    expect(current.json().firstName).toBe('Max');
    expect((await call('GET', `/api/institution/${PRAXIS}`, 'anna')).statusCode).toBe(200);
    const saved = await call('PUT', '/api/accountdata/', 'max', {
      formOfAddress: 'Herr',
      title: null,
      firstName: 'Maximilian',
      lastName: 'Weiß',
    });
    expect(saved.statusCode).toBe(200);
    expect((await call('GET', '/api/user/current', 'max')).json().firstName).toBe('Maximilian');
    const member = (await call('GET', `/api/institution/${PRAXIS}`, 'anna'))
      .json()
      .users.find((user: { id: string }) => user.id === DEMO_USERS.max);
    expect(member.firstName).toBe('Maximilian');
    await call('PUT', '/api/accountdata/', 'max', {
      formOfAddress: 'Herr',
      title: null,
      firstName: 'Max',
      lastName: 'Weiß',
    });
  });
});
