import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The operations access reviews in Slack use (README "Access reviews in Slack"), cut from the
 * vendor's OpenAPI description at the commit vendor-openapi-subset.json names, as that file was
 * cut: `test/fixtures/spec/vendor-openapi-reviews.json`. The contract reads both; where a schema is
 * in both, the shared subset's wins. Their oneof groups (from the vendor's own field notes) follow.
 */

export const REVIEWS_SPEC = fileURLToPath(
  new URL('../fixtures/spec/vendor-openapi-reviews.json', import.meta.url),
);

interface SpecPart {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, unknown> };
}

/** The reviews part of the vendor's description, or nothing when the file is absent. */
export function reviewsSpec(): SpecPart | undefined {
  return existsSync(REVIEWS_SPEC) ? (JSON.parse(readFileSync(REVIEWS_SPEC, 'utf8')) as SpecPart) : undefined;
}

const AUDIT_TYP = [
  'comment',
  'stateChange',
  'approvalInstanceChange',
  'connectorActionsStart',
  'connectorActionsEnd',
  'actionResult',
  'taskCreated',
  'certifyOutcome',
  'actionSubmitted',
  'grantOutcome',
  'revokeOutcome',
  'approvalReassigned',
  'taskRestarted',
  'accessRequestOutcome',
  'provisionReassigned',
  'provisionError',
  'approvedAutomatically',
  'reassignedToDelegate',
  'hardReset',
  'taskEscalated',
  'conditionalPolicyExecutionResult',
  'expressionPolicyStepError',
  'approvalAutoAcceptedByPolicy',
  'approvalAutoRejectedByPolicy',
  'bulkActionError',
  'webhookTriggered',
  'webhookAttempt',
  'webhookSuccess',
  'policyEvaluationStep',
  'waitStepSuccess',
  'waitStepWaiting',
  'waitStepTimedOut',
  'webhookApprovalTriggered',
  'webhookApprovalAttempt',
  'webhookApprovalSuccess',
  'webhookApprovalBadResponse',
  'externalTicketTriggered',
  'externalTicketCreated',
  'externalTicketError',
  'waitStepAnalysisSuccess',
  'waitStepAnalysisWaiting',
  'waitStepAnalysisTimedOut',
  'stepUpApproval',
  'externalTicketProvisionStepResolved',
  'stepSkipped',
  'reassignmentListError',
  'slaEscalation',
  'policyChanged',
  'formInstanceChange',
  'grantDurationUpdated',
  'waitStepUntilTime',
  'webhookApprovalFatalError',
  'accountLifecycleActionCreated',
  'accountLifecycleActionFailed',
  'provisionCancelled',
  'actionInstanceCreated',
  'actionInstanceSucceeded',
  'actionInstanceFailed',
  'createdReplacementExtensionGrantTask',
  'taskCreatedFrom',
  'reassignmentFallbackToAdmin',
  'requestDefaultsApplied',
  'provisionWaitingForEntitlementMerge',
  'provisionEntitlementMergeCompleted',
  'provisionEntitlementMergeTimedOut',
  'accountDeleted',
  'automationTriggered',
];

export const REVIEW_ONEOFS: Record<string, Record<string, readonly string[]>> = {
  'c1.api.task.v1.TaskType': {
    task_type: ['grant', 'revoke', 'certify', 'offboarding', 'action', 'finding'],
  },
  'c1.api.task.v1.TaskAuditView': { typ: AUDIT_TYP },
  'c1.api.policy.v1.PolicyStepInstance': {
    instance: ['approval', 'provision', 'accept', 'reject', 'wait', 'form', 'action'],
  },
  'c1.api.policy.v1.ApprovalInstance': {
    outcome: ['approved', 'denied', 'reassigned', 'restarted', 'reassignedByError', 'skipped'],
  },
  'c1.api.policy.v1.Approval': {
    typ: [
      'users',
      'manager',
      'appOwners',
      'group',
      'self',
      'entitlementOwners',
      'expression',
      'webhook',
      'resourceOwners',
      'agent',
    ],
  },
  'c1.api.stepup.v1.StepUpTransaction': { target: ['approveTask', 'test'] },
  'c1.api.accessreview.v1.AccessReview': { setup_metadata: ['singleApp', 'multiApp', 'bindings'] },
};
