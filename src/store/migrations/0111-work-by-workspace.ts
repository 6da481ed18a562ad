import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Work Warden does later, on any replica, keeps the workspace it belongs to, so it runs with that
 * workspace's token and nobody else's: lifecycle jobs, step-up verifications, four-eyes requests,
 * and an alert's copy for the finding's owner (its DM is found through the route's workspace).
 *
 * Rows from before are filled from the audit log where it tells (the workspace of the entry the
 * same person wrote about the same thing). The rest stay null, and wiring/workspace-set.ts says
 * what they run with: the workspace of the channel they name, if the configuration tells; with one
 * workspace served, that one; otherwise they are refused, logged and counted (warden_unrouted_total).
 */
const TABLES = ['lifecycle_jobs', 'step_ups', 'approvals', 'outbox'] as const;

export const workByWorkspace: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) await db.schema.alterTable(table).addColumn('team_id', 'text').execute();
    // A reminder or end of a change made in Slack: where its maker acted on that finding.
    await sql`update lifecycle_jobs set team_id = (
        select a.team_id from audit_log a
        where a.finding_id = lifecycle_jobs.subject and a.user_id = lifecycle_jobs.made_by and a.team_id <> ''
        order by a.at desc limit 1)
      where team_id is null and made_by is not null`.execute(db);
    // A verification: where its hold was written (the gate audits each one as it is asked for).
    await sql`update step_ups set team_id = (
        select a.team_id from audit_log a
        where a.user_id = step_ups.user_id and a.action = 'stepUp.' || step_ups.action_key
          and a.at >= step_ups.created_at and a.at <= step_ups.expires_at and a.team_id <> ''
        order by a.at asc limit 1)
      where team_id is null`.execute(db);
    // A four-eyes request: where its requester acted on that finding.
    await sql`update approvals set team_id = (
        select a.team_id from audit_log a
        where a.finding_id = approvals.finding_id and a.user_id = approvals.requester_id and a.team_id <> ''
        order by a.at desc limit 1)
      where team_id is null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await db.schema.alterTable(table).dropColumn('team_id').execute();
  },
};
