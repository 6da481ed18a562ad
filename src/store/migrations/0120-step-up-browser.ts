import type { Kysely, Migration } from 'kysely';

/**
 * Step-up verification bound to the browser that claimed the link (RFC 9700 §4.7): the claim
 * keeps a hash of the cookie Warden's page set in that browser, and the provider's answer is
 * taken only with that cookie. Null on rows claimed before this column: their answer is refused.
 */
export const stepUpBrowser: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('step_ups').addColumn('browser', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('step_ups').dropColumn('browser').execute();
  },
};
