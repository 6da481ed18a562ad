import { z } from 'zod';
import { ExpandedItemSchema } from './finding.js';
import { bool, num, openEnum, str, strArr, ts } from './wire-types.js';

/**
 * Access reviews decided in Slack (the vendor's c1.api.task.v1 and c1.api.accessreview.v1 shapes,
 * as test/helpers/contract-reviews-tasks.ts writes them): certify tasks and the answers of their search
 * and actions, a campaign, its reports. Only the fields Warden reads are named; every one may be
 * absent (proto3 zero values) and every enum is open.
 */

export const TASK_STATES = ['TASK_STATE_UNSPECIFIED', 'TASK_STATE_OPEN', 'TASK_STATE_CLOSED'] as const;
export const CERTIFY_OUTCOMES = [
  'CERTIFY_OUTCOME_UNSPECIFIED',
  'CERTIFY_OUTCOME_CERTIFIED',
  'CERTIFY_OUTCOME_DECERTIFIED',
  'CERTIFY_OUTCOME_ERROR',
  'CERTIFY_OUTCOME_CANCELLED',
  'CERTIFY_OUTCOME_WAIT_TIMED_OUT',
] as const;
export const ACCESS_REVIEW_STATES = [
  'ACCESS_REVIEW_STATE_UNSPECIFIED',
  'ACCESS_REVIEW_STATE_OPEN',
  'ACCESS_REVIEW_STATE_CLOSED',
  'ACCESS_REVIEW_STATE_PENDING',
  'ACCESS_REVIEW_STATE_REVIEW',
] as const;

const CertifySchema = z.looseObject({
  accessReviewId: str,
  appId: str,
  appEntitlementId: str,
  appUserId: str,
  identityUserId: str,
  outcome: openEnum(CERTIFY_OUTCOMES).nullish(),
  outcomeTime: ts,
});

/** The current policy step: its id (every action names it) and its approval (who, what it asks). */
const StepSchema = z.looseObject({
  id: str,
  approval: z
    .looseObject({
      approval: z
        .looseObject({
          users: z.looseObject({ userIds: strArr }).nullish(),
          allowReassignment: bool,
          requireDenialReason: bool,
          requireApprovalReason: bool,
          requiresStepUpProviderId: str,
        })
        .nullish(),
      assignedAt: ts,
      approved: z.looseObject({ userId: str }).nullish(),
      denied: z.looseObject({ userId: str }).nullish(),
    })
    .nullish(),
});

export const TaskSchema = z.looseObject({
  id: z.string().min(1),
  numericId: num,
  displayName: str,
  state: openEnum(TASK_STATES).nullish(),
  stepApproverIds: strArr,
  createdAt: ts,
  type: z.looseObject({ certify: CertifySchema.nullish() }).nullish(),
  policy: z.looseObject({ current: StepSchema.nullish() }).nullish(),
});
export type WireTask = z.output<typeof TaskSchema>;

export const TaskViewSchema = z.looseObject({
  task: TaskSchema.nullish(),
  accessReviewPath: str,
  appPath: str,
  entitlementsPath: str,
  identityUserPath: str,
});
export type WireTaskView = z.output<typeof TaskViewSchema>;

/** A page of `POST /api/v1/search/tasks` (the pager reads `list` item by item; `expanded` is the page's). */
export const TaskSearchPageSchema = z.looseObject({
  list: z.array(z.unknown()).nullish(),
  nextPageToken: str,
  expanded: z.array(ExpandedItemSchema).nullish(),
});

/** GET /api/v1/tasks/{id} and the actions' answers: the task as it now is. */
export const TaskAnswerSchema = z.looseObject({
  taskView: TaskViewSchema.nullish(),
  expanded: z.array(ExpandedItemSchema).nullish(),
});

/** approve-with-step-up: the provider's sign-in to complete first, or the approved task. */
export const StepUpApproveAnswerSchema = TaskAnswerSchema.extend({ redirectUrl: str });

export const StepUpTransactionSchema = z.looseObject({
  id: z.string().min(1),
  userId: str,
  state: openEnum([
    'STEP_UP_TRANSACTION_STATE_UNSPECIFIED',
    'STEP_UP_TRANSACTION_STATE_PENDING',
    'STEP_UP_TRANSACTION_STATE_VERIFIED',
    'STEP_UP_TRANSACTION_STATE_ERROR',
  ] as const).nullish(),
  approveTask: z.looseObject({ taskId: str, policyStepId: str }).nullish(),
  expiresAt: ts,
});

export const AccessReviewSchema = z.looseObject({
  id: z.string().min(1),
  displayName: str,
  state: openEnum(ACCESS_REVIEW_STATES).nullish(),
  completionDate: ts,
  createdById: str,
  closedAt: ts,
});
export type WireAccessReview = z.output<typeof AccessReviewSchema>;

export const AccessReviewAnswerSchema = z.looseObject({
  accessReview: z.looseObject({ accessReview: AccessReviewSchema.nullish() }).nullish(),
});

export const ReportSchema = z.looseObject({
  id: str,
  format: str,
  state: openEnum([
    'REPORT_STATE_UNSPECIFIED',
    'REPORT_STATE_PENDING',
    'REPORT_STATE_OK',
    'REPORT_STATE_ERROR',
  ] as const).nullish(),
  downloadUrl: str,
  createdAt: ts,
});
export const ReportListSchema = z.looseObject({ list: z.array(ReportSchema).nullish(), nextPageToken: str });

/** The task audit trail: who acted (`userId`) and what happened (one member of its oneof). */
export const TaskAuditViewSchema = z.looseObject({
  id: str,
  userId: str,
  created: ts,
  comment: z.looseObject({ comment: str }).nullish(),
  certifyOutcome: z.looseObject({ outcome: str }).nullish(),
  approvalReassigned: z.looseObject({ newUsers: strArr }).nullish(),
});

/** RFC 8628 §3.2 (the vendor's SDK reads `verification_uri_complete`; the plain URI and code are shown too). */
export const DeviceAuthorizationSchema = z.looseObject({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: str,
  verification_uri_complete: str,
  expires_in: z.number().int().positive(),
  interval: z.number().int().positive().nullish(),
});
export type DeviceAuthorization = z.output<typeof DeviceAuthorizationSchema>;

/** GET /api/v1/auth/introspect: who a token acts as. */
export const IntrospectSchema = z.looseObject({ userId: str, principleId: str });

/** POST /api/v1/iam/personal_clients: the client and its secret (shown once). */
export const PersonalClientCreatedSchema = z.looseObject({
  client: z.looseObject({ id: z.string().min(1), clientId: z.string().min(1), userId: str }),
  clientSecret: z.string().min(1),
});

export const EmptyAnswerSchema = z.looseObject({});
