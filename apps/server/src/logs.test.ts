import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { type App, buildApp } from './app';
import { loadConfig } from './config';

/** The server's log lines as an operator reads them, and the answers that go with them. */
describe('logs and error answers', () => {
  let app: App;
  let drop: () => Promise<void>;
  const lines: Record<string, unknown>[] = [];
  const unreachable = new pg.Pool({ connectionString: 'postgres://portal:geheim@127.0.0.1:1/x' });

  beforeAll(async () => {
    const config = loadConfig({
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
