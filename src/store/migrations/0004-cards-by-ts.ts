import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The card index keyed by (finding, channel, ts): every card Warden posts for a finding stays
 * tracked, even several in one channel (`/warden show` where an alert already is), so each is
 * replaced on every change and its buttons stay valid. Rebuilt by copy, the same on SQLite (which
 * cannot change a primary key in place) and PostgreSQL.
 */
export const cardsByTs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('cards')
      .ifNotExists()
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('ts', 'text', (c) => c.notNull())
      .addColumn('last_state', 'text')
      .addColumn('last_recurrence', 'integer')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cards_pk', ['finding_id', 'channel', 'ts'])
      .execute();
    await sql`insert into cards (finding_id, channel, ts, last_state, last_recurrence, updated_at)
      select finding_id, channel, ts, last_state, last_recurrence, updated_at from messages`.execute(db);
    await db.schema.dropTable('messages').execute();
    await db.schema.alterTable('cards').renameTo('messages').execute();
  },
  async down(db: Kysely<unknown>) {
    await sql`delete from messages where exists (select 1 from messages newer
      where newer.finding_id = messages.finding_id and newer.channel = messages.channel
      and newer.updated_at > messages.updated_at)`.execute(db);
  },
};
