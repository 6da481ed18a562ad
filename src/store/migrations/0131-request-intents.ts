import type { Kysely, Migration } from 'kysely';

/**
 * A Slack request taken keeps what it asked (issue 36, item 19): the interaction's body (without
 * Slack's verification token), the process that took it and its ref, written with the replay
 * record before the ack, and cleared once handled. A process killed after the ack leaves its
 * intents for another to carry out (listeners/recover-requests.ts).
 */
export const requestIntents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('seen_requests').addColumn('instance_id', 'text').execute();
    await db.schema.alterTable('seen_requests').addColumn('ref', 'text').execute();
    await db.schema.alterTable('seen_requests').addColumn('intent', 'text').execute();
    await db.schema.alterTable('seen_requests').addColumn('taken_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['taken_at', 'intent', 'ref', 'instance_id'])
      await db.schema.alterTable('seen_requests').dropColumn(column).execute();
  },
};
