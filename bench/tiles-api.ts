// Throughput and latency of the dashboard's tile read (`GET /api/institution/{id}/tiles`, a
// signed-in member of Praxis Sonnenschein) against a bare Fastify hello-world, same Node, same
// run, on in-memory PGlite (or PostgreSQL when TEST_DATABASE_URL is set). Also the icon read.
// Budget (architecture.md): an authenticated read at least 0.20 of hello-world's throughput on
// PGlite (0.40 on PostgreSQL), p99 at most 25 ms at 80 % of that load.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { DEMO_INSTITUTIONS } from '../apps/server/src/db/seed/demo-ids';
import { buildTestApp } from '../apps/server/test/test-app';
import { bearer, demoToken } from '../apps/server/test/tokens';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

async function run(url: string, headers: Record<string, string>, overallRate?: number) {
  const result = await autocannon({
    url,
    headers,
    connections: 10,
    duration: DURATION,
    ...(overallRate ? { overallRate } : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

export async function measureTilesApi() {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const baseline = await run(helloUrl, {});
  await hello.close();

  const t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = bearer(await demoToken(t, 'max'));
    const tilesUrl = `${base}/api/institution/${DEMO_INSTITUTIONS.praxisSonnenschein}/tiles`;
    const tiles = (await (await fetch(tilesUrl, { headers })).json()) as { icon: string }[];
    const full = await run(tilesUrl, headers);
    const paced = await run(tilesUrl, headers, Math.max(1, Math.floor(full.rps * 0.8)));
    const icon = await run(`${base}${tiles[0]!.icon}`, {});
    // References: the public ping and another authenticated read of the same institution.
    const ping = await run(`${base}/api/ping`, {});
    const relationship = await run(
      `${base}/api/institution/${DEMO_INSTITUTIONS.praxisSonnenschein}/relationship`,
      headers,
    );
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const share = full.rps / baseline.rps;
    const goal = database === 'PGlite' ? 0.2 : 0.4;
    console.log(`\nGET /api/institution/{id}/tiles (${tiles.length} tiles, ${database})`);
    console.log(`hello-world: ${baseline.rps.toFixed(0)} req/s`);
    console.log(
      `tiles: ${full.rps.toFixed(0)} req/s = ${share.toFixed(2)} of hello-world (goal ≥ ${goal}), ` +
        `non-2xx ${full.non2xx}`,
    );
    console.log(`tiles at 80 %: p99 ${paced.p99} ms (goal ≤ 25 ms), non-2xx ${paced.non2xx}`);
    console.log(`icon (public, immutable): ${icon.rps.toFixed(0)} req/s, p99 ${icon.p99} ms`);
    console.log(
      `reference: /api/ping ${ping.rps.toFixed(0)} req/s, …/relationship ` +
        `${relationship.rps.toFixed(0)} req/s`,
    );
    console.log(
      `budget: throughput ${share >= goal ? 'within' : 'OVER'}, p99 ${paced.p99 <= 25 ? 'within' : 'OVER'}`,
    );
  } finally {
    await t.close();
  }
}

if (process.argv[1] === import.meta.filename) await measureTilesApi();
