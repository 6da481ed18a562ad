import type { Kysely, Migration } from 'kysely';

/**
 * What every replica asks before its next call to Slack for a workspace (slack/workspace-tokens.ts):
 * `workspace_states` says whether Slack refused one of its tokens (which one: a fingerprint, never
 * the token) and counts changes to its installations (a generation: a replica that read an older
 * one asks the installation store again). `channel_workspaces` keeps which workspace a direct
 * message Warden opened is in (a DM channel is in no configuration), so whatever posts in it later,
 * on any replica, posts with that workspace's token.
 */
export const workspaceStates: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspace_states')
      .ifNotExists()
      .addColumn('team_id', 'text', (c) => c.primaryKey())
      .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('stopped_reason', 'text')
      .addColumn('stopped_token', 'text')
      .addColumn('changed_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('channel_workspaces')
      .ifNotExists()
      .addColumn('channel', 'text', (c) => c.primaryKey())
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('learned_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('channel_workspaces').ifExists().execute();
    await db.schema.dropTable('workspace_states').ifExists().execute();
  },
};
