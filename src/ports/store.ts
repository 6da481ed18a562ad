import type { AccessReviewStore } from './access-review-store.js';
import type { AskStore } from './asks.js';
import type { CardClaims } from './card-claims.js';
import type { ConnectSweeps } from './connect.js';
import type { ContainStore } from './contain.js';
import type { InstallationRecords, SharedChannels } from './installations.js';
import type { HomeViews, LifecycleStore } from './lifecycle.js';
import type { NoteStore } from './notes.js';
import type { MessageIndex, OutboxStore } from './outbox.js';
import type { PacingStore } from './pacing.js';
import type { KeptIntent, RequestIntents } from './request-intents.js';
import type { RollupRecords } from './rollups.js';
import type { SlaStore } from './sla.js';
import type { StepUpStore } from './step-up.js';
import type { ChannelWorkspaces, WorkspaceStates } from './workspaces.js';

export type { ConnectSweep, ConnectSweeps } from './connect.js';
export type {
  ChannelSharing,
  InstallationRecord,
  InstallationRecords,
  RefreshFailure,
  SharedChannels,
} from './installations.js';
export type {
  AlertSource,
  MessageIndex,
  MessageRef,
  NewAlert,
  OutboxRow,
  OutboxStats,
  OutboxStatus,
  OutboxStore,
} from './outbox.js';
/**
 * What Warden keeps, split by concern: each use case asks only for the stores it touches. The
 * same contracts hold on SQLite and PostgreSQL (store/ implements them over kysely). Every write
 * that must not be lost or doubled is one transaction: an alert and its idempotency key; a
 * delivery and the card index it updates.
 */

/** A Notify owner already sent within the cooldown: when, and by whom. */
export interface OwnerNotice {
  at: number;
  by: string;
  /** When its cooldown is over. */
  until: number;
}

/**
 * Notify owner's cooldown, in the store so concurrent clicks on any replica send one notification
 * per finding and owner.
 */
export interface OwnerNotices {
  /**
   * Takes the notification of `owner` about the finding for `holder` until `until`: true when
   * taken (none yet, the last one's cooldown over, or this claim tried again), else the notice
   * that holds it.
   */
  claimOwnerNotice(
    n: { findingId: string; owner: string; by: string; holder: string; until: number },
    now: number,
  ): Promise<true | OwnerNotice>;
  /** Lets go of a claim whose notification was not sent, if `holder` still has it. */
  releaseOwnerNotice(findingId: string, owner: string, holder: string): Promise<void>;
}

export interface SeenRecord {
  state: string | null;
  recurrence: number | null;
}

/** What Warden last saw of each finding (the poller posts only what is new or changed). */
export interface SeenStore {
  seen(findingIds: readonly string[]): Promise<Map<string, SeenRecord>>;
  recordSeen(findingId: string, record: SeenRecord, now: number): Promise<void>;
}

/** `attempt`: written before the tenant is called, settled with the outcome once it is known. */
export type AuditOutcome = 'ok' | 'refused' | 'failed' | 'busy' | 'denied' | 'requested' | 'attempt';

/** One attempt of an action, as the audit log keeps it. */
export interface AuditEntry {
  id?: string;
  at: number;
  team_id: string;
  user_id: string;
  channel: string | null;
  finding_id: string;
  action: string;
  params: Record<string, unknown>;
  outcome: AuditOutcome;
  error: string | null;
  /** The process that wrote an attempt (its lease: InstanceLeases); null or absent otherwise. */
  instance_id?: string | null;
}

/** Which unsettled attempts are orphans: no live process will ever settle them. */
export interface OrphanQuery {
  /** This process: its own attempts are orphans only past `before` (an outage cut their settle). */
  self: string;
  /** Attempts of no process (older rows) or of this one, written before this (ms), are orphans. */
  before: number;
  /** Leases that ran out before this (ms) are gone; the attempts of such a process are orphans. */
  now: number;
  /** False while this process cannot trust others' leases (its store was away: theirs lapsed too). */
  byLease: boolean;
  limit: number;
}

export interface AuditLog {
  /** Appends an entry; resolves to its id. */
  appendAudit(entry: AuditEntry): Promise<string>;
  /**
   * Gives an `attempt` its outcome; false when it had one already (another replica settled it
   * first), so exactly one settles each.
   */
  settleAudit(
    id: string,
    outcome: AuditOutcome,
    error: string | null,
    params?: Record<string, unknown>,
  ): Promise<boolean>;
  /** Attempts still without an outcome that no live process will settle, oldest first. */
  unsettledAttempts(q: OrphanQuery): Promise<AuditEntry[]>;
  /** Newest first: a finding's entries, a person's, or all. */
  auditLog(filter: { findingId?: string; userId?: string; limit: number }): Promise<AuditEntry[]>;
}

export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired';

