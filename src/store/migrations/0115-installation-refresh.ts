import type { Kysely, Migration } from 'kysely';

/**
 * Token rotation (OAuth installs with `token_rotation_enabled`): the refresh of an installation's
 * token is claimed in its row, so one replica at a time calls Slack (`refresh_claimed_by` until
 * `refresh_claimed_until`), and a refresh Slack refused is kept there (`refresh_failure`, when)
 * for every replica's /readyz until a refresh or an install succeeds. The tokens themselves stay
 * inside the sealed value.
 */
export const installationRefresh: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('installations').addColumn('refresh_claimed_until', 'bigint').execute();
    await db.schema.alterTable('installations').addColumn('refresh_claimed_by', 'text').execute();
    await db.schema.alterTable('installations').addColumn('refresh_failure', 'text').execute();
    await db.schema.alterTable('installations').addColumn('refresh_failed_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of [
      'refresh_failed_at',
      'refresh_failure',
      'refresh_claimed_by',
      'refresh_claimed_until',
    ])
      await db.schema.alterTable('installations').dropColumn(column).execute();
  },
};
