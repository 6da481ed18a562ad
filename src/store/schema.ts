import type { JobKind, JobStatus } from '../ports/lifecycle.js';
import type { AlertSource, ApprovalStatus, AuditOutcome, OutboxStatus } from '../ports/store.js';
import type { AccessReviewTables } from './schema-access-reviews.js';
import type { ConnectDatabase } from './schema-connect.js';
import type { ContainDatabase } from './schema-contain.js';
import type { DeliveryTables } from './schema-delivery.js';
import type { InstallationTables } from './schema-installations.js';
import type { SlaTables } from './schema-sla.js';
import type { WorkspaceTables } from './schema-workspaces.js';

/**
 * The tables, as kysely sees them. Times are milliseconds since the epoch (bigint in
 * PostgreSQL, integer in SQLite); JSON is stored as text and re-validated when read.
 */

export interface OutboxTable {
  id: string;
  idempotency_key: string;
  source: AlertSource;
  finding_id: string;
  /** The finding as received (JSON text). */
  finding: string;
  channel: string | null;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: number;
  claimed_by: string | null;
  claimed_until: number | null;
  last_error: string | null;
  /** The Slack message ts once posted or updated. */
  sent_ts: string | null;
  created_at: number;
  updated_at: number;
  /** 0 critical … 5 unknown: due rows go by severity, then age. */
  severity_rank: number;
  team_id: string | null; // the owner's copy: its route's workspace (0111)
}

/** Slack pacing shared by replicas: the next free slot of a method (and channel), and a 429's pause. */
export interface SlackPacingTable {
  key: string;
  next_at: number;
  paused_until: number;
}

export interface RollupGroupsTable {
  id: string;
  channel: string;
  /** The channel while the group takes new members; null once closed. */
  open_key: string | null;
  summary_ts: string | null;
  created_at: number;
  last_added_at: number;
  /** Something in the group changed after `published_at`: the summary is due an update. */
  changed_at: number | null;
  published_at: number | null;
  /** Members the summary counted when last published ("new since the last summary"). */
  published_count: number;
  claimed_by: string | null;
  claimed_until: number | null;
}

export interface RollupMembersTable {
  group_id: string;
  finding_id: string;
  /** The finding as it arrived (JSON text): the listing shows it; the summary reads it back. */
  finding: string;
  added_at: number;
  /** The thread message that lists it, once listed. */
  listed_ts: string | null;
}

/** Where each finding's alert is in Slack, and what it showed last. */
export interface MessagesTable {
  finding_id: string;
  channel: string;
  ts: string;
  last_state: string | null;
  last_recurrence: number | null;
  updated_at: number;
  /** A hash of the card as last sent (text and blocks); null when not known. */
  last_hash: string | null;
}

/** Notify owner: who was sent a finding, when, and until when a repeat is not sent again. */
export interface OwnerNoticesTable {
  finding_id: string;
  /** The owner's Slack user id. */
  owner: string;
  notified_at: number;
  until: number;
  by_user: string;
  /** A random token of the claim (a retried claim knows its own row; a failed send lets go of it). */
  holder: string;
}

/** What the poller last saw of a finding (also updated by Warden's own changes). */
export interface SeenTable {
  finding_id: string;
  state: string | null;
  recurrence: number | null;
  seen_at: number;
}

export interface AuditTable {
  id: string;
  at: number;
  team_id: string;
  user_id: string;
  channel: string | null;
  finding_id: string;
  action: string;
  /** The action's parameters (JSON text). */
  params: string;
  outcome: AuditOutcome;
  error: string | null;
  /** The process that wrote an attempt (instances.id); null for other entries and older rows. */
  instance_id: string | null;
}

/** A four-eyes risk acceptance waiting for, or given, an approver's decision. */
export interface ApprovalsTable {
  id: string;
  finding_id: string;
  requester_id: string;
  justification: string;
  /** The risk acceptance's requested expiry (ms). */
  risk_expires_at: number;
  channel: string;
  /** The alert the request belongs to, if any. */
  message_ts: string | null;
  /** The request message with Approve / Deny. */
  request_ts: string | null;
  status: ApprovalStatus;
  decided_by: string | null;
  decision_reason: string | null;
  created_at: number;
  /** After this the request can no longer be approved (ms). */
  expire_at: number;
  decided_at: number | null;
  /** A bulk acceptance: the findings it covers, as a JSON array (null for one finding). */
  finding_ids: string | null;
  /** Asked by a Workflow Builder step: the step the decision completes (null otherwise). */
  function_execution_id: string | null;
  team_id: string | null; // the workspace it was asked in (0111)
}

