import type { Task } from '../model/task.js';

/**
 * Where a revoke or offboarding task stands, in the few states a person follows: waiting for an
 * approval in the tenant, being carried out (provisioning), or final — done, denied, failed,
 * cancelled, or closed without an outcome Warden knows. Read from the vendor's Task: the outcome
 * of its kind first (REVOKE_OUTCOME_…, OFFBOARDING_OUTCOME_…), then its state, then the policy
 * step it is on. Unknown values (open enums) never make a task look final while it is open. Pure.
 */

export const TASK_STATUSES = [
  'approval',
  'provisioning',
  'waiting',
  'done',
  'denied',
  'error',
  'cancelled',
  'closed',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const FINAL: ReadonlySet<TaskStatus> = new Set(['done', 'denied', 'error', 'cancelled', 'closed']);
export const isFinalStatus = (s: TaskStatus): boolean => FINAL.has(s);

const OUTCOMES: Record<string, TaskStatus> = {
  REVOKE_OUTCOME_REVOKED: 'done',
  REVOKE_OUTCOME_DENIED: 'denied',
  REVOKE_OUTCOME_ERROR: 'error',
  REVOKE_OUTCOME_CANCELLED: 'cancelled',
  // The policy's wait ran out: the grant was not taken away.
  REVOKE_OUTCOME_WAIT_TIMED_OUT: 'error',
  OFFBOARDING_OUTCOME_DONE: 'done',
  OFFBOARDING_OUTCOME_ERROR: 'error',
  OFFBOARDING_OUTCOME_CANCELLED: 'cancelled',
  OFFBOARDING_OUTCOME_IN_PROGRESS: 'provisioning',
};

export function taskStatusOf(task: Task): TaskStatus {
  const outcome = task.type?.revoke?.outcome ?? task.type?.offboarding?.outcome ?? undefined;
  const known = outcome ? OUTCOMES[outcome] : undefined;
  if (known && (isFinalStatus(known) || task.state !== 'TASK_STATE_CLOSED')) return known;
  if (task.state === 'TASK_STATE_CLOSED') return 'closed';
  const step = task.policy?.current;
  if (step?.approval) return 'approval';
  if (step?.provision) return 'provisioning';
  return known ?? 'waiting';
}

/** The task's number as the tenant's console shows it, else its id. */
export function taskLabel(task: Pick<Task, 'id' | 'numericId'>): string {
  const n = task.numericId;
  return n !== undefined && n !== null && String(n) !== '' && String(n) !== '0' ? `#${String(n)}` : task.id;
}
