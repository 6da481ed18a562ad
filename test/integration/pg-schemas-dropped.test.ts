import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../src/store/create-store.js';

const url = process.env.TEST_DATABASE_URL;

/**
 * PostgreSQL shared with others: kysely finds its migration table by reading the columns of
 * every schema in the database; a schema another client drops meanwhile failed Warden's start
 * ("schema … does not exist", seen when test files ran side by side). Others' schemas come and go
 * here while fresh stores migrate: each must start.
 */
describe.runIf(url !== undefined)(
  'PostgreSQL: others’ schemas, tables and columns changing while Warden migrates',
  () => {
    it('every store starts; only its own schema is Warden’s business', async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const name = () => `warden_churn_${randomBytes(5).toString('hex')}`;
      let churning = true;
      const churn = (async () => {
        while (churning) {
          const others = [name(), name(), name()];
          for (const s of others) await admin.query(`create schema ${s}; create table ${s}.t (a int)`);
          // columns come and go too (another app migrating)
          for (const s of others)
            await admin.query(`alter table ${s}.t add column b int; alter table ${s}.t drop column a`);
          for (const s of others) await admin.query(`drop schema ${s} cascade`);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const ours = [name(), name(), name(), name()];
      try {
        for (const s of ours) await admin.query(`create schema ${s}`);
        const stores = await Promise.all(
          ours.map((s) => {
            const scoped = new URL(url ?? '');
            scoped.searchParams.set('options', `-c search_path=${s}`);
            return createStore({ databaseUrl: scoped.toString(), poolSize: 2 });
          }),
        );
        for (const store of stores) {
          await expect(store.ping()).resolves.toBeUndefined();
          await store.close();
        }
      } finally {
        churning = false;
        await churn;
        for (const s of ours) await admin.query(`drop schema if exists ${s} cascade`);
        await admin.end();
      }
    }, 60_000);
  },
);
