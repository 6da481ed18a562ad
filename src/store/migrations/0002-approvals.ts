import type { Kysely, Migration } from 'kysely';

/** Four-eyes risk acceptance requests. */
export const approvals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('approvals')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('requester_id', 'text', (c) => c.notNull())
      .addColumn('justification', 'text', (c) => c.notNull())
      .addColumn('risk_expires_at', 'bigint', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('message_ts', 'text')
      .addColumn('request_ts', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('decided_by', 'text')
      .addColumn('decision_reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expire_at', 'bigint', (c) => c.notNull())
      .addColumn('decided_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('approvals_pending')
      .ifNotExists()
      .on('approvals')
      .columns(['status', 'expire_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('approvals').ifExists().execute();
  },
};
