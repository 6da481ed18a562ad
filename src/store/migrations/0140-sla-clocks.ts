import { type Kysely, type Migration, sql } from 'kysely';

/**
 * SLA clocks (issue 38): one row per finding, what its clocks know, what its cards show of them,
 * and when that next changes (`next_at`, indexed: the sweep reads only what came due).
 */
export const slaClocks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sla_clocks')
      .ifNotExists()
      .addColumn('finding_id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('finding_type', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .addColumn('acked_at', 'bigint')
      .addColumn('ack_spent', 'bigint')
      .addColumn('paused_ms', 'bigint', (c) => c.notNull())
      .addColumn('frozen_since', 'bigint')
      .addColumn('frozen_why', 'text')
      .addColumn('shown', 'text')
      .addColumn('next_at', 'bigint')
      .addColumn('claimed_until', 'bigint')
      .addColumn('overdue', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`create index if not exists sla_clocks_next on sla_clocks (next_at)`.execute(db);
    await sql`create index if not exists sla_clocks_overdue on sla_clocks (overdue, created_at)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('sla_clocks').ifExists().execute();
  },
};
