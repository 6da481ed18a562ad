import type { Kysely, Migration } from 'kysely';

/** Indexes the retention sweep reads by: old rows are found without scanning whole tables. */
export const retentionIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('outbox_by_age')
      .ifNotExists()
      .on('outbox')
      .columns(['status', 'updated_at'])
      .execute();
    await db.schema.createIndex('audit_by_age').ifNotExists().on('audit_log').column('at').execute();
    await db.schema.createIndex('seen_by_age').ifNotExists().on('seen').column('seen_at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of ['outbox_by_age', 'audit_by_age', 'seen_by_age'])
      await db.schema.dropIndex(index).ifExists().execute();
  },
};
