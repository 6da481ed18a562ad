import type { Kysely, Migration } from 'kysely';

/**
 * Attestation asks ("Was this you?"): one per finding, with who was asked, where the question
 * is and the answer, so only the asked person can answer, once, on any replica and after a
 * restart; the reminder and the escalation are lifecycle jobs that read it.
 */
export const asks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('asks')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('finding_id', 'text', (c) => c.notNull().unique())
      .addColumn('finding_type', 'text', (c) => c.notNull())
      .addColumn('who', 'text', (c) => c.notNull())
      .addColumn('identity_user_id', 'text')
      .addColumn('slack_user_id', 'text')
      .addColumn('unreachable', 'text')
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('card_ts', 'text')
      .addColumn('question_channel', 'text')
      .addColumn('question_ts', 'text')
      .addColumn('answer', 'text')
      .addColumn('note', 'text')
      .addColumn('answered_by', 'text')
      .addColumn('answered_at', 'bigint')
      .addColumn('escalated_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('asks_open_by_person')
      .ifNotExists()
      .on('asks')
      .columns(['slack_user_id', 'answered_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('asks').ifExists().execute();
  },
};
