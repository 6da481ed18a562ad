import type { MessageRef } from './outbox.js';

/**
 * Slack Connect's replacement of a channel's cards (issue 36, item 10): when a channel becomes
 * shared with another organisation the cards Warden already posted there become the pointer;
 * unshared, they get their details back. Kept in the store (store/queries/connect.ts), claimed
 * with a lease, its progress recorded card by card: one replica works a channel, and a restart
 * goes on where it stopped.
 */
export interface ConnectSweep {
  channel: string;
  /** The workspace whose token replaces the cards (its team id). */
  teamId: string;
  /** true: the pointer; false: the details back. */
  shared: boolean;
  /** Cards up to this ts are done ('' before the first). */
  afterTs: string;
}

export interface ConnectSweeps {
  /** Asks for the channel's cards to follow `shared`; a change of direction starts it again. */
  requestSweep(channel: string, teamId: string, shared: boolean, now: number): Promise<void>;
  /** Claims this workspace's next sweep not held by a live lease; undefined when none. */
  claimSweep(teamId: string, holder: string, now: number, leaseMs: number): Promise<ConnectSweep | undefined>;
  /**
   * Records that the cards up to `afterTs` are done and extends the lease; false when the sweep
   * is no longer this holder's in this direction (asked again the other way meanwhile).
   */
  advanceSweep(sweep: ConnectSweep, holder: string, now: number, leaseMs: number): Promise<boolean>;
  /** Done: removed, unless it was asked again the other way meanwhile. */
  finishSweep(sweep: ConnectSweep, holder: string): Promise<void>;
  /** Lets go of a claim (tried again on a later tick). */
  releaseSweep(channel: string, holder: string): Promise<void>;
  /** The outbox row that posted the card at (channel, ts), if the outbox posted it. */
  outboxIdAt(channel: string, ts: string): Promise<string | undefined>;
  /** The cards Warden tracks in a channel after `afterTs`, oldest first. */
  cardsIn(channel: string, afterTs: string, limit: number): Promise<MessageRef[]>;
}
