/**
 * The alert queue and the card index (store/queries/outbox.ts, messages.ts): what the intake
 * stores before it acknowledges, what the delivery worker claims and posts, and where each
 * finding's cards are in Slack.
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dropped';
/** `card`: not an alert but a card's update Slack failed after a change, retried (delivery/card-refresh.ts). */
export type AlertSource = 'webhook' | 'signed' | 'poller' | 'card';

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
  /** The owner's copy: the workspace its route was in (the owner is found there); else undefined. */
  teamId?: string | undefined;
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
  teamId?: string | undefined;
}

/** A card Warden posted for a finding: where it is and what it showed last. */
export interface MessageRef {
  findingId: string;
  channel: string;
  ts: string;
  lastState: string | null;
  lastRecurrence: number | null;
  /** A hash of the card as last sent; null or absent when not known (the next update is sent). */
  lastHash?: string | null;
}

export interface OutboxStats {
  pending: number;
  sending: number;
  failed: number;
  sent: number;
  /** Age of the oldest row not yet sent (pending or sending), in ms. */
  oldestUnsentAgeMs: number | undefined;
}

export interface OutboxStore {
  /** Stores an alert once per idempotency key; a repeat returns the first one's id. */
  enqueueAlert(alert: NewAlert, now: number): Promise<{ id: string; duplicate: boolean }>;
  /** Takes up to `limit` due rows for this worker for `leaseMs` (expired leases are taken back). */
  claimDue(workerId: string, limit: number, now: number, leaseMs: number): Promise<OutboxRow[]>;
  /** Delivery done: the row is sent and the card index points at `ts`, in one transaction. */
  markSent(id: string, message: MessageRef, now: number): Promise<void>;
  reschedule(id: string, nextAttemptAt: number, error: string, now: number): Promise<void>;
  /** Back to the queue untried (its claim is not counted as an attempt), e.g. while its channel waits. */
  postpone(id: string, nextAttemptAt: number, now: number): Promise<void>;
  markFailed(id: string, error: string, now: number): Promise<void>;
  /** Delivered as a member of a roll-up: no card of its own (the roll-up's thread lists it). */
  markRolledUp(id: string, now: number): Promise<void>;
  /**
   * New alerts for a channel that wait, or arrived within the last `windowMs` (a flood in the
   * making): the roll-up threshold is judged on this. Ranks in `exceptRanks` are not counted.
   */
  countArriving(
    channel: string,
    now: number,
    windowMs: number,
    exceptRanks: readonly number[],
  ): Promise<number>;
  /** Puts failed rows (one, or all) back in the queue; returns how many. */
  requeue(which: { id: string } | { allFailed: true }, now: number): Promise<number>;
  outboxStats(now: number): Promise<OutboxStats>;
  listOutbox(filter: { status?: OutboxStatus; limit: number }): Promise<OutboxRow[]>;
  /** How many alerts a channel got since `since` (ms), and the newest `limit` of them. */
  arrivals(channel: string, since: number, limit: number): Promise<{ count: number; recent: OutboxRow[] }>;
}

/**
 * Where each finding's cards are in Slack (the resource check and "replace every copy" read it):
 * every card Warden posted, several per channel if it posted several.
 */
export interface MessageIndex {
  /** The finding's cards, least recently updated first. */
  messagesFor(findingId: string): Promise<MessageRef[]>;
  upsertMessage(ref: MessageRef, now: number): Promise<void>;
  /**
   * A card whose update Slack failed (5xx, a 429 past what a person waits): queued in the outbox
   * (source `card`) so the delivery worker brings it up to date, retried like any post.
   */
  queueCardUpdate(
    u: { findingId: string; channel: string; ts: string; finding: unknown },
    now: number,
  ): Promise<void>;
}
