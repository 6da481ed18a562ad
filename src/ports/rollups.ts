/** A roll-up: one summary message standing for many findings of one channel. */
export interface RollupGroup {
  /** Opaque, safe in a block_id or a button value. */
  id: string;
  channel: string;
  /** The summary message, once posted. */
  summaryTs: string | undefined;
  /** ms */
  createdAt: number;
}

export interface RollupStore {
  get(groupId: string): Promise<RollupGroup | undefined>;
  /** The group's finding ids, oldest first. */
  members(groupId: string): Promise<string[]>;
  /** The groups a finding is in (e.g. to check an Open card click is in one of their threads). */
  groupsOf(findingId: string): Promise<RollupGroup[]>;
  /**
   * Asks for the summary (and its thread listing) to be brought up to date: coalesced, so many
   * calls in a short time make one chat.update.
   */
  markChanged(groupId: string): Promise<void>;
  /** The same for every group `findingId` is in (after a change to it by any path). */
  markFindingChanged(findingId: string): Promise<void>;
}

/** A group with publishing to do, as the store hands it to one replica. */
export interface RollupWork extends RollupGroup {
  /** Members the summary counted when last published. */
  publishedCount: number;
  memberCount: number;
  /** Changed since the summary was last published, and that was long enough ago to update it. */
  updateDue: boolean;
}

/** The store's side of roll-ups: membership, and the publishing work claimed once across replicas. */
export interface RollupRecords {
  /**
   * Adds a finding to the channel's open group, opening one when none takes members (the last
   * got none for `windowMs`). `added` is false when the finding was in it already.
   */
  addToRollup(
    channel: string,
    findingId: string,
    finding: unknown,
    now: number,
    windowMs: number,
  ): Promise<{ groupId: string; added: boolean }>;
  rollupGroup(groupId: string): Promise<RollupGroup | undefined>;
  rollupMembers(groupId: string): Promise<string[]>;
  /** The groups a finding is in. */
  rollupsOf(findingId: string): Promise<string[]>;
  markRollupChanged(groupId: string, now: number): Promise<void>;
  /**
   * Groups with publishing to do — no summary yet, members not yet listed in its thread, or a
   * change since the last publish at least `minIntervalMs` ago (updates are coalesced) — each
   * claimed by `workerId` for `leaseMs`.
   */
  claimRollupWork(
    workerId: string,
    now: number,
    leaseMs: number,
    minIntervalMs: number,
    limit: number,
  ): Promise<RollupWork[]>;
  unlistedMembers(groupId: string, limit: number): Promise<{ findingId: string; finding: unknown }[]>;
  markListed(groupId: string, findingIds: readonly string[], ts: string): Promise<void>;
  /** The summary now shows `count` members (its ts, posted or kept). */
  markPublished(groupId: string, summaryTs: string, count: number, now: number): Promise<void>;
  releaseRollup(groupId: string, workerId: string): Promise<void>;
}
