import { protoTimestamp } from './audit.js';
import { SEED_IDS } from './seed-ids.js';

/**
 * Access reviews of the sandbox tenant, made at the tenant's start from its clock (a campaign's
 * due date is days ahead of now): campaigns (`c1.api.accessreview.v1.AccessReview`), the apps and
 * entitlements they review, and their certify tasks (`c1.api.task.v1.Task` with `type.certify`),
 * each assigned to one reviewer through its current policy step (an approval step of users).
 *
 * | campaign | owner    | tasks                                                                 |
 * |----------|----------|-----------------------------------------------------------------------|
 * | AR_Q4    | Carol    | Alice: 3 on GitHub, 2 on Okta (one asks for step-up), 1 closed; Bob: 1 on AWS |
 * | AR_SOX   | Carol    | Alice: 1 on AWS (due later)                                           |
 */

export type JsonTask = Record<string, unknown> & { id: string; state: string };
export type JsonAccessReview = Record<string, unknown> & { id: string; displayName: string };

const DAY = 86_400_000;

export const SEED_APPS: Record<string, string> = {
  [SEED_IDS.apps.github]: 'GitHub',
  [SEED_IDS.apps.okta]: 'Okta',
  [SEED_IDS.apps.aws]: 'AWS production',
};

/** Entitlement id -> [app id, display name]. */
export const SEED_ENTITLEMENTS: Record<string, [string, string]> = {
  [SEED_IDS.entitlements.ghOwner]: [SEED_IDS.apps.github, 'Organization owner'],
  [SEED_IDS.entitlements.ghMaintain]: [SEED_IDS.apps.github, 'Maintainer'],
  [SEED_IDS.entitlements.oktaSuper]: [SEED_IDS.apps.okta, 'Super administrator'],
  [SEED_IDS.entitlements.awsAdmin]: [SEED_IDS.apps.aws, 'AdministratorAccess'],
};

export function accessReview(
  id: string,
  displayName: string,
  now: number,
  opts: { dueInMs: number; owner?: string; state?: string },
): JsonAccessReview {
  return {
    id,
    displayName,
    description: `${displayName}: certify or revoke each grant.`,
    state: opts.state ?? 'ACCESS_REVIEW_STATE_OPEN',
    createdById: opts.owner ?? SEED_IDS.users.carol,
    createdAt: protoTimestamp(now - 2 * DAY),
    startedAt: protoTimestamp(now - DAY),
    completionDate: protoTimestamp(now + opts.dueInMs),
    updatedAt: protoTimestamp(now - DAY),
    scopeType: 'ACCESS_REVIEW_SCOPE_TYPE_BY_ENTITLEMENTS',
    defaultView: 'ACCESS_REVIEW_VIEW_TYPE_BY_APP',
  };
}

export interface CertifySeed {
  id: string;
  numericId: number;
  campaignId: string;
  entitlementId: string;
  /** Whose access is reviewed. */
  subject: string;
  reviewer: string;
  /** The step asks for step-up authentication at the tenant's provider. */
  stepUp?: boolean;
  closed?: 'CERTIFY_OUTCOME_CERTIFIED' | 'CERTIFY_OUTCOME_DECERTIFIED';
}

