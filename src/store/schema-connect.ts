/**
 * Slack Connect's tables (migration 0125; schema.ts's Database extends this): a channel's
 * pending replacement of its cards (the pointer when it became shared, the details back when it
 * was unshared).
 */
export interface ConnectSweepsTable {
  channel: string;
  /** The workspace whose token replaces the cards (its team id). */
  team_id: string;
  /** 1: replace the cards by the pointer; 0: put the details back. */
  shared: number;
  /** Cards up to this ts are done ('' before the first). */
  after_ts: string;
  claimed_by: string | null;
  claimed_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface ConnectDatabase {
  connect_sweeps: ConnectSweepsTable;
}
