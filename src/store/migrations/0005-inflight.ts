import type { Kysely, Migration } from 'kysely';

/**
 * State changes in flight, claimed in the store so a double click landing on two replicas reaches
 * the tenant once; a claim whose holder died runs out with its lease.
 */
export const inflight: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('inflight')
      .ifNotExists()
      .addColumn('finding_id', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('lease_until', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('inflight').ifExists().execute();
  },
};
