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
 * c1.api.task.v1.TaskAudit.List, c1.api.stepup.v1.StepUpTransactionService.Search,
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

const T = 'c1.api.task.v1';
const AR = 'c1.api.accessreview.v1';
const SU = 'c1.api.stepup.v1';
const IAM = 'c1.api.iam.v1';

const TASK_STATE = openEnum(['TASK_STATE_UNSPECIFIED', 'TASK_STATE_OPEN', 'TASK_STATE_CLOSED']);
const CERTIFY_OUTCOME = openEnum([
  'CERTIFY_OUTCOME_UNSPECIFIED',
  'CERTIFY_OUTCOME_CERTIFIED',
  'CERTIFY_OUTCOME_DECERTIFIED',
  'CERTIFY_OUTCOME_ERROR',
  'CERTIFY_OUTCOME_CANCELLED',
  'CERTIFY_OUTCOME_WAIT_TIMED_OUT',
]);
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

/** A task action's answer: the task after it, its names, the action's id. */
const taskActionAnswer = (extra: Record<string, Node> = {}): Node =>
  closed({ taskView: nullable(`${T}.TaskView`), expanded, ticketActionId: string, ...extra });

export const REVIEW_SCHEMAS: Record<string, Node> = {
  // Tasks: search (also the fields containment's search sends, contract-extra.ts, so the two
  // helpers' definitions of this message agree) and get.
  [`${T}.TaskSearchRequest`]: closed({
    taskTypes: list(ref(`${T}.TaskType`)),
    taskStates: list(TASK_STATE),
    assigneesInIds: strings,
    accessReviewIds: strings,
    applicationIds: strings,
    refs: list(ref(`${T}.TaskRef`)),
    query: string,
    createdAfter: time,
    subjectIds: strings,
    appUserSubjectIds: strings,
    appEntitlementIds: strings,
    expandMask: nullable(`${T}.TaskExpandMask`),
    pageSize: int32,
    pageToken: string,
  }),
  [`${T}.TaskRef`]: closed({ id: string }),
  [`${T}.TaskSearchResponse`]: closed({
    list: list(ref(`${T}.TaskView`)),
    nextPageToken: string,
    expanded,
  }),
  [`${T}.TaskServiceGetResponse`]: closed({ taskView: nullable(`${T}.TaskView`), expanded }),
  // Task actions
  [`${T}.TaskActionsServiceApproveRequestInput`]: closed({ policyStepId: string, comment: string }, [
    'policyStepId',
  ]),
  [`${T}.TaskActionsServiceApproveResponse`]: taskActionAnswer(),
  [`${T}.TaskActionsServiceDenyRequestInput`]: closed({ policyStepId: string, comment: string }),
  [`${T}.TaskActionsServiceDenyResponse`]: taskActionAnswer(),
  [`${T}.TaskActionsServiceReassignRequestInput`]: closed({
    policyStepId: string,
    newStepUserIds: strings,
    comment: string,
  }),
  [`${T}.TaskActionsServiceReassignResponse`]: taskActionAnswer(),
  [`${T}.TaskActionsServiceApproveWithStepUpRequestInput`]: closed(
    { policyStepId: string, stepUpTransactionId: string, comment: string },
    ['policyStepId', 'stepUpTransactionId'],
  ),
  [`${T}.TaskActionsServiceApproveWithStepUpResponse`]: taskActionAnswer({ redirectUrl: string }),
  // A task's audit trail: the entry's own fields and the members of its `typ` oneof the tenant writes
  [`${T}.TaskAuditListRequest`]: closed({ taskId: string, pageSize: int32, pageToken: string }),
  [`${T}.TaskAuditListResponse`]: closed({ list: list(ref(`${T}.TaskAuditView`)), nextPageToken: string }),
  [`${T}.TaskAuditView`]: closed({
    id: string,
    ticketId: string,
    userId: string,
    created: time,
    currentState: TASK_STATE,
    eventType: openEnum([
      'TASK_AUDIT_EVENT_TYPE_UNSPECIFIED',
      'TASK_AUDIT_EVENT_TYPE_NEUTRAL',
      'TASK_AUDIT_EVENT_TYPE_ERROR',
    ]),
    source: openEnum([
      'SOURCE_UNSPECIFIED',
      'SOURCE_C1',
      'SOURCE_JIRA',
      'SOURCE_SLACK',
      'SOURCE_COPILOT_AGENTS',
    ]),
    comment: nullable(`${T}.TaskAuditComment`),
    approvalInstanceChange: nullable(`${T}.TaskAuditApprovalInstanceChange`),
    certifyOutcome: nullable(`${T}.TaskAuditCertifyOutcome`),
    stateChange: nullable(`${T}.TaskAuditStateChange`),
    approvalReassigned: nullable(`${T}.TaskAuditPolicyApprovalReassigned`),
    stepUpApproval: nullable(`${T}.TaskAuditStepUpApproval`),
  }),
  [`${T}.TaskAuditComment`]: closed({ comment: string, updatedBy: string, updatedAt: time }),
  [`${T}.TaskAuditApprovalInstanceChange`]: closed({
    instance: nullable('c1.api.policy.v1.ApprovalInstance'),
  }),
  [`${T}.TaskAuditCertifyOutcome`]: closed({ outcome: CERTIFY_OUTCOME }),
  [`${T}.TaskAuditStateChange`]: closed({ previousState: TASK_STATE }),
  [`${T}.TaskAuditPolicyApprovalReassigned`]: closed({
    oldPolicyStepId: string,
    newPolicyStepId: string,
    users: list(ref('c1.api.user.v1.User')),
    newUsers: strings,
  }),
  [`${T}.TaskAuditStepUpApproval`]: closed({ stepUpTransactionId: string }),
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
  '/api/v1/search/tasks': {
    post: op(`${T}.TaskSearchService.Search`, `${T}.TaskSearchRequest`, `${T}.TaskSearchResponse`),
  },
  '/api/v1/tasks/{id}': {
    get: op(`${T}.TaskService.Get`, undefined, `${T}.TaskServiceGetResponse`),
  },
  '/api/v1/tasks/{task_id}/action/approve': {
    post: op(
      `${T}.TaskActionsService.Approve`,
      `${T}.TaskActionsServiceApproveRequestInput`,
      `${T}.TaskActionsServiceApproveResponse`,
    ),
  },
  '/api/v1/tasks/{task_id}/action/deny': {
    post: op(
      `${T}.TaskActionsService.Deny`,
      `${T}.TaskActionsServiceDenyRequestInput`,
      `${T}.TaskActionsServiceDenyResponse`,
    ),
  },
  '/api/v1/tasks/{task_id}/action/reassign': {
    post: op(
      `${T}.TaskActionsService.Reassign`,
      `${T}.TaskActionsServiceReassignRequestInput`,
      `${T}.TaskActionsServiceReassignResponse`,
    ),
  },
  '/api/v1/tasks/{task_id}/action/approve-with-step-up': {
    post: op(
      `${T}.TaskActionsService.ApproveWithStepUp`,
      `${T}.TaskActionsServiceApproveWithStepUpRequestInput`,
      `${T}.TaskActionsServiceApproveWithStepUpResponse`,
    ),
  },
  '/api/v1/task/audits': {
    post: op(`${T}.TaskAudit.List`, `${T}.TaskAuditListRequest`, `${T}.TaskAuditListResponse`),
  },
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
