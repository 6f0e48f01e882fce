import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { demoClaims, signTestToken } from '../test/tokens';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { users } from './db/schema';
import { DEMO_USERS } from './db/seed/demo-ids';
import { hashPassword } from './identity/passwords';
import { apiResource } from './identity/provider';
import { IMPERSONATOR_SCOPE, TOKEN_EXCHANGE_GRANT } from './identity/token-exchange';

/** The server's log lines as an operator reads them, and the answers that go with them. */
describe('logs and error answers', () => {
  let app: App;
  let config: ReturnType<typeof loadConfig>;
  let drop: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];
  const unreachable = new pg.Pool({ connectionString: 'postgres://portal:geheim@127.0.0.1:1/x' });

  beforeAll(async () => {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: 'memory://',
    });
    const opened = await openTestDatabase();
    drop = opened.drop;
    app = await buildApp(config, {
      database: opened.database,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    // A statement that fails with a personal value among its parameters.
    app.get('/test/failing-statement', async () => {
      await app.db.execute(sql`select ${'anna.admin@praxis-sonnenschein.de'}::int`);
    });
    // PostgreSQL not reachable (restarting, stopped, out of connections).
    app.get('/test/database-away', async () => {
      await unreachable.query('select 1');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
    await unreachable.end();
  });

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('one line per request, at info, with method, path, status and time', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    const mine = lines.filter(
      (line) => (line.req as { url?: string } | undefined)?.url === '/api/ping',
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/ping' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  });

  it('a 500 names its request id, which its log line carries, and the log leaves out the values of the failed statement', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/failing-statement' });
    expect(res.statusCode).toBe(500);
    const problem = res.json();
    expect(problem.instance).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const id = problem.instance.slice('urn:uuid:'.length);
    const logged = linesOf(id);
    expect(logged.map((line) => line.msg)).toEqual(['request failed', 'request completed']);
    expect(JSON.stringify(logged[0])).toContain('Failed query: select $1::int');
    expect(JSON.stringify(lines)).not.toContain('anna.admin');
  });

  it('a request made while acting as a customer names who acted and the impersonation in its line (Support-Zugriffe finds it)', async () => {
    const subjectToken = await signTestToken(
      { app, config },
      { ...demoClaims({ app, config }, 'sara'), aud: apiResource(config).audience },
      { header: { typ: 'at+jwt' } },
    );
    const exchanged = await app.inject({
      method: 'POST',
      url: `${new URL(config.auth.issuer).pathname}/protocol/openid-connect/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: TOKEN_EXCHANGE_GRANT,
        client_id: config.auth.clientId,
        subject_token: subjectToken,
        requested_subject: DEMO_USERS.max,
        scope: IMPERSONATOR_SCOPE,
      }).toString(),
    });
    expect(exchanged.statusCode).toBe(200);
    const token = exchanged.json().access_token as string;
    const session = (
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
        impersonation: { session: string };
      }
    ).impersonation.session;
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const [line] = lines.filter(
      (entry) =>
        entry.msg === 'request completed' &&
        (entry.req as { url?: string } | undefined)?.url === '/api/user/current',
    );
    expect(line).toMatchObject({
      impersonatorId: DEMO_USERS.sara,
      sub: DEMO_USERS.max,
      impersonation: session,
      res: { statusCode: 200 },
    });
  });

  it('an unreachable database answers 503 problem+json with Retry-After, not 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/database-away' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      status: 503,
      title: 'Service Unavailable',
      detail:
        'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in wenigen Sekunden noch einmal.',
      instance: expect.stringMatching(/^urn:uuid:/),
    });
    expect(JSON.stringify(lines)).not.toContain('geheim');
  });
});

describe('demo accounts left in a deployment', () => {
  it('a start without demo data warns while demo accounts still sign in with the published password', async () => {
    const opened = await openTestDatabase();
    const start = async (env: Record<string, string>) => {
      const lines: { level: number; msg: string; accounts?: string[] }[] = [];
      const app = await buildApp(
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: 'https://portal.example.de',
          DATA_DIR: 'memory://',
          LOG_LEVEL: 'info',
          ...env,
        }),
        { database: opened.database, logStream: { write: (line) => lines.push(JSON.parse(line)) } },
      );
      await app.close();
      return lines.filter((line) => line.msg.startsWith('demo accounts'));
    };
    try {
      // A new deployment: nothing to warn about.
      expect(await start({})).toEqual([]);
      // It ran as the demo first, then went on as a deployment on the same database.
      expect(await start({ SEED_DEMO_DATA: 'true' })).toEqual([]);
      const [warning] = await start({});
      expect(warning?.level).toBe(40);
      expect(warning?.accounts).toContain('anna.admin@praxis-sonnenschein.de');
      expect(warning?.accounts).toContain('tom.trusted@abrechnungszentrum-nord.de');
      // A demo account whose password was changed no longer counts.
      await opened.database.db
        .update(users)
        .set({ passwordHash: await hashPassword('Ein anderes Passwort 1!') })
        .where(eq(users.email, 'anna.admin@praxis-sonnenschein.de'));
      const [again] = await start({});
      expect(again?.accounts).not.toContain('anna.admin@praxis-sonnenschein.de');
      expect(again?.accounts).toContain('tom.trusted@abrechnungszentrum-nord.de');
    } finally {
      await opened.drop();
    }
  }, 60_000);
});