/** A certify task as the tenant writes it (proto3 JSON: zero values left out). */
export function certifyTask(s: CertifySeed, now: number, entitlements = SEED_ENTITLEMENTS): JsonTask {
  const [appId = 'APP_UNKNOWN', entName = s.entitlementId] = entitlements[s.entitlementId] ?? [];
  const created = protoTimestamp(now - DAY);
  const stepId = `PS_${s.id}_1`;
  const approval: Record<string, unknown> = {
    users: { userIds: [s.reviewer] },
    allowReassignment: true,
    requireDenialReason: true,
    ...(s.stepUp ? { requiresStepUpProviderId: 'SUP_OKTA_VERIFY' } : {}),
  };
  const decided = s.closed
    ? {
        [s.closed === 'CERTIFY_OUTCOME_CERTIFIED' ? 'approved' : 'denied']: {
          userId: s.reviewer,
          [s.closed === 'CERTIFY_OUTCOME_CERTIFIED' ? 'approvedAt' : 'deniedAt']: created,
        },
      }
    : {};
  return {
    id: s.id,
    numericId: String(s.numericId),
    displayName: `Certify ${entName} on ${SEED_APPS[appId] ?? appId}`,
    description: `Access review ${s.campaignId}: does this person still need ${entName}?`,
    state: s.closed ? 'TASK_STATE_CLOSED' : 'TASK_STATE_OPEN',
    origin: 'TASK_ORIGIN_ACCESS_REVIEW',
    userId: s.subject,
    createdAt: created,
    updatedAt: created,
    processing: s.closed ? 'TASK_PROCESSING_TYPE_DONE' : 'TASK_PROCESSING_TYPE_WAITING',
    stepApproverIds: s.closed ? [] : [s.reviewer],
    ...(s.closed ? { approverIds: [s.reviewer] } : {}),
    type: {
      certify: {
        accessReviewId: s.campaignId,
        appId,
        appEntitlementId: s.entitlementId,
        appUserId: `AU_${appId}_${s.subject}`,
        identityUserId: s.subject,
        ...(s.closed ? { outcome: s.closed, outcomeTime: created } : {}),
      },
    },
    policy: {
      current: {
        id: stepId,
        state: s.closed ? 'POLICY_STEP_STATE_DONE' : 'POLICY_STEP_STATE_ACTIVE',
        approval: {
          approval,
          assignedAt: created,
          state: s.closed ? 'APPROVAL_INSTANCE_STATE_DONE' : 'APPROVAL_INSTANCE_STATE_WAITING',
          ...decided,
        },
      },
    },
  };
}

export const SEED_TASKS: CertifySeed[] = [
  {
    id: 'TK_Q4_01',
    numericId: 101,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.ghOwner,
    subject: SEED_IDS.users.dave,
    reviewer: SEED_IDS.users.alice,
  },
  {
    id: 'TK_Q4_02',
    numericId: 102,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.ghMaintain,
    subject: SEED_IDS.users.bob,
    reviewer: SEED_IDS.users.alice,
  },
  {
    id: 'TK_Q4_03',
    numericId: 103,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.ghMaintain,
    subject: SEED_IDS.users.hanna,
    reviewer: SEED_IDS.users.alice,
  },
  {
    id: 'TK_Q4_04',
    numericId: 104,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.oktaSuper,
    subject: SEED_IDS.users.dave,
    reviewer: SEED_IDS.users.alice,
  },
  {
    id: 'TK_Q4_05',
    numericId: 105,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.oktaSuper,
    subject: SEED_IDS.users.frank,
    reviewer: SEED_IDS.users.alice,
    stepUp: true,
  },
  {
    id: 'TK_Q4_06',
    numericId: 106,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.awsAdmin,
    subject: SEED_IDS.users.alice,
    reviewer: SEED_IDS.users.bob,
  },
  {
    id: 'TK_Q4_07',
    numericId: 107,
    campaignId: 'AR_Q4',
    entitlementId: SEED_IDS.entitlements.ghOwner,
    subject: SEED_IDS.users.carol,
    reviewer: SEED_IDS.users.alice,
    closed: 'CERTIFY_OUTCOME_CERTIFIED',
  },
  {
    id: 'TK_SOX_01',
    numericId: 201,
    campaignId: 'AR_SOX',
    entitlementId: SEED_IDS.entitlements.awsAdmin,
    subject: SEED_IDS.users.carol,
    reviewer: SEED_IDS.users.alice,
  },
];

export function seedAccessReviews(now: number): JsonAccessReview[] {
  return [
    accessReview('AR_Q4', 'Q4 privileged access review', now, { dueInMs: 5 * DAY }),
    accessReview('AR_SOX', 'SOX quarterly review', now, { dueInMs: 20 * DAY }),
  ];
}
