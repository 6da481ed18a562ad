import pg from 'pg';

/** Where `.ci/run` and a developer's machine have PostgreSQL (trust auth, database `test`). */
const LOCAL = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Vitest's global setup: the store tests run on SQLite always and on PostgreSQL too. With
 * TEST_DATABASE_URL set, that database; without it, the local PostgreSQL `.ci/run` uses when it
 * answers, so `npm test` on a machine with PostgreSQL running tests what CI tests. When none
 * answers, PostgreSQL's tests are skipped and one line says so. Set before the workers start,
 * so every test file reads the same answer (helpers/stores.ts `backends()`).
 */
export default async function findPostgres(): Promise<void> {
  // Both projects (suite, browser) run the global setup in the one main process: look once.
  if (process.env.TEST_DATABASE_URL || process.env.WARDEN_TEST_NO_POSTGRES) return;
  const client = new pg.Client({ connectionString: LOCAL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    process.env.TEST_DATABASE_URL = LOCAL;
    process.stderr.write(`TEST_DATABASE_URL is not set: the store tests use PostgreSQL at ${LOCAL}\n`);
  } catch {
    process.env.WARDEN_TEST_NO_POSTGRES = '1';
    process.stderr.write(
      `TEST_DATABASE_URL is not set and no PostgreSQL answers at ${LOCAL}: PostgreSQL's tests are skipped (CI runs them)\n`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
