import { type Kysely, Migrator, sql } from 'kysely';
import type { Store } from '../ports/store.js';
import { migrationProvider, ping } from './migrations/index.js';
import { approvalQueries } from './queries/approvals.js';
import { auditQueries } from './queries/audit.js';
import { inflightQueries } from './queries/inflight.js';
import { lifecycleQueries } from './queries/lifecycle.js';
import { messageQueries } from './queries/messages.js';
import { outboxQueries } from './queries/outbox.js';
import { pacingQueries } from './queries/pacing.js';
import { replayQueries } from './queries/replays.js';
import { retentionQueries } from './queries/retention.js';
import { rollupQueries } from './queries/rollups.js';
import { seenQueries } from './queries/seen.js';
import type { Database } from './schema.js';

async function migrate(db: Kysely<Database>, kind: Store['kind']): Promise<void> {
  // kysely looks for its migration tables in every schema unless told which: in a database
  // shared with other schemas (another app, or tests in parallel) it would find another's and
  // not create its own. PostgreSQL: the schema Warden's search_path puts its tables in.
  const schema =
    kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    const message = error instanceof Error ? error.message : String(error);
    // SQLite has no migration lock in kysely: a process that loses the race to another one
    // migrating the same file fails on the migration record, its transaction rolled back.
    // Running again finds the work done.
    const lostRace = kind === 'sqlite' && /kysely_migration|SQLITE_BUSY|database is locked/.test(message);
    if (lostRace && attempt < 5) {
      await new Promise((r) => setTimeout(r, 50 * attempt));
      continue;
    }
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`store migration ${failed ?? ''} failed: ${message}`);
  }
}

/** The Store over kysely: one set of queries for SQLite and PostgreSQL, one module per concern. */
export function createKyselyStore(db: Kysely<Database>, kind: Store['kind']): Store {
  return {
    kind,
    migrate: () => migrate(db, kind),
    ping: () => ping(db),
    close: () => db.destroy(),
    ...outboxQueries(db, kind),
    ...messageQueries(db),
    ...seenQueries(db),
    ...auditQueries(db),
    ...approvalQueries(db),
    ...replayQueries(db),
    ...inflightQueries(db),
    ...retentionQueries(db),
    ...pacingQueries(db, kind),
    ...rollupQueries(db),
    ...lifecycleQueries(db, kind),
  };
}
