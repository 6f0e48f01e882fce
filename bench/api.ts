// API throughput and latency (issue 6): authenticated GET /api/user/current and
// GET /api/institution/{id} with autocannon (50 connections), as a share of a bare Fastify
// hello-world on the same Node, and p99 latency at 80 % of that load; the default rate limiter
// stays on. The hello-world server runs throughout. Each path is measured in three rounds: a
// hello-world run, a run of the path at full load, one at 80 % of that load and the hello-world's
// p99 (below), so that every figure of a round sees the same machine (its speed drifts by a
// fifth within seconds); the share and the p99 printed are the medians of the rounds'.
//
// Latency at 80 % comes from an open-loop generator (requests start on a fixed schedule over
// at most 50 keep-alive connections, latency counted from the scheduled start, so waiting for a
// free connection counts too). autocannon's `overallRate` is not used for it: it lets each
// connection send its share of a second in one burst and then pause, and its p99 grows as the
// rate falls, even for the hello-world (p99 112 ms at 1 000 req/s, 6 ms at full load).
// On PGlite, and on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
// (a new database `portal_bench_…` that is dropped afterwards).
// Goals: share ≥ 0.20 on PGlite and ≥ 0.40 on PostgreSQL; p99 ≤ 25 ms.
// Each round then applies the p99 measure to the hello-world itself, right after the portal's
// run: the floor this machine sets for the p99 goal in the same minute (on this VM it gave 4 to
// 774 ms within minutes). For every 80 % run the bench also reads the server process's CPU time
// (Linux /proc) per half-second and prints how far its CPU time per answer drifted within the
// run: under a steady load the same answer should cost the same, and on this VM it did not.
// Each round's p99 at 80 % is also split in two: the wait for a free connection (requests that
// left late because all connections still waited for answers) and the answer from its write. A
// high p99 made of waiting while the answers themselves stay quick is a backlog: the server fell
// behind the pace for a while (on this VM when the machine slowed, see the CPU drift), rather
// than answers that were slow in themselves.
// A third line per path is not the goal's measure but data for a question to the team: the
// highest paced rate the server keeps up with (median ≤ 5 ms) and p99 at 80 % of that rate.
//
// The server runs in a child process (as `npm start` would, from the built bundle); the
// tokens are signed here with the server's own key, for 2 000 people in 200 practices of 10
// (a realistic institution answer), so that no single person reaches the per-user limit. Each
// request says what a browser accepts (Accept-Encoding), so answers above 1 KB come compressed.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import { loadConfig } from '../apps/server/src/config';
import { migrateDatabase, openDatabase } from '../apps/server/src/db/client';
import { institutions, institutionUserRoles, users } from '../apps/server/src/db/schema';
import { seedDemoData } from '../apps/server/src/db/seed/index';
import { loadSigningKeys } from '../apps/server/src/identity/keys';
import { createScratchDatabase } from '../apps/server/test/test-app';
import { buildIfStale } from '../scripts/build.mjs';
import { spawnServer } from '../scripts/server-options.mjs';

const root = path.join(import.meta.dirname, '..');
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
/**
 * Share and p99 are the medians of this many rounds (hello-world, the route at full load, the
 * route at 80 % of it, each for half the duration): this machine's speed drifts by a fifth
 * within seconds, and a single run caught a drift as often as the server.
 */
const ROUNDS = 3;
/**
 * People with a token each, in practices of 10: a full benchmark sends each of them fewer
 * requests a minute than the per-user limit (1 200), so no answer is a 429.
 */
const USERS = 2_000;
const GOALS = { pglite: 0.2, postgres: 0.4 } as const;
const P99_GOAL_MS = 25;
/** Chromium's Accept-Encoding, sent with every request to the portal as a browser does. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** The routes measured; BENCH_API_PATHS=/api/institution/{id} measures one alone (for profiling). */
const PATHS = (process.env.BENCH_API_PATHS ?? '/api/user/current,/api/institution/{id}')
  .split(',')
  .filter(Boolean);
/** BENCH_API_DATABASES=postgres (or pglite) measures one database alone (for profiling). */
const DATABASES = (process.env.BENCH_API_DATABASES ?? 'pglite,postgres').split(',');

const HELLO_WORLD = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const port = () => 22_000 + Math.floor(Math.random() * 5_000);

async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

