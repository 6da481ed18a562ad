import type { Kysely, Migration } from 'kysely';

/** Four-eyes for a bulk risk acceptance: one request for many findings (their ids as JSON). */
export const bulkApprovals: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('approvals').addColumn('finding_ids', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('approvals').dropColumn('finding_ids').execute();
  },
};
