import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { waitFor } from '../helpers/harness.js';

const url = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A store on its own schema, its connections named so that only they are cut. */
async function storeOn(base: string) {
  const schema = `warden_cut_${randomBytes(5).toString('hex')}`;
  const app = `warden_${schema}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const scoped = new URL(base);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  scoped.searchParams.set('application_name', app);
  const errors: Error[] = [];
  const store = await createStore({
    databaseUrl: scoped.toString(),
    poolSize: 4,
    onConnectionError: (e) => errors.push(e),
  });
  cleanups.push(async () => {
    await store.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  // What a restart, a failover or a DBA's pg_terminate_backend does to every connection.
  const cut = async () =>
    (
      await admin.query<{ n: string }>(
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where application_name = $1',
        [app],
      )
    ).rows[0]?.n;
  return { store, errors, cut };
}

/** Several connections open at once, then idle in the pool. */
const warm = (store: Store) => Promise.all([store.ping(), store.ping(), store.ping(), store.ping()]);

describe.skipIf(!url)('PostgreSQL connections cut under Warden', () => {
  it('idle connections terminated: reported, discarded, the process lives and the next query works', async () => {
    const { store, errors, cut } = await storeOn(url ?? '');
    await warm(store);
    const n = Number(await cut());
    expect(n).toBeGreaterThan(0);
    await waitFor(() => errors.length > 0, 5_000, 'the pool to report the lost connections');
    expect(String(errors[0]?.message)).toMatch(/terminat/);
    // A query may still meet a dead connection once (no retry yet); fresh ones follow at once.
    const answers = async () =>
      store.ping().then(
        () => true,
        () => false,
      );
    await waitFor(answers, 5_000, 'the store answering again on fresh connections');
    await warm(store);
    expect(await store.outboxStats(Date.now())).toBeDefined();
  });
});
