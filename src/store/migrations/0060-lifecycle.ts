import type { Kysely, Migration } from 'kysely';

/**
 * A finding's life in Slack (issue 16): the schedule of reminders, ends and digests, each job
 * once per key across replicas; who has opened the Home tab.
 */
export const lifecycle: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lifecycle_jobs')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('subject', 'text')
      .addColumn('made_by', 'text')
      .addColumn('approved_by', 'text')
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('outcome', 'text')
      .addColumn('undelivered', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lifecycle_jobs_due')
      .ifNotExists()
      .on('lifecycle_jobs')
      .columns(['status', 'due_at'])
      .execute();
    await db.schema
      .createIndex('lifecycle_jobs_made_by')
      .ifNotExists()
      .on('lifecycle_jobs')
      .columns(['made_by', 'status'])
      .execute();
    // The Home tab reads a person's own requests and recent actions.
    await db.schema
      .createIndex('approvals_requester')
      .ifNotExists()
      .on('approvals')
      .columns(['requester_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('audit_user_at')
      .ifNotExists()
      .on('audit_log')
      .columns(['user_id', 'at'])
      .execute();
    await db.schema
      .createTable('home_views')
      .ifNotExists()
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('home_views').ifExists().execute();
    await db.schema.dropIndex('audit_user_at').ifExists().execute();
    await db.schema.dropIndex('approvals_requester').ifExists().execute();
    await db.schema.dropTable('lifecycle_jobs').ifExists().execute();
  },
};
