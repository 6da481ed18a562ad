import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty database for one test; `open()` can be called again for a second connection to it. */
  fresh(): Promise<{
    open(): Promise<Store>;
    cleanup(): Promise<void> /** the SQLite file or the PostgreSQL URL */;
    location: string;
  }>;
}

export const sqliteBackend: Backend = {
  name: 'sqlite',
  async fresh() {
    const dir = mkdtempSync(join(tmpdir(), 'warden-store-'));
    const file = join(dir, 'warden.sqlite');
    return {
      location: file,
      open: () => createStore({ sqliteFile: file }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

/** Each test gets its own PostgreSQL schema, dropped afterwards. */
function postgresBackend(url: string): Backend {
  return {
    name: 'postgres',
    async fresh() {
      const schema = `warden_test_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const scoped = new URL(url);
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      return {
        location: scoped.toString(),
        open: () => createStore({ databaseUrl: scoped.toString(), poolSize: 4 }),
        cleanup: async () => {
          const c = new pg.Client({ connectionString: url });
          await c.connect();
          await c.query(`drop schema ${schema} cascade`);
          await c.end();
        },
      };
    },
  };
}

/**
 * SQLite always; PostgreSQL when TEST_DATABASE_URL is set (.ci/run sets it; without it the global
 * setup, helpers/postgres-setup.ts, sets it to the local PostgreSQL when one answers, and says once
 * when none does).
 */
export function backends(): Backend[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqliteBackend, postgresBackend(url)] : [sqliteBackend];
}
