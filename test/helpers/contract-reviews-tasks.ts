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
 * The task operations access reviews in Slack use that the shared subset
 * (vendor-openapi-subset.json) does not carry: a certify task's search and get, its actions, its
 * audit trail. Written by hand, field by field, from the vendor's published OpenAPI description
 * (ConductorOne/terraform-provider-conductorone `openapi.yaml` at the subset's commit) by operation
 * id: c1.api.task.v1.TaskSearchService.Search, c1.api.task.v1.TaskService.Get,
 * c1.api.task.v1.TaskActionsService.{Approve, Deny, Reassign, ApproveWithStepUp},
 * c1.api.task.v1.TaskAudit.List. The rest of the reviews' operations (step-up, the campaign and
 * its reports, personal clients, introspection) are in contract-reviews-schemas.ts, which adds
 * these; the rules (closed messages, the vendor's names and formats) are written there.
 */

const T = 'c1.api.task.v1';

const TASK_STATE = openEnum(['TASK_STATE_UNSPECIFIED', 'TASK_STATE_OPEN', 'TASK_STATE_CLOSED']);
const CERTIFY_OUTCOME = openEnum([
  'CERTIFY_OUTCOME_UNSPECIFIED',
  'CERTIFY_OUTCOME_CERTIFIED',
  'CERTIFY_OUTCOME_DECERTIFIED',
  'CERTIFY_OUTCOME_ERROR',
  'CERTIFY_OUTCOME_CANCELLED',
  'CERTIFY_OUTCOME_WAIT_TIMED_OUT',
]);

/** A task action's answer: the task after it, its names, the action's id. */
const taskActionAnswer = (extra: Record<string, Node> = {}): Node =>
  closed({ taskView: nullable(`${T}.TaskView`), expanded, ticketActionId: string, ...extra });

export const TASK_SCHEMAS: Record<string, Node> = {
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
};

export const TASK_PATHS: Record<string, Record<string, Operation>> = {
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
};