interface Run {
  requests: number;
  non2xx: number;
  p99: number;
  /** CPU time per answer (µs) of the server measured (when its pid is given) and of this process. */
  cpu: { server: number; client: number };
}

/**
 * autocannon at full load; with the server's pid, its CPU time per answer is read too (from
 * /proc), beside this process's own (autocannon runs here): whether a lower throughput came
 * from the server's work per answer or from the machine.
 */
function cannon(options: autocannon.Options, pid?: number): Promise<Run> {
  const ticksBefore = cpuTicks(pid);
  const clientBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: CONNECTIONS, duration: DURATION_SECONDS, ...options },
      (error, result) => {
        if (error) return reject(error);
        const ticksAfter = cpuTicks(pid);
        const client = process.cpuUsage(clientBefore);
        const answers = Math.max(1, result.requests.total);
        resolve({
          requests: result.requests.average,
          non2xx: result.non2xx,
          p99: result.latency.p99,
          cpu: {
            server:
              ticksBefore === undefined || ticksAfter === undefined
                ? Number.NaN
                : ((ticksAfter - ticksBefore) * TICK_US) / answers,
            client: (client.user + client.system) / answers,
          },
        });
      },
    );
  });
}

interface Request {
  path: string;
  headers: Record<string, string>;
}

/** A process's CPU time so far, in clock ticks (Linux /proc); undefined where not readable. */
export function cpuTicks(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // After the command name in parentheses: fields 14 and 15 of stat(5) are utime and stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** A clock tick of /proc's CPU times in µs (USER_HZ is 100 on Linux). */
const TICK_US = 10_000;

/** How often the server's CPU time is read during an open-loop run. */
const CPU_WINDOW_MS = 500;

/**
 * The drift of a server's CPU time per answer within one run at a steady pace: the busiest
 * window's CPU time per answer divided by the calmest's (1 when the machine kept its speed).
 * The first window (connections warming up) and windows with few answers are left out.
 */
function cpuDrift(samples: { ticks: number; answers: number }[]): number {
  const costs: number[] = [];
  for (let index = 2; index < samples.length; index++) {
    const ticks = samples[index]!.ticks - samples[index - 1]!.ticks;
    const answers = samples[index]!.answers - samples[index - 1]!.answers;
    if (answers >= 100 && ticks > 0) costs.push(ticks / answers);
  }
  return costs.length < 2 ? Number.NaN : Math.max(...costs) / Math.min(...costs);
}

/**
 * p99 latency (ms) of `rate` requests a second started on a fixed schedule for `seconds`,
 * over at most {@link CONNECTIONS} keep-alive connections. A request's latency runs from its
 * scheduled start to the end of its answer, so a request that waits for a free connection (or
 * for this process, when it falls behind) is counted as late: no coordinated omission.
 *
 * The generator polls, so it keeps one core busy, as autocannon's closed loop does (see tick).
 *
 * Plain sockets with the requests written out beforehand and the answers only framed (status
 * line, Content-Length): the generator shares the machine's two cores with the server, and an
 * HTTP client library costs several times the CPU per request, which the server then lacks.
 * With the server's process id, it also returns the drift of the server's CPU time per answer
 * (see {@link cpuDrift}).
 */
async function openLoop(
  base: string,
  requests: Request[],
  rate: number,
  seconds: number,
  serverPid?: number,
) {
  const { hostname, port: serverPort } = new URL(base);
  const wire = requests.map((item) =>
    Buffer.from(
      `GET ${item.path} HTTP/1.1\r\nHost: ${hostname}:${serverPort}\r\n` +
        Object.entries(item.headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n',
    ),
  );
  const latencies: number[] = [];
  /** Per request: from its scheduled start to its write (waiting for a free connection). */
  const waits: number[] = [];
  /** Per request: from its write to the end of its answer (the server, the loopback, this loop). */
  const answers: number[] = [];
  let failures = 0;
  const waiting: number[] = []; // scheduled start times of requests without a free connection
  const idle: Connection[] = [];
  let next = 0;

  interface Connection {
    socket: Socket;
    scheduled: number;
    sent: number;
    buffer: Buffer;
  }
  const dispatch = (connection: Connection, scheduled: number) => {
    connection.scheduled = scheduled;
    connection.sent = performance.now();
    connection.socket.write(wire[next++ % wire.length]!);
  };
  const finished = (connection: Connection, status: number) => {
    const now = performance.now();
    latencies.push(now - connection.scheduled);
    waits.push(connection.sent - connection.scheduled);
    answers.push(now - connection.sent);
    if (status !== 200) failures++;
    const scheduled = waiting.shift();
    if (scheduled === undefined) idle.push(connection);
    else dispatch(connection, scheduled);
  };
  const connections = await Promise.all(
    Array.from(
      { length: CONNECTIONS },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect(Number(serverPort), hostname, () => resolve(connection));
          socket.setNoDelay(true);
          const connection: Connection = {
            socket,
            scheduled: 0,
            sent: 0,
            buffer: Buffer.alloc(0),
          };
          socket.once('error', reject);
          socket.on('data', (chunk: Buffer) => {
            connection.buffer =
              connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
            for (;;) {
              const headEnd = connection.buffer.indexOf('\r\n\r\n');
              if (headEnd < 0) return;
              const head = connection.buffer.toString('latin1', 0, headEnd);
              const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
              const end = headEnd + 4 + length;
              if (connection.buffer.length < end) return;
              connection.buffer = connection.buffer.subarray(end);
              finished(connection, Number(head.slice(9, 12)));
            }
          });
        }),
    ),
  );
  idle.push(...connections);

  const total = Math.floor(rate * seconds);
  const cpu: { ticks: number; answers: number }[] = [];
  const sampleCpu = () => {
    const ticks = cpuTicks(serverPid);
    if (ticks !== undefined) cpu.push({ ticks, answers: latencies.length });
  };
  sampleCpu();
  const cpuTimer = setInterval(sampleCpu, CPU_WINDOW_MS);
  const start = performance.now();
  let started = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      for (; started < due; started++) {
        const scheduled = start + (started / rate) * 1000;
        const connection = idle.pop();
        if (connection) dispatch(connection, scheduled);
        else waiting.push(scheduled);
      }
      if (started >= total && latencies.length >= total) return done();
      // Polls (setImmediate) rather than sleeping between 1 ms timer ticks: requests leave on
      // their schedule instead of in 1 ms batches, and the generator's thread never sleeps in
      // epoll, so an answer does not have to wake it. That wake-up (on this VM a costly exit to
      // the hypervisor) was paid inside the server's socket write, half of the server's busy
      // time in a CPU profile, and autocannon's closed loop, which sets the 80 % target, never
      // pays it: the target and the p99 were measured under different conditions (p99 at 80 %
      // 35-50 ms in two of three rounds with the timer, 4-8 ms polling; the hello-world's alike).
      setImmediate(tick);
    };
    tick();
  });
  clearInterval(cpuTimer);
  for (const connection of connections) connection.socket.destroy();
  const percentile = (values: number[], share: number) => {
    values.sort((a, b) => a - b);
    return Math.round(values[Math.floor(values.length * share)] ?? Number.NaN);
  };
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    /** p99 of the wait for a free connection alone, and of the answer alone (from the write). */
    waitP99: percentile(waits, 0.99),
    answerP99: percentile(answers, 0.99),
    failures,
    drift: cpuDrift(cpu),
  };
}

