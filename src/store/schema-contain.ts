import type { ContainStatus } from '../ports/contain.js';

/** Containment's table (migration 0150): see ports/contain.ts for what each column means. */
export interface ContainActionsTable {
  id: string;
  team_id: string;
  finding_id: string;
  finding_type: string;
  action: string;
  target_key: string;
  app_id: string | null;
  entitlement_id: string | null;
  app_user_id: string | null;
  subject_id: string | null;
  /** ContainWords as JSON text. */
  words: string;
  reason: string;
  requester_id: string;
  channel: string;
  card_ts: string | null;
  status: ContainStatus;
  approved_by: string | null;
  request_ts: string | null;
  task_id: string | null;
  task_label: string | null;
  task_status: string | null;
  error: string | null;
  verified_at: number | null;
  function_execution_id: string | null;
  created_at: number;
  updated_at: number;
  claimed_at: number | null;
  next_poll_at: number | null;
  polls: number;
  claimed_by: string | null;
  claimed_until: number | null;
}

export interface ContainDatabase {
  contain_actions: ContainActionsTable;
}
