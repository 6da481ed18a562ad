import { TASK_PATHS, TASK_SCHEMAS } from './contract-reviews-tasks.js';
import {
  closed,
  expanded,
  int32,
  list,
  type Node,
  nullable,
  type Operation,
  op,
  openEnum,
  ref,
  string,
  strings,
  time,
} from './contract-schema-kit.js';

/**
 * The vendor operations access reviews in Slack use that the shared subset
 * (vendor-openapi-subset.json) does not carry, written here by hand, field by field: only the
 * operations Warden calls and the fields Warden sends or the simulated tenant answers. Names,
 * types, formats (int64 as a string, open enums, oneof members) are the vendor's, learnt from its
 * published OpenAPI description (ConductorOne/terraform-provider-conductorone `openapi.yaml` at the
 * subset's commit) by operation id:
 * c1.api.task.v1.TaskSearchService.Search, c1.api.task.v1.TaskService.Get,
 * c1.api.task.v1.TaskActionsService.{Approve, Deny, Reassign, ApproveWithStepUp},
 * c1.api.task.v1.TaskAudit.List (those task operations in contract-reviews-tasks.ts),
 * c1.api.stepup.v1.StepUpTransactionService.Search,
 * c1.api.accessreview.v1.AccessReviewService.Get,
 * c1.api.accessreview.v1.AccessReviewActionsService.GenerateReport,
 * c1.api.accessreview.v1.AccessReviewReportService.List,
 * c1.api.iam.v1.PersonalClientService.{Create, Delete}, c1.api.auth.v1.Auth.Introspect.
 * (TaskActionsService.Comment and UserService.Get are in the subset.) The messages these answers
 * embed (TaskView, Task, policy steps, User) are the subset's, referenced as they are.
 *
 * Every message here is *closed*: a field the vendor's message does not have, or one Warden's
 * reviews never send nor the tenant answer, fails, so this is stricter than the vendor's own open
 * schemas. A field that starts being used is added here, from the vendor's description.
 */

const AR = 'c1.api.accessreview.v1';
const SU = 'c1.api.stepup.v1';
const IAM = 'c1.api.iam.v1';

const STEP_UP_STATE = openEnum([
  'STEP_UP_TRANSACTION_STATE_UNSPECIFIED',
  'STEP_UP_TRANSACTION_STATE_PENDING',
  'STEP_UP_TRANSACTION_STATE_VERIFIED',
  'STEP_UP_TRANSACTION_STATE_ERROR',
]);
const REPORT_FORMAT = openEnum([
  'ACCESS_REVIEW_REPORT_FORMAT_UNSPECIFIED',
  'ACCESS_REVIEW_REPORT_FORMAT_XLSX',
  'ACCESS_REVIEW_REPORT_FORMAT_JSON',
  'ACCESS_REVIEW_REPORT_FORMAT_CSV',
]);