/** The item in the middle when sorted by `by` (of three rounds, the second best). */
const median = <T>(items: T[], by: (item: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)]!;

/** A paced rate the server keeps up with: half of its requests answered within this time. */
const KEEPS_UP_P50_MS = 5;

/**
 * For the team's question in the notes (not the goal's measure): the highest paced rate, in
 * steps of a tenth of the closed-loop maximum, at which the server keeps up (median latency at
 * most KEEPS_UP_P50_MS), and p99 at 80 % of that rate. On this VM paced arrivals cost the
 * server more CPU per request than autocannon's saturating load, so the two capacities differ.
 */
async function pacedFigures(base: string, requests: Request[], closedLoopMax: number) {
  let capacity = 0;
  for (let tenths = 10; tenths >= 1; tenths--) {
    const rate = Math.max(1, Math.floor((closedLoopMax * tenths) / 10));
    const probe = await openLoop(base, requests, rate, 3);
    if (probe.p50 <= KEEPS_UP_P50_MS && probe.failures === 0) {
      capacity = rate;
      break;
    }
  }
  if (capacity === 0) return { capacity, p99At80: Number.NaN };
  const at80 = await openLoop(base, requests, Math.floor(capacity * 0.8), DURATION_SECONDS);
  return { capacity, p99At80: at80.p99 };
}

