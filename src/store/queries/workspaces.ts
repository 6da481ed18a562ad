import { type Kysely, sql } from 'kysely';
import type { ChannelWorkspaces, WorkspaceStates } from '../../ports/workspaces.js';
import type { Database } from '../schema.js';
import { clip } from './common.js';

/** The workspaces' state and their DM channels (ports/workspaces.ts), one statement each. */
export function workspaceQueries(db: Kysely<Database>): WorkspaceStates & ChannelWorkspaces {
  return {
    async workspaceState(teamId) {
      const row = await db
        .selectFrom('workspace_states')
        .select(['generation', 'stopped_reason', 'stopped_token'])
        .where('team_id', '=', teamId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { stopped_reason: reason, stopped_token: token } = row;
      return {
        generation: Number(row.generation),
        ...(reason !== null && token !== null ? { stopped: { reason, token } } : {}),
      };
    },
    async stopWorkspace(teamId, reason, token, now) {
      const stop = { stopped_reason: clip(reason), stopped_token: token, changed_at: now };
      await db
        .insertInto('workspace_states')
        .values({ team_id: teamId, generation: 0, ...stop })
        .onConflict((oc) => oc.column('team_id').doUpdateSet(stop))
        .execute();
    },
    async workspacesChanged(teamIds, now) {
      for (const teamId of new Set(teamIds))
        await db
          .insertInto('workspace_states')
          .values({
            team_id: teamId,
            generation: 1,
            stopped_reason: null,
            stopped_token: null,
            changed_at: now,
          })
          .onConflict((oc) =>
            oc.column('team_id').doUpdateSet({
              generation: sql<number>`workspace_states.generation + 1`,
              changed_at: now,
            }),
          )
          .execute();
    },
    async adoptHomeViews(teamId) {
      await sql`insert into home_views_by_team (team_id, user_id, opened_at)
        select ${teamId}, user_id, opened_at from home_views_by_team where team_id = ''
        on conflict (team_id, user_id) do nothing`.execute(db);
      await db.deleteFrom('home_views_by_team').where('team_id', '=', '').execute();
    },
    async channelWorkspace(channel) {
      const row = await db
        .selectFrom('channel_workspaces')
        .select('team_id')
        .where('channel', '=', channel)
        .executeTakeFirst();
      return row?.team_id;
    },
    async recordChannelWorkspace(channel, teamId, now) {
      await db
        .insertInto('channel_workspaces')
        .values({ channel, team_id: teamId, learned_at: now })
        .onConflict((oc) => oc.column('channel').doNothing())
        .execute();
    },
  };
}
