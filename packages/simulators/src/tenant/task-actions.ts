import { randomBytes } from 'node:crypto';
import { certifyOf } from './access-reviews.js';
import { type Answer, grpcError, nonEmpty } from './answer.js';
import { protoTimestamp } from './audit.js';
import type { Principal } from './principal.js';
import type { JsonTask } from './seed-reviews.js';
import type { StepUpTransactions } from './step-up-transactions.js';
import { approvalOf, currentStepId, Expanded, stepApprovers, type TenantTasks } from './tasks.js';

/**
 * A task's actions (`c1.api.task.v1.TaskActionsService`), as the vendor's CLI sends them
 * (`cone task approve|deny|comment`: the current policy step's id and an optional comment) and
 * its SDK adds (`reassign`: new step users; `approve-with-step-up`). On a certify task approve
 * certifies and deny revokes (the certify outcome says which). Each is refused in the tenant's
 * words when the task is closed, the step is not the current one (reassigned or decided), the
 * caller is not its approver, a reason is missing, or the step asks for step-up. Every change is
 * recorded in the task's audit trail under the acting principal.
 */

export interface ActionState {
  tasks: TenantTasks;
  stepUps: StepUpTransactions;
  now: () => number;
}

type Decision = 'approve' | 'deny';
const MAX_COMMENT = 10_000;

/** Why this principal may not act on the task's step now, or the task. */
function decidable(
  s: ActionState,
  id: string,
  body: Record<string, unknown>,
  who: Principal,
): JsonTask | Answer {
  const t = s.tasks.get(id);
  if (!t || !s.tasks.visible(t, who)) return grpcError(404, 5, `task ${id} not found`);
  if (t.state === 'TASK_STATE_CLOSED')
    return grpcError(400, 9, 'the task is closed: it has already been decided');
  const step = body.policyStepId ?? body.policy_step_id;
  if (!nonEmpty(step)) return grpcError(400, 3, 'policy_step_id is required');
  if (step !== currentStepId(t))
    return grpcError(
      400,
      9,
      `policy step ${step} is not the task's current step (it was reassigned or decided)`,
    );
  if (!stepApprovers(t).includes(who.userId))
    return grpcError(403, 7, "you are not an approver of the task's current step");
  return t;
}

const commentOf = (body: Record<string, unknown>): string | Answer | undefined => {
  const c = body.comment;
  if (c === undefined || c === null || c === '') return undefined;
  if (typeof c !== 'string') return grpcError(400, 3, 'invalid value for comment: a string');
  if (c.length > MAX_COMMENT) return grpcError(400, 3, `comment is longer than ${MAX_COMMENT} characters`);
  return c;
};

const isAnswer = (v: unknown): v is Answer => typeof v === 'object' && v !== null && 'status' in v;

function answered(s: ActionState, t: JsonTask, extra: Record<string, unknown> = {}): Answer {
  const expanded = new Expanded(s.tasks.reviews, s.tasks.users);
  return {
    status: 200,
    body: {
      taskView: s.tasks.view(t, expanded, []),
      expanded: [],
      ticketActionId: `TA_${randomBytes(5).toString('hex')}`,
      ...extra,
    },
  };
}

function recordComment(s: ActionState, t: JsonTask, who: Principal, comment: string, at: number): void {
  t.commentCount = Number(t.commentCount ?? 0) + 1;
  s.tasks.audit.record(t.id, String(t.numericId ?? ''), who, at, t.state, {
    comment: { comment, updatedBy: who.userId, updatedAt: protoTimestamp(at) },
  });
}

/** The step decided: the task closes with the certify outcome. */
function decide(s: ActionState, t: JsonTask, kind: Decision, who: Principal, txn?: string): void {
  const at = s.now();
  const when = protoTimestamp(at);
  const approval = approvalOf(t) ?? {};
  if (kind === 'approve')
    approval.approved = {
      userId: who.userId,
      approvedAt: when,
      ...(txn ? { stepUpTransactionId: txn } : {}),
    };
  else approval.denied = { userId: who.userId, deniedAt: when };
  approval.state = 'APPROVAL_INSTANCE_STATE_DONE';
  const current = (t.policy as { current: Record<string, unknown> }).current;
  current.state = 'POLICY_STEP_STATE_DONE';
  t.state = 'TASK_STATE_CLOSED';
  t.processing = 'TASK_PROCESSING_TYPE_DONE';
  t.stepApproverIds = [];
  t.approverIds = [...new Set([...((t.approverIds as string[] | undefined) ?? []), who.userId])];
  t.updatedAt = when;
  const certify = certifyOf(t);
  const outcome = kind === 'approve' ? 'CERTIFY_OUTCOME_CERTIFIED' : 'CERTIFY_OUTCOME_DECERTIFIED';
  certify.outcome = outcome;
  certify.outcomeTime = when;
  const ticket = String(t.numericId ?? '');
  if (txn)
    s.tasks.audit.record(t.id, ticket, who, at, 'TASK_STATE_OPEN', {
      stepUpApproval: { stepUpTransactionId: txn },
    });
  s.tasks.audit.record(t.id, ticket, who, at, 'TASK_STATE_OPEN', {
    approvalInstanceChange: { instance: structuredClone(approval) },
  });
  s.tasks.audit.record(t.id, ticket, who, at, t.state, { certifyOutcome: { outcome } });
  s.tasks.audit.record(t.id, ticket, who, at, t.state, { stateChange: { previousState: 'TASK_STATE_OPEN' } });
}

