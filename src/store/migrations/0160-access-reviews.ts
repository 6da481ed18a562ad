import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Access reviews in Slack (store/schema-access-reviews.ts): who is linked (a sealed personal
 * client per person and workspace), the review jobs' schedule (one row a key, ever: a notice or a
 * reminder goes once, across restarts and replicas) and each campaign's tracker message.
 */
export const accessReviews: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review_links')
      .ifNotExists()
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('slack_user_id', 'text', (c) => c.notNull())
      .addColumn('identity_user_id', 'text', (c) => c.notNull())
      .addColumn('personal_client_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_links_pk', ['team', 'slack_user_id'])
      .execute();
    await db.schema
      .createTable('review_jobs')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('outcome', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`create index if not exists review_jobs_due on review_jobs (status, due_at)`.execute(db);
    await db.schema
      .createTable('review_trackers')
      .ifNotExists()
      .addColumn('team', 'text', (c) => c.notNull())
      .addColumn('campaign_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('ts', 'text')
      .addColumn('hash', 'text')
      .addColumn('updated_at', 'bigint')
      .addColumn('closed', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('review_trackers_pk', ['team', 'campaign_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['review_trackers', 'review_jobs', 'review_links'])
      await db.schema.dropTable(t).ifExists().execute();
  },
};
