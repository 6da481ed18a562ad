import { type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { initial } from './0001-initial.js';
import { approvals } from './0002-approvals.js';
import { seenRequests } from './0003-seen-requests.js';
import { cardsByTs } from './0004-cards-by-ts.js';
import { inflight } from './0005-inflight.js';
import { retentionIndexes } from './0006-retention-indexes.js';
import { pacingAndRollups } from './0040-pacing-and-rollups.js';
import { bulkApprovals } from './0050-bulk-approvals.js';
import { lifecycle } from './0060-lifecycle.js';
import { replayTaker } from './0070-replay-taker.js';
import { cardHashAndOwnerNotices } from './0080-card-hash-and-owner-notices.js';
import { instances } from './0085-instances.js';
import { installations } from './0090-installations.js';
import { homeViewsByTeam } from './0091-home-views-by-team.js';
import { asks } from './0095-asks.js';
import { stepUps } from './0096-step-ups.js';
import { approvalSteps } from './0100-approval-steps.js';
import { stepUpSteps } from './0101-step-up-steps.js';
import { findingNotes } from './0105-finding-notes.js';
import { findingNotesByAge } from './0106-finding-notes-by-age.js';
import { workspaceStates } from './0110-workspace-states.js';
import { workByWorkspace } from './0111-work-by-workspace.js';
import { installationRefresh } from './0115-installation-refresh.js';
import { stepUpBrowser } from './0120-step-up-browser.js';
import { slackConnect } from './0125-slack-connect.js';
import { cardClaims } from './0130-card-claims.js';
import { requestIntents } from './0131-request-intents.js';
import { slaClocks } from './0140-sla-clocks.js';
import { contain } from './0150-contain.js';
import { accessReviews } from './0160-access-reviews.js';
import { lifecycleBySubject } from './0170-lifecycle-by-subject.js';

/**
 * Versioned migrations, one file each, run at start by kysely's Migrator: it takes a lock (an
 * advisory lock in PostgreSQL, the write lock in SQLite) so replicas starting together migrate
 * once, and records what ran, so running it again does nothing. Never edit a shipped migration:
 * add the next one here.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_approvals': approvals,
  '0003_seen_requests': seenRequests,
  '0004_cards_by_ts': cardsByTs,
  '0005_inflight': inflight,
  '0006_retention_indexes': retentionIndexes,
  '0040_pacing_and_rollups': pacingAndRollups,
  '0050_bulk_approvals': bulkApprovals,
  '0060_lifecycle': lifecycle,
  '0070_replay_taker': replayTaker,
  '0080_card_hash_and_owner_notices': cardHashAndOwnerNotices,
  '0085_instances': instances,
  '0090_installations': installations,
  '0091_home_views_by_team': homeViewsByTeam,
  '0095_asks': asks,
  '0096_step_ups': stepUps,
  '0100_approval_steps': approvalSteps,
  '0101_step_up_steps': stepUpSteps,
  '0105_finding_notes': findingNotes,
  '0106_finding_notes_by_age': findingNotesByAge,
  '0110_workspace_states': workspaceStates,
  '0111_work_by_workspace': workByWorkspace,
  '0115_installation_refresh': installationRefresh,
  '0120_step_up_browser': stepUpBrowser,
  '0125_slack_connect': slackConnect,
  '0130_card_claims': cardClaims,
  '0131_request_intents': requestIntents,
  '0140_sla_clocks': slaClocks,
  '0150_contain': contain,
  '0160_access_reviews': accessReviews,
  '0170_lifecycle_by_subject': lifecycleBySubject,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** A trivial query: the store answers. */
export async function ping<T>(db: Kysely<T>): Promise<void> {
  await sql`select 1`.execute(db);
}
