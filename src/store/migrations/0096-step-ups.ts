import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Step-up verification: an action that waits for a fresh sign-in is a row here, keyed by a hash
 * of its single-use link's token, so any replica (and a restarted one) can open the link and take
 * the provider's answer; its status moves only forward, each step one statement.
 */
export const stepUps: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('step_ups')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('action_key', 'text', (c) => c.notNull())
      .addColumn('finding_ids', 'text', (c) => c.notNull())
      .addColumn('intent', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('nonce', 'text')
      .addColumn('verifier', 'text')
      .addColumn('started_at', 'bigint')
      .addColumn('settled_at', 'bigint')
      .execute();
    await sql`create unique index if not exists step_ups_state on step_ups (state)`.execute(db);
    await sql`create index if not exists step_ups_expires on step_ups (expires_at)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('step_ups').ifExists().execute();
  },
};
