// The list endpoints behind the screens of a large installation (bench/scale-data.ts), through
// the real API on PGlite (and on PostgreSQL with TEST_DATABASE_URL): per route the answer's
// size (JSON, unpacked) and the median and slowest of ROUNDS calls. Figures only. Before the
// changes of this bench's commits the app asked GET /institution/{id} once per institution
// (301 × ~0.9 KB for Tom) where it now asks /user/current/institutions once, and the navbar
// the whole /relationship (348 KB for Nord) where it now asks ?owner=true&limit=1.
// `npm exec -- node --import tsx bench/scale-api.ts` from the repository root.
import { DEMO_INSTITUTIONS } from '../apps/server/src/db/seed/demo-ids';
import { buildTestApp } from '../apps/server/test/test-app';
import { demoToken } from '../apps/server/test/tokens';
import { fillScaleData, SCALE_IDS } from './scale-data';

const ROUNDS = Number(process.env.SCALE_API_ROUNDS ?? 15);

const t = await buildTestApp();
try {
  await fillScaleData(t.app.db, '/tmp/portal-scale-api-unused');
  const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
  const hanse = SCALE_IDS.hanse;
  const tokens = {
    anna: await demoToken(t, 'anna', {}, { expiresIn: 3600 }),
    tom: await demoToken(t, 'tom', {}, { expiresIn: 3600 }),
    sara: await demoToken(t, 'sara', {}, { expiresIn: 3600 }),
  };
  const routes: [keyof typeof tokens, string][] = [
    ['anna', `/api/institution/${hanse}`],
    ['anna', `/api/institution/${hanse}/document?documentType=invoice`],
    ['anna', `/api/documents/metadata?institution=${hanse}`],
    ['anna', `/api/institution/${hanse}/order`],
    ['anna', `/api/institution/${hanse}/relationship`],
    ['anna', `/api/institution/${hanse}/tiles`],
    ['tom', '/api/user/current'],
    ['tom', '/api/user/current/institutions'],
    ['tom', `/api/institution/${nord}/relationship`],
    ['tom', `/api/institution/${nord}/relationship?owner=true&limit=1`],
    [
      'tom',
      `/api/institution/${nord}/dashboard-tile?businessCaseTypeId=16f75f0c-f771-42ed-a294-df6ad9983af6`,
    ],
    ['sara', `/api/institution/${nord}/contractor?search=Praxis&limit=20`],
  ];
  for (const [who, url] of routes) {
    const times: number[] = [];
    let bytes = 0;
    let status = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${tokens[who]}` },
      });
      times.push(performance.now() - started);
      bytes = response.rawPayload.length;
      status = response.statusCode;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${who.padEnd(5)} ${url.replace(/[0-9a-f-]{36}/g, '{id}').padEnd(78)} ${status} ${(bytes / 1024).toFixed(1).padStart(7)} KB  median ${times[Math.floor(ROUNDS / 2)]!.toFixed(1).padStart(7)} ms  max ${times[ROUNDS - 1]!.toFixed(1).padStart(7)} ms`,
    );
  }
} finally {
  await t.close();
}