/** Requests already taken (signed Slack requests, webhook token ids) until they expire. */
export interface SeenRequestsTable {
  key: string;
  expires_at: number;
  /** A random token of the take that stored it (a retried take knows its own row). */
  taker: string | null;
  /** Migration 0131: the process that took it, its ref, what it asked (cleared once handled), when. */
  instance_id?: string | null;
  ref?: string | null;
  intent?: string | null;
  taken_at?: number | null;
}

/** A state change in flight: who holds the finding, until when. */
export interface InflightTable {
  finding_id: string;
  holder: string;
  lease_until: number;
}

/** The lifecycle's schedule (ports/lifecycle.ts): reminders, ends, digests. */
export interface LifecycleJobsTable {
  id: string;
  kind: JobKind;
  key: string;
  due_at: number;
  subject: string | null;
  made_by: string | null;
  approved_by: string | null;
  payload: string;
  status: JobStatus;
  attempts: number;
  claimed_by: string | null;
  claimed_until: number | null;
  /** Step -> result (JSON object). */
  progress: string;
  outcome: string | null;
  undelivered: number;
  created_at: number;
  updated_at: number;
  team_id: string | null; // the workspace it runs in (0111)
}

/** A running Warden process and its lease, renewed on a heartbeat (store/instance-lease.ts). */
export interface InstancesTable {
  id: string;
  started_at: number;
  lease_until: number;
}

/** A Home tab opened, by (workspace, person): team '' is the one workspace of SLACK_BOT_TOKEN (0091). */
export interface HomeViewsTable {
  team_id: string;
  user_id: string;
  opened_at: number;
}

/** Attestation asks (ports/asks.ts). */
export interface AsksTable {
  id: string;
  finding_id: string;
  finding_type: string;
  who: string;
  identity_user_id: string | null;
  slack_user_id: string | null;
  unreachable: string | null;
  channel: string;
  card_ts: string | null;
  question_channel: string | null;
  question_ts: string | null;
  answer: string | null;
  note: string | null;
  answered_by: string | null;
  answered_at: number | null;
  escalated_at: number | null;
  created_at: number;
}

/** A pending step-up verification (ports/step-up.ts). */
export interface StepUpsTable {
  id: string;
  user_id: string;
  action_key: string;
  finding_ids: string;
  intent: string;
  channel: string;
  created_at: number;
  expires_at: number;
  status: string;
  state: string | null;
  nonce: string | null;
  verifier: string | null;
  started_at: number | null;
  settled_at: number | null;
  /** The Workflow Builder step waiting for this verification (migration 0101). */
  function_execution_id: string | null;
  /** A hash of the cookie of the browser that claimed the link (migration 0120). */
  browser: string | null;
  team_id: string | null; // the workspace it was asked in (0111)
}

/** A note attached to a finding from a Slack message (migration 0105, ports/notes.ts). */
export interface FindingNotesTable {
  id: string;
  finding_id: string;
  user_id: string;
  text: string;
  truncated: number;
  permalink: string | null;
  channel: string;
  message_ts: string;
  created_at: number;
}

export interface Database
  extends AccessReviewTables,
    ConnectDatabase,
    DeliveryTables,
    ContainDatabase,
    WorkspaceTables,
    SlaTables,
    InstallationTables {
  outbox: OutboxTable;
  messages: MessagesTable;
  owner_notices: OwnerNoticesTable;
  seen: SeenTable;
  audit_log: AuditTable;
  approvals: ApprovalsTable;
  seen_requests: SeenRequestsTable;
  inflight: InflightTable;
  instances: InstancesTable;
  slack_pacing: SlackPacingTable;
  rollup_groups: RollupGroupsTable;
  rollup_members: RollupMembersTable;
  lifecycle_jobs: LifecycleJobsTable;
  home_views_by_team: HomeViewsTable;
  asks: AsksTable;
  step_ups: StepUpsTable;
  finding_notes: FindingNotesTable;
}

export type { InstallationsTable, SharedChannelsTable } from './schema-installations.js';
