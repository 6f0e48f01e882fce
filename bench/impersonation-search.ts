// Seeds 100 000 customers of one contractor and prints p50/p95 of the customer search
// (`GET /api/institution/{id}/contractor?search=&limit=`), through the real API on PGlite.
// Budget (issue 9): p95 within 30 ms.
import { sql } from 'drizzle-orm';
import { DEMO_INSTITUTIONS } from '../apps/server/src/db/seed/demo-ids';
import { buildTestApp } from '../apps/server/test/test-app';
import { demoClaims, signTestToken } from '../apps/server/test/tokens';

const CUSTOMERS = 100_000;
const ROUNDS = 200;
const TERMS = ['Praxis 4711', 'Sonnen', '10234', 'Hamburg', 'praxis 9', '2345', 'Köln'];

export async function measureImpersonationSearch(): Promise<{ p50: number; p95: number }> {
  const t = await buildTestApp();
  try {
    const nord = DEMO_INSTITUTIONS.abrechnungszentrumNord;
    await t.app.db.execute(sql`
      WITH created AS (
        INSERT INTO institutions (name, city, postalcode, street)
        SELECT 'Praxis ' || n, (ARRAY['Hamburg','Köln','Berlin','München'])[1 + n % 4],
               lpad((n % 99999)::text, 5, '0'), 'Straße ' || n
        FROM generate_series(1, ${CUSTOMERS}) AS n
        RETURNING id, name
      )
      INSERT INTO relationships (contractor_id, customer_id, reference_number)
      SELECT ${nord}::uuid, id, substr(name, 8) FROM created`);
    await t.app.db.execute(sql`ANALYZE`);
    const token = await signTestToken(t, demoClaims(t, 'sara'), { expiresIn: 3600 });
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const term = TERMS[i % TERMS.length]!;
      const started = performance.now();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/institution/${nord}/contractor?search=${encodeURIComponent(term)}&limit=20`,
        headers: { authorization: `Bearer ${token}` },
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
    const result = { p50: at(0.5), p95: at(0.95) };
    console.log(
      `impersonation search over ${CUSTOMERS} customers: p50 ${result.p50.toFixed(1)} ms, ` +
        `p95 ${result.p95.toFixed(1)} ms (budget p95 30 ms)`,
    );
    return result;
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureImpersonationSearch();
