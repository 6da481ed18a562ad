import type { FrozenReason } from '../domain/sla.js';

/** SLA clocks, one row per finding (migration 0140, ports/sla.ts). */
export interface SlaClocksTable {
  finding_id: string;
  team_id: string;
  severity: string;
  finding_type: string | null;
  state: string;
  created_at: number;
  changed_at: number;
  acked_at: number | null;
  ack_spent: number | null;
  paused_ms: number;
  frozen_since: number | null;
  frozen_why: FrozenReason | null;
  shown: string | null;
  next_at: number | null;
  claimed_until: number | null;
  overdue: number;
  updated_at: number;
}

export interface SlaTables {
  sla_clocks: SlaClocksTable;
}
