import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Home tabs opened, by (workspace, person): in an Enterprise Grid org one person (W…) may open
 * Warden's Home in several workspaces, each published with that workspace's installation. The
 * one workspace of SLACK_BOT_TOKEN is team '' (rows from before this migration are its own).
 */
export const homeViewsByTeam: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('home_views_by_team')
      .ifNotExists()
      .addColumn('team_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('home_views_by_team_pk', ['team_id', 'user_id'])
      .execute();
    await sql`insert into home_views_by_team (team_id, user_id, opened_at)
      select '', user_id, opened_at from home_views`.execute(db);
    await db.schema.dropTable('home_views').ifExists().execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .createTable('home_views')
      .ifNotExists()
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('opened_at', 'bigint', (c) => c.notNull())
      .execute();
    await sql`insert into home_views (user_id, opened_at)
      select user_id, max(opened_at) from home_views_by_team group by user_id`.execute(db);
    await db.schema.dropTable('home_views_by_team').ifExists().execute();
  },
};
