import type { Kysely, Migration } from 'kysely';

/** Requests already taken, until they could no longer be replayed (ReplayMemory). */
export const seenRequests: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('seen_requests')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('seen_requests_expiry')
      .ifNotExists()
      .on('seen_requests')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('seen_requests').ifExists().execute();
  },
};
