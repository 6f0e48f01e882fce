import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDatabase, type TestApp } from '../../test/test-app';
import { bearer, demoToken } from '../../test/tokens';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { institutionUserRoles } from '../db/schema';
import { DEMO_INSTITUTIONS, DEMO_USERS } from '../db/seed/demo-ids';
import { loadPrincipal } from './principals';

const sonnenschein = DEMO_INSTITUTIONS.praxisSonnenschein;

describe('principal: user with roles in one statement, cached with exact invalidation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async (app: App, url: string) =>
    app.inject({ url, headers: bearer(await demoToken(t, 'max')) });

  it('loads the user with every role and trusted flag', async () => {
    const anna = await loadPrincipal(t.app.db, DEMO_USERS.anna);
    expect(anna?.user.email).toBe('anna.admin@praxis-sonnenschein.de');
    expect(anna?.memberships).toEqual(
      expect.arrayContaining([
        { institutionId: sonnenschein, role: 'INSTITUTION_ADMIN', trusted: false },
        {
          institutionId: DEMO_INSTITUTIONS.zahnarztpraxisMueller,
          role: 'INSTITUTION_MEMBER',
          trusted: false,
        },
      ]),
    );
    expect(await loadPrincipal(t.app.db, 'not-a-subject')).toBeUndefined();
  });

  it('a member removed by an admin loses access with the answer (in process)', async () => {
    expect((await get(t.app, `/api/institution/${sonnenschein}`)).statusCode).toBe(200);
    expect((await get(t.app, `/api/institution/${sonnenschein}`)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/institution/${sonnenschein}/user/${DEMO_USERS.max}`,
      headers: bearer(await demoToken(t, 'anna')),
    });
    expect(removed.statusCode).toBe(204);
    // The very next request: no waiting for the NOTIFY.
    expect((await get(t.app, `/api/institution/${sonnenschein}`)).statusCode).toBe(404);
    await t.app.db
      .insert(institutionUserRoles)
      .values({ userId: DEMO_USERS.max, institutionId: sonnenschein, role: 'INSTITUTION_MEMBER' });
    await expect
      .poll(async () => (await get(t.app, `/api/institution/${sonnenschein}`)).statusCode)
      .toBe(200);
  });

  it('a membership removed by any code path ends access with the NOTIFY (in process)', async () => {
    expect((await get(t.app, `/api/institution/${sonnenschein}`)).statusCode).toBe(200);
    expect(t.app.principals.size).toBeGreaterThan(0);
    // Cached now: a second request is served from memory …
    expect((await get(t.app, `/api/institution/${sonnenschein}`)).statusCode).toBe(200);
    // … until the membership goes, by whatever code path writes it: at once under PGlite (in
    // process), within the NOTIFY's delivery on PostgreSQL (its listening connection).
    await t.app.db
      .delete(institutionUserRoles)
      .where(
        and(
          eq(institutionUserRoles.userId, DEMO_USERS.max),
          eq(institutionUserRoles.institutionId, sonnenschein),
        ),
      );
    await expect
      .poll(async () => (await get(t.app, `/api/institution/${sonnenschein}`)).statusCode, {
        timeout: 2_000,
        interval: 5,
      })
      .toBe(404);
    const current = await get(t.app, '/api/user/current');
    expect(current.json().institutionUserRoles).toEqual([]);

    await t.app.db
      .insert(institutionUserRoles)
      .values({ userId: DEMO_USERS.max, institutionId: sonnenschein, role: 'INSTITUTION_MEMBER' });
    await expect
      .poll(async () => (await get(t.app, `/api/institution/${sonnenschein}`)).statusCode)
      .toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two processes on one PostgreSQL', () => {
  let first: App;
  let second: App;
  let databases: Database[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const other = await openDatabase({ url: opened.url });
    databases = [opened.database, other];
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: 'memory://',
    });
    first = await buildApp(config, { database: opened.database });
    second = await buildApp(config, { database: other });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await databases[1]?.close();
    await drop?.();
  });

  it('a member removed through one process loses access in the other', async () => {
    const target = { app: second, config: loadConfig({ PUBLIC_URL: 'http://localhost:8080' }) };
    const headers = bearer(await demoToken(target, 'max'));
    const url = `/api/institution/${sonnenschein}`;
    expect((await second.inject({ url, headers })).statusCode).toBe(200);
    expect(second.principals.size).toBeGreaterThan(0);

    await first.db
      .delete(institutionUserRoles)
      .where(
        and(
          eq(institutionUserRoles.userId, DEMO_USERS.max),
          eq(institutionUserRoles.institutionId, sonnenschein),
        ),
      );
    // The notification travels through PostgreSQL. The cache has no expiry: without it the
    // second process would answer 200 for good (the wait is bounded only so a failure ends).
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 10_000) {
      status = (await second.inject({ url, headers })).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(status).toBe(404);
  });
});