export const REVIEW_SCHEMAS: Record<string, Node> = {
  // Tasks: search, get, actions, audit trail (contract-reviews-tasks.ts)
  ...TASK_SCHEMAS,
  // Step-up transactions
  [`${SU}.SearchStepUpTransactionsRequest`]: closed({
    taskId: string,
    userId: string,
    state: STEP_UP_STATE,
    pageSize: int32,
    pageToken: string,
  }),
  [`${SU}.SearchStepUpTransactionsResponse`]: closed({
    list: list(ref(`${SU}.StepUpTransaction`)),
    nextPageToken: string,
  }),
  [`${SU}.StepUpTransaction`]: closed({
    id: string,
    providerId: string,
    userId: string,
    state: STEP_UP_STATE,
    approveTask: nullable(`${SU}.StepUpTransaction.TargetTask`),
    test: nullable(`${SU}.StepUpTransaction.TargetTest`),
    createdAt: time,
    updatedAt: time,
    expiresAt: time,
  }),
  [`${SU}.StepUpTransaction.TargetTask`]: closed({ taskId: string, policyStepId: string }),
  [`${SU}.StepUpTransaction.TargetTest`]: closed({}),
  // The campaign and its reports
  [`${AR}.AccessReviewServiceGetResponse`]: closed({
    accessReview: nullable(`${AR}.AccessReviewView`),
    expanded,
  }),
  [`${AR}.AccessReviewView`]: closed({ accessReview: nullable(`${AR}.AccessReview`) }),
  [`${AR}.AccessReview`]: closed({
    id: string,
    displayName: string,
    description: string,
    state: openEnum([
      'ACCESS_REVIEW_STATE_UNSPECIFIED',
      'ACCESS_REVIEW_STATE_OPEN',
      'ACCESS_REVIEW_STATE_CLOSED',
      'ACCESS_REVIEW_STATE_PENDING',
      'ACCESS_REVIEW_STATE_REVIEW',
      'ACCESS_REVIEW_STATE_PREPARING',
      'ACCESS_REVIEW_STATE_STARTING',
      'ACCESS_REVIEW_STATE_DRAFT',
      'ACCESS_REVIEW_STATE_DELETING',
      'ACCESS_REVIEW_STATE_DELETED',
      'ACCESS_REVIEW_STATE_RESETTING_POLICIES',
      'ACCESS_REVIEW_STATE_COPYING_SETUP_ENTITLEMENTS',
      'ACCESS_REVIEW_STATE_COPYING_RESOURCE_TYPE_SELECTIONS',
    ]),
    createdById: string,
    createdAt: time,
    startedAt: time,
    completionDate: time,
    closedAt: time,
    updatedAt: time,
    scopeType: openEnum([
      'ACCESS_REVIEW_SCOPE_TYPE_UNSPECIFIED',
      'ACCESS_REVIEW_SCOPE_TYPE_BY_ENTITLEMENTS',
      'ACCESS_REVIEW_SCOPE_TYPE_BY_ACCESS_CONFLICTS',
      'ACCESS_REVIEW_SCOPE_TYPE_BY_RESOURCE',
      'ACCESS_REVIEW_SCOPE_TYPE_BY_INHERITANCE',
      'ACCESS_REVIEW_SCOPE_TYPE_BY_USERS',
    ]),
    defaultView: openEnum([
      'ACCESS_REVIEW_VIEW_TYPE_UNSPECIFIED',
      'ACCESS_REVIEW_VIEW_TYPE_BY_APP',
      'ACCESS_REVIEW_VIEW_TYPE_BY_USER',
      'ACCESS_REVIEW_VIEW_TYPE_UNSTRUCTURED',
      'ACCESS_REVIEW_VIEW_TYPE_BY_RESOURCE',
    ]),
  }),
  [`${AR}.AccessReviewActionsServiceGenerateReportRequestInput`]: closed({ format: REPORT_FORMAT }),
  [`${AR}.AccessReviewActionsServiceGenerateReportResponse`]: closed({}),
  [`${AR}.AccessReviewReportServiceListResponse`]: closed({
    list: list(ref(`${AR}.AccessReviewReport`)),
    nextPageToken: string,
  }),
  [`${AR}.AccessReviewReport`]: closed({
    id: string,
    accessReviewId: string,
    format: REPORT_FORMAT,
    state: openEnum([
      'REPORT_STATE_UNSPECIFIED',
      'REPORT_STATE_PENDING',
      'REPORT_STATE_OK',
      'REPORT_STATE_ERROR',
    ]),
    createdAt: time,
    downloadUrl: string,
    hashes: { type: 'object', additionalProperties: { type: 'string' } },
  }),
  // A person's own client and who a token is
  [`${IAM}.PersonalClientServiceCreateRequest`]: closed({ displayName: string }),
  [`${IAM}.PersonalClientServiceCreateResponse`]: closed({
    client: nullable(`${IAM}.PersonalClient`),
    clientSecret: string,
  }),
  [`${IAM}.PersonalClient`]: closed({
    id: string,
    clientId: string,
    displayName: string,
    userId: string,
    createdAt: time,
    updatedAt: time,
    deletedAt: time,
  }),
  [`${IAM}.PersonalClientServiceDeleteRequestInput`]: closed({}),
  [`${IAM}.PersonalClientServiceDeleteResponse`]: closed({}),
  'c1.api.auth.v1.IntrospectResponse': closed({
    principleId: string,
    userId: string,
    tenantId: string,
    roles: strings,
    permissions: strings,
  }),
};

export const REVIEW_PATHS: Record<string, Record<string, Operation>> = {
  // Tasks (contract-reviews-tasks.ts)
  ...TASK_PATHS,
  '/api/v1/search/step-up/transactions': {
    post: op(
      `${SU}.StepUpTransactionService.Search`,
      `${SU}.SearchStepUpTransactionsRequest`,
      `${SU}.SearchStepUpTransactionsResponse`,
    ),
  },
  '/api/v1/access_review/{id}': {
    get: op(`${AR}.AccessReviewService.Get`, undefined, `${AR}.AccessReviewServiceGetResponse`),
  },
  '/api/v1/access_review/{access_review_id}/report': {
    get: op(`${AR}.AccessReviewReportService.List`, undefined, `${AR}.AccessReviewReportServiceListResponse`),
    post: op(
      `${AR}.AccessReviewActionsService.GenerateReport`,
      `${AR}.AccessReviewActionsServiceGenerateReportRequestInput`,
      `${AR}.AccessReviewActionsServiceGenerateReportResponse`,
    ),
  },
  '/api/v1/iam/personal_clients': {
    post: op(
      `${IAM}.PersonalClientService.Create`,
      `${IAM}.PersonalClientServiceCreateRequest`,
      `${IAM}.PersonalClientServiceCreateResponse`,
    ),
  },
  '/api/v1/iam/personal_clients/{id}': {
    delete: op(
      `${IAM}.PersonalClientService.Delete`,
      `${IAM}.PersonalClientServiceDeleteRequestInput`,
      `${IAM}.PersonalClientServiceDeleteResponse`,
    ),
  },
  '/api/v1/auth/introspect': {
    get: op('c1.api.auth.v1.Auth.Introspect', undefined, 'c1.api.auth.v1.IntrospectResponse'),
  },
};
