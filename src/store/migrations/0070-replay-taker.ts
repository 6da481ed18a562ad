import type { Kysely, Migration } from 'kysely';

/**
 * Who took a request first (a random token per take): a take retried after its connection was
 * cut mid-statement recognises its own row instead of calling the request a replay.
 */
export const replayTaker: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('seen_requests').addColumn('taker', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('seen_requests').dropColumn('taker').execute();
  },
};
