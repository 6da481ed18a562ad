import { REVIEW_PATHS, REVIEW_SCHEMAS } from './contract-reviews-schemas.js';

/**
 * The operations access reviews in Slack use (README "Access reviews in Slack") that the shared
 * subset lacks, hand-written from the vendor's published description
 * (contract-reviews-schemas.ts). The contract adds them to the subset; where a schema is in both,
 * the shared subset's wins. Their oneof groups (from the vendor's own field notes) follow.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface SpecPart {
  paths: typeof REVIEW_PATHS;
  components: { schemas: Record<string, { [key: string]: Json }> };
}

/** The reviews part of the vendor's description. */
export function reviewsSpec(): SpecPart {
  return { paths: structuredClone(REVIEW_PATHS), components: { schemas: structuredClone(REVIEW_SCHEMAS) } };
}

/**
 * The members of TaskAuditView's `typ` oneof the tenant writes (its schema is closed: the vendor's
 * other members fail there already).
 */
const AUDIT_TYP = [
  'comment',
  'approvalInstanceChange',
  'certifyOutcome',
  'approvalReassigned',
  'stateChange',
  'stepUpApproval',
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
};
