/**
 * Access reviews' tables (migration 0160), kept out of schema.ts: linked reviewers (their personal
 * client sealed, bound to the row), the review jobs' schedule (each with its Slack workspace) and
 * the campaigns' tracker messages.
 */

export interface ReviewLinksTable {
  /** The Slack workspace ('' is never written: the team id of the ports that linked). */
  team: string;
  slack_user_id: string;
  identity_user_id: string;
  personal_client_id: string;
  /** The client's name at the tenant. */
  name: string;
  /** Which key sealed it (token-cipher.ts key id). */
  key_id: string;
  /** AES-256-GCM over the credential, with `review-link:<team>:<user>` as additional data. */
  sealed: string;
  created_at: number;
}

export interface ReviewJobsTable {
  id: string;
  key: string;
  kind: string;
  team: string;
  due_at: number;
  payload: string;
  status: 'pending' | 'running' | 'done' | 'skipped' | 'failed';
  attempts: number;
  claimed_by: string | null;
  claimed_until: number | null;
  outcome: string | null;
  created_at: number;
  updated_at: number;
}

export interface ReviewTrackersTable {
  team: string;
  campaign_id: string;
  channel: string;
  ts: string | null;
  hash: string | null;
  updated_at: number | null;
  closed: number;
}

export interface AccessReviewTables {
  review_links: ReviewLinksTable;
  review_jobs: ReviewJobsTable;
  review_trackers: ReviewTrackersTable;
}
