import type { Kysely, Migration } from 'kysely';

/**
 * Claims on a finding's card in a channel (ports/card-claims.ts): two posters at once (two
 * `show`s, an alert and a show, two replicas' workers) post one card between them.
 */
export const cardClaims: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('card_claims')
      .ifNotExists()
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('card_claims_pk', ['finding_id', 'channel'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('card_claims').ifExists().execute();
  },
};
