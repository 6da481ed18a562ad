import { z } from 'zod';
import { FindingSchema } from './finding.js';
import { openEnum, str } from './wire-types.js';

/**
 * POST /api/v1/findings/{id}/task (the vendor's CreateFindingTaskResponse): the remediation task
 * the tenant created, and the finding (which may be null: read it back).
 */
export const CreateFindingTaskResponseSchema = z.looseObject({
  taskId: z.string().min(1),
  finding: FindingSchema.nullish(),
});

/** POST /api/v1/tasks/{task_id}/action/comment (TaskActionsServiceCommentResponse): the task as it is now. */
export const TaskCommentResponseSchema = z.looseObject({ taskView: z.looseObject({}).nullish() });

/** Task.state (open or closed), and the outcomes of the two kinds of task containment starts. */
export const TASK_STATES = ['TASK_STATE_UNSPECIFIED', 'TASK_STATE_OPEN', 'TASK_STATE_CLOSED'] as const;
export const REVOKE_OUTCOMES = [
  'REVOKE_OUTCOME_UNSPECIFIED',
  'REVOKE_OUTCOME_REVOKED',
  'REVOKE_OUTCOME_DENIED',
  'REVOKE_OUTCOME_ERROR',
  'REVOKE_OUTCOME_CANCELLED',
  'REVOKE_OUTCOME_WAIT_TIMED_OUT',
] as const;
export const OFFBOARDING_OUTCOMES = [
  'OFFBOARDING_OUTCOME_UNSPECIFIED',
  'OFFBOARDING_OUTCOME_IN_PROGRESS',
  'OFFBOARDING_OUTCOME_DONE',
  'OFFBOARDING_OUTCOME_ERROR',
  'OFFBOARDING_OUTCOME_CANCELLED',
] as const;

/**
 * A policy step as a task's `policy.current` holds it (PolicyStepInstance): which kind of step is
 * active (a oneof: approval, provision, wait, …), each kept as the tenant sent it.
 */
const PolicyStepSchema = z.looseObject({
  approval: z.looseObject({}).nullish(),
  provision: z.looseObject({}).nullish(),
  wait: z.looseObject({}).nullish(),
  form: z.looseObject({}).nullish(),
  accept: z.looseObject({}).nullish(),
  reject: z.looseObject({}).nullish(),
  action: z.looseObject({}).nullish(),
});

/**
 * The vendor's c1.api.task.v1.Task, as much as containment reads of it: its id and number, its
 * state, its kind (revoke or offboarding, with their outcome) and the policy step it is on. The
 * description (where Warden puts its reference) is in the vendor's Task though not in the subset.
 */
export const TaskSchema = z.looseObject({
  id: z.string().min(1),
  numericId: z.union([z.string(), z.number()]).nullish(),
  displayName: str,
  description: str,
  state: openEnum(TASK_STATES).nullish(),
  processing: str,
  type: z
    .looseObject({
      revoke: z
        .looseObject({
          appId: str,
          appEntitlementId: str,
          appUserId: str,
          identityUserId: str,
          outcome: openEnum(REVOKE_OUTCOMES).nullish(),
          outcomeTime: str,
        })
        .nullish(),
      offboarding: z
        .looseObject({
          subjectUserId: str,
          outcome: openEnum(OFFBOARDING_OUTCOMES).nullish(),
          outcomeTime: str,
        })
        .nullish(),
    })
    .nullish(),
  policy: z.looseObject({ current: PolicyStepSchema.nullish() }).nullish(),
  createdAt: str,
  updatedAt: str,
});
export type Task = z.output<typeof TaskSchema>;

/** A TaskView: the task (null allowed by the schema) and JSONPaths into `expanded`. */
export const TaskViewSchema = z.looseObject({ task: TaskSchema.nullish() });

/** TaskServiceCreateRevokeResponse, …CreateOffboardingResponse, TaskServiceGetResponse: `{taskView, expanded}`. */
export const TaskAnswerSchema = z.looseObject({ taskView: TaskViewSchema.nullish() });
