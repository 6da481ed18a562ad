import type { Kysely, Migration } from 'kysely';

/**
 * What each card showed last (a hash of its rendered text and blocks): a card whose rendering has
 * not changed is not sent to chat.update again, which is Tier 3 and shared by the workspace. And
 * who was sent each finding by Notify owner, when: one notification per finding and owner within
 * the cooldown, claimed in one statement so concurrent clicks on any replica send one.
 */
export const cardHashAndOwnerNotices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('messages').addColumn('last_hash', 'text').execute();
    await db.schema
      .createTable('owner_notices')
      .ifNotExists()
      .addColumn('finding_id', 'text', (c) => c.notNull())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('notified_at', 'bigint', (c) => c.notNull())
      .addColumn('until', 'bigint', (c) => c.notNull())
      .addColumn('by_user', 'text', (c) => c.notNull())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('owner_notices_pk', ['finding_id', 'owner'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('owner_notices').ifExists().execute();
    await db.schema.alterTable('messages').dropColumn('last_hash').execute();
  },
};