/** The goal's p99 measure applied to the bare hello-world in one round. */
interface Reference {
  /** Its full load (req/s). */
  max: number;
  /** p99 (ms) at 80 % of it. */
  p99: number;
  /** The drift of its CPU time per answer within the 80 % run. */
  drift: number;
}

type HelloWorld = Awaited<ReturnType<typeof startHelloWorld>>;

/** A bare Fastify hello-world in its own process, up for the whole benchmark. */
export async function startHelloWorld() {
  const listenPort = port();
  const child = spawn(process.execPath, ['--input-type=module', '-e', HELLO_WORLD], {
    cwd: path.join(root, 'apps', 'server'),
    env: { ...process.env, PORT: String(listenPort) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${listenPort}/`;
  try {
    await waitFor(url, child);
    await cannon({ url, duration: 2 }); // warm-up
  } catch (error) {
    await stop(child);
    throw error;
  }
  return {
    url,
    pid: child.pid,
    measure: (seconds: number) => cannon({ url, duration: seconds }, child.pid),
    /** The goal's latency measure applied to the hello-world itself: the machine's floor. */
    p99At80: async (): Promise<Reference> => {
      const max = (await cannon({ url, duration: DURATION_SECONDS / 2 })).requests;
      const base = `http://127.0.0.1:${listenPort}`;
      const run = await openLoop(
        base,
        [{ path: '/', headers: {} }],
        Math.floor(max * 0.8),
        DURATION_SECONDS / 2,
        child.pid,
      );
      return { max, p99: run.p99, drift: run.drift };
    },
    stop: () => stop(child),
  };
}

/** Migrates, seeds, adds the bench members and signs their tokens; the database is closed after. */
export async function prepare(env: Record<string, string>) {
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:8080',
    ...env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    await seedDemoData(database.db);
    const ids = Array.from({ length: USERS }, () => randomUUID());
    await database.db.insert(users).values(
      ids.map((id, index) => ({
        id,
        email: `bench-${index}-${id.slice(0, 8)}@example.invalid`,
        firstName: 'Bench',
        lastName: `Nutzer ${index}`,
        hasAccountActivated: true,
      })),
    );
    const practices = Array.from({ length: USERS / 10 }, () => randomUUID());
    await database.db.insert(institutions).values(
      practices.map((id, index) => ({
        id,
        name: `Bench-Praxis ${index}`,
        city: 'Berlin',
        postalcode: '10115',
        street: 'Invalidenstraße 1',
      })),
    );
    const institutionOf = (index: number) => practices[Math.floor(index / 10)]!;
    await database.db.insert(institutionUserRoles).values(
      ids.map((userId, index) => ({
        userId,
        institutionId: institutionOf(index),
        role: index % 10 === 0 ? ('INSTITUTION_ADMIN' as const) : ('INSTITUTION_MEMBER' as const),
      })),
    );
    const jwk = (await loadSigningKeys(database.db)).privateJwks.keys[0]!;
    const now = Math.floor(Date.now() / 1000);
    return await Promise.all(
      ids.map(async (sub, index) => ({
        institutionId: institutionOf(index),
        token: await new SignJWT({
          iss: config.auth.issuer,
          azp: config.auth.clientId,
          sub,
          sid: randomUUID(),
          typ: 'Bearer',
          realm_access: { roles: ['client'] },
          scope: 'openid profile email',
          iat: now,
          exp: now + 3600,
        })
          .setProtectedHeader({ alg: jwk.alg ?? 'RS256', typ: 'JWT', kid: jwk.kid! })
          .sign(jwk),
      })),
    );
  } finally {
    await database.close();
  }
}

interface Figures {
  path: string;
  hello: number;
  share: number;
  requests: number;
  non2xx: number;
  /** The median round's p99 at 80 % (ms). */
  p99At80: number;
  /** Every round's share, lowest first. */
  shares: number[];
  /** Every round's p99 at 80 % of the round's full load, lowest first. */
  p99s: number[];
  /** Round by round: the portal's p99 and its CPU drift, and the hello-world's right after. */
  rounds: {
    p99: number;
    /** p99 of the wait for a free connection alone, and of the answer alone (from the write). */
    waitP99: number;
    answerP99: number;
    drift: number;
    reference: Reference;
  }[];
  /** Round by round: CPU time per answer (µs) at full load, of the portal and of the hello-world. */
  cpu: { portal: Run['cpu']; hello: Run['cpu'] }[];
  /** The highest paced rate the server keeps up with, and p99 at 80 % of it. */
  paced: { capacity: number; p99At80: number };
}

