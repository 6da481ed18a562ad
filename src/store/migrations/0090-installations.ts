import type { Kysely, Migration } from 'kysely';

/**
 * OAuth installations (one row per workspace install, or one per Enterprise Grid organisation
 * for an org-wide install), the installation encrypted as a whole (slack/token-cipher.ts): the
 * tokens are never in the store in clear. And channels Slack said are shared with another
 * organisation (Slack Connect): cards there show no finding details.
 */
export const installations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('installations')
      .ifNotExists()
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('enterprise_id', 'text')
      .addColumn('team_id', 'text')
      .addColumn('is_enterprise_install', 'integer', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('installed_at', 'bigint', (c) => c.notNull())
      // An org-wide install's workspaces the admin removed it from (team_access_revoked), JSON.
      .addColumn('teams_removed', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .createTable('shared_channels')
      .ifNotExists()
      .addColumn('channel', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text')
      .addColumn('shared', 'integer', (c) => c.notNull())
      .addColumn('admins_told', 'integer', (c) => c.notNull())
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('shared_channels').ifExists().execute();
    await db.schema.dropTable('installations').ifExists().execute();
  },
};