/** POST /api/v1/tasks/{id}/action/approve and …/deny */
export function approveOrDeny(
  s: ActionState,
  kind: Decision,
  id: string,
  body: Record<string, unknown>,
  who: Principal,
): Answer {
  const t = decidable(s, id, body, who);
  if (isAnswer(t)) return t;
  const comment = commentOf(body);
  if (isAnswer(comment)) return comment;
  const approval = approvalOf(t)?.approval as Record<string, unknown> | undefined;
  if (kind === 'approve' && nonEmpty(approval?.requiresStepUpProviderId))
    return grpcError(
      400,
      9,
      'this step requires step-up authentication: approve it with approve-with-step-up',
    );
  if (kind === 'deny' && approval?.requireDenialReason === true && comment === undefined)
    return grpcError(400, 3, 'a reason is required to deny this step');
  if (kind === 'approve' && approval?.requireApprovalReason === true && comment === undefined)
    return grpcError(400, 3, 'a reason is required to approve this step');
  if (comment !== undefined) recordComment(s, t, who, comment, s.now());
  decide(s, t, kind, who);
  return answered(s, t);
}

/** POST /api/v1/tasks/{id}/action/approve-with-step-up */
export function approveWithStepUp(
  s: ActionState,
  id: string,
  body: Record<string, unknown>,
  who: Principal,
): Answer {
  const t = decidable(s, id, body, who);
  if (isAnswer(t)) return t;
  const comment = commentOf(body);
  if (isAnswer(comment)) return comment;
  const provider = (approvalOf(t)?.approval as Record<string, unknown> | undefined)?.requiresStepUpProviderId;
  if (!nonEmpty(provider))
    return grpcError(400, 9, 'this step does not require step-up: approve it as usual');
  const txnId = body.stepUpTransactionId ?? body.step_up_transaction_id;
  if (!nonEmpty(txnId)) {
    const txn = s.stepUps.open(who, provider, t.id, currentStepId(t), s.now());
    return { status: 200, body: { redirectUrl: s.stepUps.redirectUrl(txn), expanded: [] } };
  }
  const taken = s.stepUps.take(txnId, who, t.id, currentStepId(t), s.now());
  if (isAnswer(taken)) return taken;
  if (comment !== undefined) recordComment(s, t, who, comment, s.now());
  decide(s, t, 'approve', who, taken.id);
  return answered(s, t);
}

/** POST /api/v1/tasks/{id}/action/comment (a certify task's; a finding's task has its own) */
export function commentOnTask(
  s: ActionState,
  id: string,
  body: Record<string, unknown>,
  who: Principal,
): Answer {
  const t = s.tasks.get(id);
  if (!t || !s.tasks.visible(t, who)) return grpcError(404, 5, `task ${id} not found`);
  const comment = commentOf(body);
  if (isAnswer(comment)) return comment;
  if (comment === undefined || !comment.trim()) return grpcError(400, 3, 'comment is required');
  recordComment(s, t, who, comment, s.now());
  return answered(s, t);
}

/** POST /api/v1/tasks/{id}/action/reassign: the current step to other users (allowed reassignees only). */
export function reassign(s: ActionState, id: string, body: Record<string, unknown>, who: Principal): Answer {
  const t = decidable(s, id, body, who);
  if (isAnswer(t)) return t;
  const comment = commentOf(body);
  if (isAnswer(comment)) return comment;
  const approval = approvalOf(t) ?? {};
  const rule = (approval.approval ?? {}) as Record<string, unknown>;
  if (rule.allowReassignment !== true) return grpcError(400, 9, 'this step may not be reassigned');
  const raw = body.newStepUserIds ?? body.new_step_user_ids;
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((u) => !nonEmpty(u)))
    return grpcError(400, 3, 'new_step_user_ids must name at least one user');
  const users = [...new Set(raw as string[])];
  for (const u of users) {
    const user = s.tasks.users.get(u);
    if (user?.status !== 'ENABLED') return grpcError(400, 3, `user ${u} cannot be assigned this step`);
  }
  if (users.every((u) => stepApprovers(t).includes(u)))
    return grpcError(400, 9, 'the step is already assigned to these users');
  const at = s.now();
  const policy = t.policy as { current: Record<string, unknown>; history?: unknown[] };
  const oldId = currentStepId(t);
  const n = Number(/_(\d+)$/.exec(oldId)?.[1] ?? '1') + 1;
  const newId = oldId.replace(/_\d+$/, `_${n}`);
  approval.reassigned = { userId: who.userId, reassignedAt: protoTimestamp(at), newPolicyStepId: newId };
  approval.state = 'APPROVAL_INSTANCE_STATE_DONE';
  policy.current.state = 'POLICY_STEP_STATE_DONE';
  policy.history = [...(policy.history ?? []), structuredClone(policy.current)];
  policy.current = {
    id: newId,
    state: 'POLICY_STEP_STATE_ACTIVE',
    approval: {
      approval: { ...rule, users: { userIds: users } },
      assignedAt: protoTimestamp(at),
      state: 'APPROVAL_INSTANCE_STATE_WAITING',
    },
  };
  const old = stepApprovers(t);
  t.stepApproverIds = users;
  t.updatedAt = protoTimestamp(at);
  if (comment !== undefined) recordComment(s, t, who, comment, at);
  s.tasks.audit.record(t.id, String(t.numericId ?? ''), who, at, t.state, {
    // `users` are the previous step's approvers as User messages (the vendor's type), `newUsers` ids.
    approvalReassigned: {
      oldPolicyStepId: oldId,
      newPolicyStepId: newId,
      users: old.flatMap((u) => {
        const user = s.tasks.users.get(u);
        return user ? [structuredClone(user)] : [];
      }),
      newUsers: users,
    },
  });
  return answered(s, t);
}
