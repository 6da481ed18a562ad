import { protoTimestamp } from './audit.js';
import type { Principal } from './principal.js';

/**
 * A task's audit trail (`POST /api/v1/task/audits`, `c1.api.task.v1.TaskAuditView`): one entry a
 * thing that happened, with the acting user (`userId`) and exactly one member of its `typ` oneof
 * (comment, approvalInstanceChange, certifyOutcome, approvalReassigned, stateChange,
 * stepUpApproval). The tenant also keeps which client's token acted (not on the wire: a test reads
 * it to tell a person's personal client from Warden's service credential).
 */

export interface TaskAuditEntry {
  taskId: string;
  at: number;
  /** The acting principal (user and client) as the token said. */
  actor: Principal;
  view: Record<string, unknown>;
}

export class TaskAuditTrail {
  readonly #entries: TaskAuditEntry[] = [];
  #seq = 0;

  /** One entry; `typ` is the one oneof member set, e.g. `{certifyOutcome: {outcome}}`. */
  record(
    taskId: string,
    ticketId: string,
    actor: Principal,
    at: number,
    state: string,
    typ: Record<string, unknown>,
  ): void {
    const view = {
      id: `TAE_${String(++this.#seq).padStart(6, '0')}`,
      ticketId,
      userId: actor.userId,
      created: protoTimestamp(at),
      currentState: state,
      eventType: 'TASK_AUDIT_EVENT_TYPE_NEUTRAL',
      source: 'SOURCE_C1',
      ...typ,
    };
    this.#entries.push({ taskId, at, actor, view });
  }

  /** Every entry of a task, oldest first (or newest first). */
  of(taskId: string, newestFirst = false): TaskAuditEntry[] {
    const mine = this.#entries.filter((e) => e.taskId === taskId);
    return newestFirst ? mine.reverse() : mine;
  }

  all(): TaskAuditEntry[] {
    return [...this.#entries];
  }
}