/** A four-eyes risk acceptance waiting for, or given, an approver's decision. */
export interface Approval {
  id: string;
  findingId: string;
  requesterId: string;
  justification: string;
  /** The risk acceptance's requested expiry (ms). */
  riskExpiresAt: number;
  channel: string;
  /** The alert the request belongs to, if any. */
  messageTs: string | null;
  /** The request message with Approve / Deny. */
  requestTs: string | null;
  status: ApprovalStatus;
  decidedBy: string | null;
  decisionReason: string | null;
  createdAt: number;
  /** After this the request can no longer be approved (ms). */
  expireAt: number;
  /**
   * A bulk acceptance (a roll-up's findings): every finding it covers; `findingId` then names the
   * group. Null for a request about one finding.
   */
  findingIds: string[] | null;
  /** Asked by a Workflow Builder step: its function_execution_id, completed by the decision. */
  functionExecutionId?: string | null | undefined;
  /** The workspace it was asked in (its expiry runs there); undefined for rows from before 0111. */
  teamId?: string | undefined;
}

export type NewApproval = Omit<
  Approval,
  'id' | 'requestTs' | 'status' | 'decidedBy' | 'decisionReason' | 'findingIds' | 'functionExecutionId'
> & { findingIds?: string[] | undefined; functionExecutionId?: string | undefined };

export interface ApprovalStore {
  createApproval(approval: NewApproval): Promise<Approval>;
  getApproval(id: string): Promise<Approval | undefined>;
  setApprovalRequestTs(id: string, ts: string): Promise<void>;
  /**
   * Moves a pending, unexpired request to `status`; false if it was not pending any more (someone
   * else decided first) or has expired.
   */
  decideApproval(
    id: string,
    status: 'approved' | 'denied',
    by: string,
    reason: string | null,
    now: number,
  ): Promise<boolean>;
  /** Back to pending: its change failed at the tenant. */
  reopenApproval(id: string): Promise<void>;
  pendingApprovals(now: number): Promise<Approval[]>;
  /** A person's own requests, newest first, whatever their status. */
  approvalsBy(requesterId: string, limit: number): Promise<Approval[]>;
  /** Marks pending requests past their deadline expired and returns them. */
  expireApprovals(now: number): Promise<Approval[]>;
}

/**
 * Requests already taken, kept for as long as they could be replayed (a signed Slack request for
 * its 5-minute window, a tenant webhook token for its lifetime), in the store so a restart or
 * another replica knows them too.
 */
export interface ReplayMemory {
  /**
   * True the first time `key` is seen before `expiresAt`; false for a repeat within it. `keep`:
   * what the request asked, written in the same statement (ports/request-intents.ts).
   */
  rememberOnce(key: string, expiresAt: number, now: number, keep?: KeptIntent): Promise<boolean>;
}

/** State changes in flight, claimed across replicas (store/inflight-claims.ts builds the InflightPort on it). */
export interface InflightClaims {
  /** True when `holder` took the finding (free, or its last holder's lease ran out). */
  claimInflight(findingId: string, holder: string, leaseUntil: number, now: number): Promise<boolean>;
  /** Lets go of the finding, if `holder` still holds it. */
  releaseInflight(findingId: string, holder: string): Promise<void>;
  /** Lets go of the finding if a holder of that process (`<instanceId>.…`) holds it. */
  releaseInflightOf(findingId: string, instanceId: string): Promise<void>;
}

/**
 * Each running process's lease (heartbeat): attempts of a process whose lease is gone are
 * reconciled by the others, and a live one's never are.
 */
export interface InstanceLeases {
  /** Takes (or takes again, after it was lost) this process's lease until `leaseUntil`. */
  renewInstance(id: string, startedAt: number, leaseUntil: number): Promise<void>;
  /** Gives the lease up (a clean stop): what it left unsettled is reconciled at once. */
  releaseInstance(id: string): Promise<void>;
}

/** What retention deletes: each a table, or the rows of a status in it. */
export type RetentionTarget =
  | 'sentAlerts'
  | 'failedAlerts'
  | 'audit'
  | 'seen'
  | 'expired'
  | 'rollups'
  /** Notes attached to findings (closure evidence): kept as long as the audit log. */
  | 'notes';

export interface RetentionStore {
  /**
   * Deletes up to `limit` rows of `target` older than `before` (ms); for `expired`, the replay
   * memory and in-flight claims past their expiry. Resolves to how many went.
   */
  purge(target: RetentionTarget, before: number, limit: number): Promise<number>;
}

/** Whether the store answers now, or since when and why not (`/readyz` says it). */
export type StoreState = { ok: true } | { ok: false; since: number; reason: string };

/** What every statement taught about the store's availability (store/availability.ts). */
export interface StoreAvailability {
  state(): StoreState;
  /** Called once each time the store answers again after failing; returns its removal. */
  onBack(listener: () => void): () => void;
}

/** The whole store, as the composition root opens it. */
export interface Store
  extends OutboxStore,
    InstallationRecords,
    SharedChannels,
    ConnectSweeps,
    MessageIndex,
    OwnerNotices,
    SeenStore,
    AuditLog,
    ApprovalStore,
    ReplayMemory,
    InflightClaims,
    InstanceLeases,
    RetentionStore,
    PacingStore,
    RollupRecords,
    LifecycleStore,
    HomeViews,
    AskStore,
    StepUpStore,
    NoteStore,
    AccessReviewStore,
    CardClaims,
    RequestIntents,
    ContainStore,
    WorkspaceStates,
    ChannelWorkspaces,
    SlaStore {
  readonly kind: 'sqlite' | 'postgres';
  readonly health: StoreAvailability;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
