/**
 * `npm run test:unit` runs the server suite twice (scripts/test-unit.mjs): on PGlite, then
 * against the PostgreSQL of TEST_DATABASE_URL with TEST_POSTGRES_RUN=1. A suite that never uses
 * that database (it starts processes on PGlite data folders of its own, or tests PGlite itself)
 * would run the same a second time; it skips that run: `describe.skipIf(inPostgresRun)`.
 */
export const inPostgresRun = process.env.TEST_POSTGRES_RUN === '1';
