import type { Kysely, Migration } from 'kysely';

/** The outbox, the card index, what was seen, the audit log. */
export const initial: Migration = {
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
};
