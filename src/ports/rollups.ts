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
  /**
   * Asks for the summary (and its thread listing) to be brought up to date: coalesced, so many
   * calls in a short time make one chat.update.
   */
  markChanged(groupId: string): Promise<void>;
}
