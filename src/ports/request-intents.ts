/**
 * What a Slack request asked, kept with its replay record before the ack (issue 36, item 19), so
 * an action acknowledged by a process that then died is carried out by another, or its person
 * told: never lost in silence.
 */
export interface KeptIntent {
  /** The interaction's body as Bolt reads it, without Slack's verification token (JSON text). */
  body: string;
  /** The process that took the request (store/instance-lease.ts). */
  instanceId: string;
  /** The request's ref (its id in the log and in the audit entries it writes). */
  ref: string;
}

export interface OrphanedIntent extends KeptIntent {
  key: string;
  takenAt: number;
}

export interface RequestIntents {
  /** Handled (whatever the outcome): nothing left to carry out. */
  settleIntent(key: string): Promise<void>;
  /**
   * Intents of processes whose lease is gone (`now`: wall time), oldest first, not this
   * process's own (`self`).
   */
  orphanedIntents(q: { self: string; now: number; limit: number }): Promise<OrphanedIntent[]>;
  /** Takes an orphan over for `self`: true for the one process that does. */
  adoptIntent(key: string, from: string, self: string): Promise<boolean>;
  /** Whether the audit log has an entry of this request's (its ref) written since `since`, by `userId`. */
  auditedRequest(ref: string, userId: string, since: number): Promise<boolean>;
}
