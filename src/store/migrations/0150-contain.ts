import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Containments (issue 39): one row each, from the form's submission (its id, so the same form
 * submitted twice is one row) to its task's final state. Its status is moved by one conditional
 * update at each step, so one confirmed action is one tenant call however many clicks, approvers
 * or replicas; `next_poll_at` with a lease (`claimed_by`, `claimed_until`) is the schedule that
 * follows its task, so a restart or another replica goes on where it stopped.
 */
export const contain: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contain_actions')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('finding_type', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_key', 'text', (c) => c.notNull())
      .addColumn('app_id', 'text')
      .addColumn('entitlement_id', 'text')
      .addColumn('app_user_id', 'text')
      .addColumn('subject_id', 'text')
      .addColumn('words', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('requester_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('card_ts', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('approved_by', 'text')
      .addColumn('request_ts', 'text')
      .addColumn('task_id', 'text')
      .addColumn('task_label', 'text')
      .addColumn('task_status', 'text')
      .addColumn('error', 'text')
      .addColumn('verified_at', 'bigint')
      .addColumn('function_execution_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint')
      .addColumn('next_poll_at', 'bigint')
      .addColumn('polls', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .execute();
    await sql`create index if not exists contain_actions_due on contain_actions (next_poll_at)`.execute(db);
    await sql`create index if not exists contain_actions_finding on contain_actions (finding_id, created_at)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contain_actions').ifExists().execute();
  },
};