async function portal(
  kind: 'pglite' | 'postgres',
  env: Record<string, string>,
  helloWorld: HelloWorld,
) {
  const tokens = await prepare(env);
  const listenPort = port();
  // BENCH_API_PROFILE=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_API_PROFILE;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  // BENCH_API_NODE_ARGS="--trace-gc …": more Node options for the server; its output is shown.
  // "--import ./bench/loop-stalls.mjs" reports its event-loop stalls with the CPU time used in each.
  const nodeArgs = process.env.BENCH_API_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  // The server as `npm start` runs it: the built bundle (scripts/start.mjs), not the sources
  // through tsx, whose transform adds work to every request (a `__name` call per closure made).
  const child = spawnServer(
    {
      ...env,
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'false',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:8080',
      LOG_LEVEL: 'warn',
    },
    {
      nodeArgs: [...profiling, ...nodeArgs],
      stdio: ['ignore', nodeArgs.length > 0 ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  const figures: Figures[] = [];
  try {
    const base = `http://127.0.0.1:${listenPort}`;
    await waitFor(`${base}/api/ping`, child);
    for (const apiPath of PATHS) {
      const requests = tokens.map(({ institutionId, token }) => ({
        method: 'GET' as const,
        path: apiPath.replace('{id}', institutionId),
        // What a browser sends: answers above 1 KB come compressed (institution/{id} does).
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING },
      }));
      // Warm-up: every bench user's request once at a calm pace (the server caches each signed-in
      // user with their roles, and a first request reads them from the database), then full load
      // (JIT). autocannon's connections all walk the request list from its start, so its 2 s alone
      // would reach only the first few hundred users, and the first round would measure cold reads.
      await openLoop(base, requests, 1_000, requests.length / 1_000);
      await cannon({ url: base, requests, duration: 2 });
      // Each round: the hello-world, the route at full load, the route at 80 % of that load,
      // then the hello-world's p99 the same way, so that every figure of a round sees the same
      // machine.
      const rounds: {
        hello: number;
        helloRun: Run;
        route: Run;
        share: number;
        p99: number;
        waitP99: number;
        answerP99: number;
        failures: number;
        drift: number;
        reference: Reference;
      }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const helloRun = await helloWorld.measure(DURATION_SECONDS / 2);
        const hello = helloRun.requests;
        const route = await cannon(
          { url: base, requests, duration: DURATION_SECONDS / 2 },
          child.pid,
        );
        const at80 = await openLoop(
          base,
          requests,
          Math.max(1, Math.floor(route.requests * 0.8)),
          DURATION_SECONDS / 2,
          child.pid,
        );
        rounds.push({
          hello,
          helloRun,
          route,
          share: route.requests / hello,
          p99: at80.p99,
          waitP99: at80.waitP99,
          answerP99: at80.answerP99,
          failures: at80.failures,
          drift: at80.drift,
          reference: await helloWorld.p99At80(),
        });
      }
      const { hello, route: full, share } = median(rounds, (round) => round.share);
      figures.push({
        path: apiPath,
        shares: rounds.map((round) => round.share).sort((a, b) => a - b),
        hello,
        share,
        requests: full.requests,
        non2xx: rounds.reduce((sum, round) => sum + round.route.non2xx + round.failures, 0),
        p99At80: median(rounds, (round) => round.p99).p99,
        p99s: rounds.map((round) => round.p99).sort((a, b) => a - b),
        rounds: rounds.map(({ p99, waitP99, answerP99, drift, reference }) => ({
          p99,
          waitP99,
          answerP99,
          drift,
          reference,
        })),
        cpu: rounds.map((round) => ({ portal: round.route.cpu, hello: round.helloRun.cpu })),
        paced: await pacedFigures(base, requests, full.requests),
      });
    }
  } finally {
    await stop(child);
  }
  console.log(
    `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (goal: share ≥ ${GOALS[kind]}, p99 ≤ ${P99_GOAL_MS} ms)`,
  );
  for (const item of figures) {
    // Refused answers (a 429 is cheaper than an answer) would flatter every figure.
    const verdict =
      item.non2xx > 0
        ? 'NOT VALID (answers other than 2xx)'
        : item.share >= GOALS[kind] && item.p99At80 <= P99_GOAL_MS
          ? 'meets the goals'
          : 'BELOW GOAL';
    console.log(
      `GET ${item.path.padEnd(24)} ${item.requests.toFixed(0).padStart(6)} req/s = ${item.share.toFixed(2)} × hello-world ` +
        `(${item.hello.toFixed(0)} req/s just before; median of ${item.shares.map((x) => x.toFixed(2)).join(' / ')}), ` +
        `p99 at 80 %: ${item.p99At80} ms (median of ${item.p99s.join(' / ')}), non-2xx: ${item.non2xx} — ${verdict}`,
    );
    const drift = (value: number) => (Number.isNaN(value) ? 'n/a' : `×${value.toFixed(1)}`);
    console.log(
      `    round by round: p99 at 80 % ${item.rounds.map((round) => round.p99).join(' / ')} ms ` +
        `(of it, waiting for one of the ${CONNECTIONS} connections: ${item.rounds.map((round) => round.waitP99).join(' / ')} ms; ` +
        `the answer from its request's write: ${item.rounds.map((round) => round.answerP99).join(' / ')} ms), ` +
        `the bare hello-world's right after ${item.rounds.map((round) => round.reference.p99).join(' / ')} ms; ` +
        `CPU time per answer, busiest ÷ calmest half-second of the steady run: ` +
        `server ${item.rounds.map((round) => drift(round.drift)).join(' / ')}, ` +
        `hello-world ${item.rounds.map((round) => drift(round.reference.drift)).join(' / ')}`,
    );
    const us = (values: number[]) => `${values.map((value) => value.toFixed(0)).join(' / ')} µs`;
    console.log(
      `    CPU time per answer at full load, round by round: server ${us(item.cpu.map((round) => round.portal.server))} ` +
        `(hello-world ${us(item.cpu.map((round) => round.hello.server))}); ` +
        `load generator ${us(item.cpu.map((round) => round.portal.client))} ` +
        `(hello-world ${us(item.cpu.map((round) => round.hello.client))})`,
    );
    console.log(
      `    paced, not the goal's measure: keeps up (p50 ≤ ${KEEPS_UP_P50_MS} ms) to ${item.paced.capacity} req/s ` +
        `(${Math.round((item.paced.capacity / item.requests) * 100)} % of the maximum above), ` +
        `p99 at 80 % of that: ${item.paced.p99At80} ms`,
    );
  }
  return figures;
}

async function withPostgres(serverUrl: string, work: (url: string) => Promise<void>) {
  const scratch = await createScratchDatabase(serverUrl, 'portal_bench');
  try {
    await work(scratch.url);
  } finally {
    await scratch.drop();
  }
}

export async function measureApi() {
  console.log(
    `\nAPI throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s, default rate limiter on)`,
  );
  await buildIfStale();
  const hello = await startHelloWorld();
  const figures: Figures[] = [];
  try {
    if (DATABASES.includes('pglite')) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
      try {
        figures.push(...(await portal('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }, hello)));
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    const postgres = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (DATABASES.includes('postgres') && postgres) {
      // The server still writes mails (without SMTP_URL) to its data folder; the data is in PostgreSQL.
      const folder = mkdtempSync(path.join(tmpdir(), 'portal-bench-api-'));
      try {
        await withPostgres(postgres, async (url) => {
          figures.push(
            ...(await portal('postgres', { DATA_DIR: folder, DATABASE_URL: url }, hello)),
          );
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    } else if (DATABASES.includes('postgres')) {
      console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
    // On a machine whose speed drifts, the hello-world's p99 is what p99 at 80 % can be at best.
    const references = figures.flatMap((item) => item.rounds.map((round) => round.reference));
    const missed = references.filter((reference) => !(reference.p99 <= P99_GOAL_MS)).length;
    const drifts = figures
      .flatMap((item) => item.rounds.flatMap((round) => [round.drift, round.reference.drift]))
      .filter((value) => !Number.isNaN(value));
    console.log(
      `\nReference: the bare hello-world, measured the same way in each round, missed p99 ≤ ${P99_GOAL_MS} ms ` +
        `in ${missed} of ${references.length} rounds` +
        (drifts.length > 0
          ? `; within the steady runs, a server's CPU time per answer drifted up to ×${Math.max(...drifts).toFixed(1)}.`
          : '.'),
    );
  } finally {
    await hello.stop();
  }
}

if (process.argv[1] === import.meta.filename) await measureApi();
