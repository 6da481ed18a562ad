import { EXTRA_ONEOFS } from './contract-extra.js';
import { REVIEW_ONEOFS } from './contract-reviews.js';

/**
 * The oneof groups of the messages Warden reads and writes (tenant-api.md: "one member at most
 * per group"; the OpenAPI file cannot say it). Keyed by schema name.
 */
export const ONEOFS: Record<string, Record<string, readonly string[]>> = {
  'c1.api.finding.v1.Finding': {
    finding_type: [
      'similarUsernameMatch',
      'serviceAccountMisclassification',
      'nhiUnowned',
      'serviceAccountUnowned',
      'decoyCredentialUsed',
      'custom',
      'connectorAnomalyDetectionDisabled',
      'deactivatedOwner',
      'unusedSecret',
      'credentialPubliclyExposed',
      'decoyPubliclyExposed',
      'credentialExpiring',
      'connectorSyncFailing',
      'shadowMcp',
    ],
    target: [
      'identityUserTarget',
      'appUserTarget',
      'decoyTarget',
      'appResourceTarget',
      'tenantTarget',
      'connectorTarget',
    ],
    evidence: [
      'similarUsernameMatchEvidence',
      'serviceAccountMisclassificationEvidence',
      'deactivatedOwnerEvidence',
      'unusedSecretEvidence',
      'credentialPubliclyExposedEvidence',
      'decoyPubliclyExposedEvidence',
      'credentialExpiringEvidence',
      'connectorSyncFailingEvidence',
      'shadowMcpEvidence',
    ],
  },
  'c1.api.finding.v1.FindingOwnerRef': {
    owner: ['appOwnerAppId', 'identityUserId', 'managerOfUserId', 'userSetId'],
  },
  'c1.api.finding.v1.CredentialPubliclyExposedType': {
    credential: ['connectorClientId', 'connectorManagedCredentialId', 'functionClientId', 'userClientId'],
  },
  'c1.api.finding.v1.UpdateFindingStateRequestInput': {
    action: ['snooze', 'suppress', 'acceptRisk', 'unsuppress', 'resolve', 'reopen'],
  },
  'c1.api.accessreview.v1.AccessReviewScopeV2': {
    apps_and_resources_scope: [
      'appAccess',
      'specificResources',
      'appSelectionCriteria',
      'resourceTypeSelections',
    ],
    users_scope: ['allUsers', 'selectedUsers', 'userCriteria', 'celExpression'],
    accounts_scope: ['allAccounts', 'accountCriteria', 'accountCelExpression'],
    grants_scope: ['allGrants', 'grantsByCriteria'],
    access_conflicts_scope: ['allAccessConflicts', 'specificAccessConflicts'],
    resource_scope: ['resourceSelection'],
    excluded_apps_and_resources_scope: ['excludedSpecificResources', 'excludedResourceTypeSelections'],
  },
  'c1.api.accessreview.v1.GrantsByCriteriaScope': {
    criteria_filter: ['daysSinceAdded', 'daysSinceReviewed', 'grantsAddedBetween'],
  },
  ...REVIEW_ONEOFS,
  ...EXTRA_ONEOFS,
};
