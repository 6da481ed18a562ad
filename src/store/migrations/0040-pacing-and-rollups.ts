import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Floods (issue 13): the outbox delivers by severity, then age; Slack pacing is shared by every
 * replica through the store; roll-ups group many alerts of one channel under one summary.
 */
export const pacingAndRollups: Migration = {
  async up(db: Kysely<unknown>) {
    // 0 critical … 5 unknown; rows stored before this migration count as unknown.
    await db.schema
      .alterTable('outbox')
      .addColumn('severity_rank', 'integer', (c) => c.notNull().defaultTo(5))
      .execute();
    await db.schema
      .createIndex('outbox_due_by_severity')
      .ifNotExists()
      .on('outbox')
      .columns(['status', 'severity_rank', 'created_at'])
      .execute();
    await db.schema
      .createIndex('outbox_channel_status')
      .ifNotExists()
      .on('outbox')
      .columns(['channel', 'status'])
      .execute();
    await db.schema
      .createTable('slack_pacing')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('paused_until', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('rollup_groups')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('channel', 'text', (c) => c.notNull())
      // the channel while the group takes new members; null once closed (one open group a channel)
      .addColumn('open_key', 'text', (c) => c.unique())
      .addColumn('summary_ts', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_added_at', 'bigint', (c) => c.notNull())
      .addColumn('changed_at', 'bigint')
      .addColumn('published_at', 'bigint')
      .addColumn('published_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .execute();
    await db.schema
      .createTable('rollup_members')
      .ifNotExists()
      .addColumn('group_id', 'text', (c) => c.notNull())
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('finding', 'text', (c) => c.notNull())
      .addColumn('added_at', 'bigint', (c) => c.notNull())
      .addColumn('listed_ts', 'text')
      .addPrimaryKeyConstraint('rollup_members_pk', ['group_id', 'finding_id'])
      .execute();
    await sql`create index if not exists rollup_members_finding on rollup_members (finding_id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rollup_members').ifExists().execute();
    await db.schema.dropTable('rollup_groups').ifExists().execute();
    await db.schema.dropTable('slack_pacing').ifExists().execute();
    await db.schema.dropIndex('outbox_channel_status').ifExists().execute();
    await db.schema.dropIndex('outbox_due_by_severity').ifExists().execute();
    await db.schema.alterTable('outbox').dropColumn('severity_rank').execute();
  },
};
