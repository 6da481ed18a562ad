import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';

/**
 * Versioned migrations, run at start by kysely's Migrator: it takes a lock (an advisory lock in
 * PostgreSQL, the write lock in SQLite) so replicas starting together migrate once, and records
 * what ran, so running it again does nothing. Never edit a shipped migration: add the next one.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('finding_id', 'text', (c) => c.notNull())
        .addColumn('finding', 'text', (c) => c.notNull())
        .addColumn('channel', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_by', 'text')
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('sent_ts', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .ifNotExists()
        .on('outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();
      await db.schema
        .createTable('messages')
        .ifNotExists()
        .addColumn('finding_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('ts', 'text', (c) => c.notNull())
        .addColumn('last_state', 'text')
        .addColumn('last_recurrence', 'integer')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('messages_pk', ['finding_id', 'channel'])
        .execute();
      await db.schema
        .createTable('seen')
        .ifNotExists()
        .addColumn('finding_id', 'text', (c) => c.primaryKey())
        .addColumn('state', 'text')
        .addColumn('recurrence', 'integer')
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('audit_log')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('team_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('channel', 'text')
        .addColumn('finding_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('audit_by_finding')
        .ifNotExists()
        .on('audit_log')
        .columns(['finding_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['audit_log', 'seen', 'messages', 'outbox'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  },
  '0002_approvals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approvals')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('finding_id', 'text', (c) => c.notNull())
        .addColumn('requester_id', 'text', (c) => c.notNull())
        .addColumn('justification', 'text', (c) => c.notNull())
        .addColumn('risk_expires_at', 'bigint', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('message_ts', 'text')
        .addColumn('request_ts', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('decision_reason', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expire_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('approvals_pending')
        .ifNotExists()
        .on('approvals')
        .columns(['status', 'expire_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('approvals').ifExists().execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** A trivial query: the store answers. */
export async function ping<T>(db: Kysely<T>): Promise<void> {
  await sql`select 1`.execute(db);
}
