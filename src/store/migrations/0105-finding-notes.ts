import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Notes attached to findings from Slack messages (the *Attach to finding…* shortcut). One message
 * is attached to a finding once (a second submit of the same form adds nothing), and the Resolve
 * and Suppress forms read a finding's newest notes as closure evidence.
 */
export const findingNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('finding_notes')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('truncated', 'integer', (c) => c.notNull())
      .addColumn('permalink', 'text')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('message_ts', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`create unique index if not exists finding_notes_message on finding_notes (finding_id, channel, message_ts)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('finding_notes').ifExists().execute();
  },
};
