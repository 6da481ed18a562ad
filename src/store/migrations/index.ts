import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { initial } from './0001-initial.js';
import { approvals } from './0002-approvals.js';

/**
 * Versioned migrations, one file each, run at start by kysely's Migrator: it takes a lock (an
 * advisory lock in PostgreSQL, the write lock in SQLite) so replicas starting together migrate
 * once, and records what ran, so running it again does nothing. Never edit a shipped migration:
 * add the next one here.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_approvals': approvals,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** A trivial query: the store answers. */
export async function ping<T>(db: Kysely<T>): Promise<void> {
  await sql`select 1`.execute(db);
}
