import type { Kysely, Migration } from 'kysely';

/**
 * Slack Connect and clicks bound to their own message (issue 36, items 9, 10, 16):
 *
 * - What Slack said of a channel is not trusted for ever (item 9). Each `shared_channels` row
 *   records when Slack was last asked or told (`checked_at`; null for rows written before: asked
 *   again at once); a verdict older than the re-check age, or older than the process, is asked
 *   again, and a replica claims a re-check by moving `checked_at` (one statement).
 * - A channel that becomes shared has the cards Warden already posted there replaced by the
 *   pointer; unshared, the details are put back (item 10). `connect_sweeps`: one row a channel
 *   (the newest direction wins), its workspace, and how far it got (`after_ts`: the cards up to it
 *   are done), claimed with a lease so one replica works it and a restart goes on where it
 *   stopped. Cards are found by channel, hence `messages_by_channel`.
 */
export const slackConnect: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('shared_channels').addColumn('checked_at', 'bigint').execute();
    await db.schema
      .createIndex('messages_by_channel')
      .ifNotExists()
      .on('messages')
      .columns(['channel', 'ts'])
      .execute();
    await db.schema
      .createTable('connect_sweeps')
      .ifNotExists()
      .addColumn('channel', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('shared', 'integer', (c) => c.notNull())
      .addColumn('after_ts', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('connect_sweeps').ifExists().execute();
    await db.schema.dropIndex('messages_by_channel').ifExists().execute();
    await db.schema.alterTable('shared_channels').dropColumn('checked_at').execute();
  },
};
