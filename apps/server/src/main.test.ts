import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inPostgresRun } from '../test/runs';
import { createScratchDatabase } from '../test/test-app';
import { openDatabase } from './db/client';
import { SHUTDOWN_GRACE_MS } from './main';

/**
 * The server as an operator runs it: its own process (src/main.ts), a PGlite data folder, a
 * real port; stopped by signals.
 */
const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  port: number;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function startServer(env: Record<string, string>): Started {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
  folders.push(dataDir);
  const port = Number(env.PORT);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>(
    (resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, port, dataDir, output: () => output, exited };
}

async function ready(started: Started) {
  const deadline = Date.now() + 60_000;
  while (!started.output().includes('Portal ready')) {
    if (Date.now() > deadline || started.child.exitCode !== null) {
      throw new Error(`the server did not start:\n${started.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A POST whose body arrives in two parts: the request stays in flight until `finish`. */
function slowRequest(port: number) {
  const body = JSON.stringify({ padding: 'x'.repeat(64) });
  let pending: ReturnType<typeof request> | undefined;
  const answer = new Promise<{ status: number; contentType: string | undefined }>(
    (resolve, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/ping',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              contentType: response.headers['content-type'],
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.write(body.slice(0, 10));
      pending = outgoing;
    },
  );
  return {
    answer,
    finish: () => pending?.end(body.slice(10)),
  };
}

const ping = (port: number) =>
  fetch(`http://127.0.0.1:${port}/api/ping`).then(
    (response) => response.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );

// On PGlite data folders of its own: not run again against TEST_DATABASE_URL.
describe.skipIf(inPostgresRun)('the server process', () => {
  it('SIGTERM: the request in flight is answered, new connections are refused, the process ends with 0 and frees the data folder', async () => {
    const server = startServer({ PORT: String(await freePort()) });
    await ready(server);
    const inFlight = slowRequest(server.port);
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await ping(server.port)).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();
    inFlight.finish();
    // POST on the GET-only ping: the complete request is answered (405), not cut off.
    expect(await inFlight.answer).toMatchObject({ status: 405 });
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);

  it('SIGTERM: a request that stays in flight does not hold the process beyond the grace period', async () => {
    const server = startServer({ PORT: String(await freePort()) });
    await ready(server);
    const inFlight = slowRequest(server.port);
    inFlight.answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(at - signalled).toBeLessThan(SHUTDOWN_GRACE_MS + 4_000);
    expect(code).toBe(0);
    await expect(inFlight.answer).rejects.toThrow();
  }, 90_000);

  it('a second SIGINT closes the connections at once', async () => {
    const server = startServer({ PORT: String(await freePort()) });
    await ready(server);
    const inFlight = slowRequest(server.port);
    inFlight.answer.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    server.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGINT');
    const { code, at } = await server.exited;
    expect(at - signalled).toBeLessThan(SHUTDOWN_GRACE_MS / 2);
    expect(code).toBe(0);
  }, 90_000);

  it('a port in use stops the start with a message naming PORT, and frees the data folder', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const server = startServer({ PORT: String(port) });
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toContain(`Port ${port} on 127.0.0.1 (PORT, HOST) is already in use`);
      expect(server.output()).not.toContain('    at ');
      expect(existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 90_000);

  it('a HOST that does not resolve stops the start with one line naming HOST, no stack trace', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: 'portal-host.invalid' });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain(
      `[portal] Cannot listen on portal-host.invalid:${port} (HOST, PORT): getaddrinfo`,
    );
    expect(server.output()).not.toContain('    at ');
    expect(existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);

  it('a database that refuses the migrations stops the start with one line naming it and the refusal, no stack trace', async () => {
    // A database already holding a table of the same name (another application's).
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-main-'));
    folders.push(dataDir);
    const foreign = await openDatabase({ dataDir });
    await foreign.db.execute('create table business_case_types (other_application integer)');
    await foreign.close();
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain(
      `[portal] The database in ${dataDir} (DATA_DIR) cannot be prepared: relation "business_case_types" already exists (SQLSTATE 42P07; statement: CREATE TABLE "business_case_types"`,
    );
    expect(server.output()).not.toContain('    at ');
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 90_000);

  it('a data folder another process has open stops the start with a message saying so', async () => {
    const first = startServer({ PORT: String(await freePort()) });
    await ready(first);
    const second = startServer({ PORT: String(await freePort()), DATA_DIR: first.dataDir });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`in use by another portal (process ${first.child.pid}`);
    expect(await ping(first.port)).toBe(200);
  }, 90_000);

  it('a PostgreSQL that cannot be reached is tried again with a message naming DATABASE_URL, never its password', async () => {
    const closed = await freePort();
    const server = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: `postgres://portal:geheim@127.0.0.1:${closed}/portal`,
    });
    const deadline = Date.now() + 60_000;
    while (!server.output().includes('(attempt 2)')) {
      if (Date.now() > deadline || server.child.exitCode !== null) {
        throw new Error(`no second attempt:\n${server.output()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server.output()).toContain(
      `[portal] The database at 127.0.0.1:${closed}/portal (DATABASE_URL) cannot be reached (connect ECONNREFUSED 127.0.0.1:${closed}); trying again (attempt 1).`,
    );
    expect(server.output()).not.toContain('geheim');
    expect(server.output()).not.toContain('    at ');
  }, 90_000);

  it('SIGTERM: a request that still arrives on an open connection is refused with problem+json 503', async () => {
    const server = startServer({ PORT: String(await freePort()) });
    await ready(server);
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
    });
    const body = '{"padding":"xxxxxxxxxx"}';
    // The first request is in flight (its body incomplete) when the stop begins.
    socket.write(
      `POST /api/ping HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Its body, and right behind it on the same connection a second request.
    socket.write(`${body.slice(5)}GET /api/ping HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    await new Promise((resolve) => socket.once('close', resolve));
    const answers = received.split(/(?=HTTP\/1\.1 )/);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 405/);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(answers[1]).toMatch(/content-type: application\/problem\+json/i);
    expect(answers[1]).toMatch(/retry-after: 5/i);
    expect(answers[1]).toMatch(/connection: close/i);
    expect(answers[1]).toContain('"status":503');
    expect((await server.exited).code).toBe(0);
  }, 90_000);
});

/** A browser signing in at a real server through its login form (code flow with PKCE). */
async function signInOverHttp(base: string, email: string, password = 'Demo!2026') {
  const cookies = new Map<string, string>();
  const call = async (method: string, url: string, form?: Record<string, string>) => {
    const target = new URL(url, base);
    const response = await fetch(`${base}${target.pathname}${target.search}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${base}/signin-callback`;
  const authorize = await call(
    'GET',
    `/auth/realms/portal/protocol/openid-connect/auth?${new URLSearchParams({
      client_id: 'portal-web',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email offline_access',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-1',
      nonce: 'nonce-1',
    })}`,
  );
  const login = authorize.headers.get('location') ?? '';
  await (await call('GET', login)).text();
  let response = await call('POST', login, { email, password });
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location') ?? '';
    if (response.status < 300 || response.status >= 400 || location.startsWith(redirectUri)) break;
    response = await call('GET', location);
  }
  const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await call('POST', '/auth/realms/portal/protocol/openid-connect/token', {
    grant_type: 'authorization_code',
    client_id: 'portal-web',
    redirect_uri: redirectUri,
    code,
    code_verifier: verifier,
  });
  return (await tokens.json()) as { access_token: string; refresh_token: string };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes on one PostgreSQL', () => {
  it('three processes started at the same moment on an empty database migrate and seed once and share sign-in, keys and sessions', async () => {
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL as string,
      'portal_processes',
    );
    try {
      const ports = [await freePort(), await freePort(), await freePort()];
      const publicUrl = `http://localhost:${ports[0]}`;
      const servers = ports.map((port) =>
        startServer({
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          DATABASE_URL: scratch.url,
          SEED_DEMO_DATA: 'true',
        }),
      );
      await Promise.all(servers.map(ready));
      const at = (index: number) => `http://127.0.0.1:${ports[index]}`;
      // Signed in through the first: the token (signed with the keys one process made and all
      // share) is good at the others, and the session is renewed through the third.
      const tokens = await signInOverHttp(publicUrl, 'anna.admin@praxis-sonnenschein.de');
      for (const index of [1, 2]) {
        const me = await fetch(`${at(index)}/api/user/current`, {
          headers: { authorization: `Bearer ${tokens.access_token}` },
        });
        expect(me.status).toBe(200);
        expect(((await me.json()) as { email: string }).email).toBe(
          'anna.admin@praxis-sonnenschein.de',
        );
      }
      const renewed = await fetch(`${at(2)}/auth/realms/portal/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: 'portal-web',
          refresh_token: tokens.refresh_token,
        }),
      });
      expect(renewed.status).toBe(200);
      // Seeded once: each demo institution once, whichever process seeded.
      const institutions = await fetch(`${at(1)}/api/user/current/institutions`, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(
        ((await institutions.json()) as { name: string }[]).map(({ name }) => name).sort(),
      ).toEqual(['Praxis Sonnenschein', 'Zahnarztpraxis Dr. Müller']);
      for (const server of servers) server.child.kill('SIGTERM');
      for (const server of servers) expect((await server.exited).code).toBe(0);
    } finally {
      for (const child of children.splice(0)) child.kill('SIGKILL');
      await scratch.drop();
    }
  }, 180_000);
});
