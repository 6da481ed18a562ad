import type { AlertSource, ApprovalStatus, AuditTable, OutboxStatus } from './schema.js';

/** One alert waiting to be (or already) delivered to Slack. */
export interface OutboxRow {
  id: string;
  idempotencyKey: string;
  source: AlertSource;
  findingId: string;
  /** The finding as received: untrusted JSON, parsed again before use. */
  finding: unknown;
  channel: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  sentTs: string | null;
  createdAt: number;
}

export interface NewAlert {
  idempotencyKey: string;
  source: AlertSource;
  findingId: string;
  finding: unknown;
  /** null when routing dropped it or no channel could be chosen. */
  channel: string | null;
  status: Extract<OutboxStatus, 'pending' | 'dropped' | 'failed'>;
  reason?: string;
}

export interface MessageRef {
  findingId: string;
  channel: string;
  ts: string;
  lastState: string | null;
  lastRecurrence: number | null;
}

export interface SeenRecord {
  state: string | null;
  recurrence: number | null;
}

export type AuditEntry = Omit<AuditTable, 'id' | 'params'> & { id?: string; params: Record<string, unknown> };

export interface Approval {
  id: string;
  findingId: string;
  requesterId: string;
  justification: string;
  riskExpiresAt: number;
  channel: string;
  messageTs: string | null;
  requestTs: string | null;
  status: ApprovalStatus;
  decidedBy: string | null;
  decisionReason: string | null;
  createdAt: number;
  expireAt: number;
}

export type NewApproval = Omit<Approval, 'id' | 'requestTs' | 'status' | 'decidedBy' | 'decisionReason'>;

export interface OutboxStats {
  pending: number;
  sending: number;
  failed: number;
  sent: number;
  /** Age of the oldest row not yet sent (pending or sending), in ms. */
  oldestUnsentAgeMs: number | undefined;
}

/**
 * Warden's durable state, the same on SQLite and PostgreSQL. Every write that must not be lost
 * or doubled is one transaction: an alert and its idempotency key; a delivery and the message
 * index it updates.
 */
export interface Store {
  readonly kind: 'sqlite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;

  /** Stores an alert once per idempotency key; a repeat returns the first one's id. */
  enqueueAlert(alert: NewAlert, now: number): Promise<{ id: string; duplicate: boolean }>;
  /** Takes up to `limit` due rows for this worker for `leaseMs` (expired leases are taken back). */
  claimDue(workerId: string, limit: number, now: number, leaseMs: number): Promise<OutboxRow[]>;
  /** Delivery done: the row is sent and the message index points at `ts`, in one transaction. */
  markSent(id: string, message: MessageRef, now: number): Promise<void>;
  reschedule(id: string, nextAttemptAt: number, error: string, now: number): Promise<void>;
  markFailed(id: string, error: string, now: number): Promise<void>;
  /** Puts failed rows (one, or all) back in the queue; returns how many. */
  requeue(which: { id: string } | { allFailed: true }, now: number): Promise<number>;
  outboxStats(now: number): Promise<OutboxStats>;
  listOutbox(filter: { status?: OutboxStatus; limit: number }): Promise<OutboxRow[]>;

  messagesFor(findingId: string): Promise<MessageRef[]>;
  upsertMessage(ref: MessageRef, now: number): Promise<void>;

  seen(findingIds: readonly string[]): Promise<Map<string, SeenRecord>>;
  recordSeen(findingId: string, record: SeenRecord, now: number): Promise<void>;

  createApproval(approval: NewApproval): Promise<Approval>;
  getApproval(id: string): Promise<Approval | undefined>;
  setApprovalRequestTs(id: string, ts: string): Promise<void>;
  /**
   * Moves a pending, unexpired request to `status`; false if it was not pending any more (someone
   * else decided first) or has expired. `reopen` moves an approval back to pending (its change
   * failed at the tenant).
   */
  decideApproval(
    id: string,
    status: 'approved' | 'denied',
    by: string,
    reason: string | null,
    now: number,
  ): Promise<boolean>;
  reopenApproval(id: string): Promise<void>;
  pendingApprovals(now: number): Promise<Approval[]>;
  /** Marks pending requests past their deadline expired and returns them. */
  expireApprovals(now: number): Promise<Approval[]>;

  appendAudit(entry: AuditEntry): Promise<void>;
  auditLog(filter: { findingId?: string; limit: number }): Promise<AuditEntry[]>;
}
