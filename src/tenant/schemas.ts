import { z } from 'zod';

/**
 * Schemas for every resource of spec/tenant-api.md. Rules the spec sets for clients:
 * - enums are open: a value we do not know is kept as the string it came as;
 * - nullable fields and arrays may come as `null` (the spec does not say which fields are
 *   required, so everything but a finding's `id` is optional);
 * - unknown extra fields are never fatal; findings and evidence keep them (looseObject) so a
 *   finding type newer than this code is still rendered, not dropped.
 * proto3 JSON writes 64-bit integers as strings, so numbers accept numeric strings too.
 */

/** An enum the client must accept unknown values of: typed with its known values, any string accepted. */
export type OpenEnum<T extends string> = T | (string & {});

function openEnum<const T extends readonly string[]>(_known: T) {
  return z.custom<OpenEnum<T[number]>>((v) => typeof v === 'string', { message: 'expected a string' });
}

const ts = z.string().nullish();
const str = z.string().nullish();
const bool = z.boolean().nullish();
const strArr = z.array(z.string()).nullish();
const num = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)
      .transform(Number),
  ])
  .nullish();
const anyObject = z.record(z.string(), z.unknown()).nullish();
const marker = z.looseObject({}).nullish();

// ---- finding enums (api-facts.md) -------------------------------------------------------

export const FINDING_STATES = [
  'FINDING_STATE_UNSPECIFIED',
  'FINDING_STATE_OPEN',
  'FINDING_STATE_IN_PROGRESS',
  'FINDING_STATE_RESOLVED',
  'FINDING_STATE_SNOOZED',
  'FINDING_STATE_RISK_ACCEPTED',
  'FINDING_STATE_SUPPRESSED',
] as const;
export type FindingState = OpenEnum<(typeof FINDING_STATES)[number]>;

export const FINDING_SEVERITIES = [
  'FINDING_SEVERITY_UNSPECIFIED',
  'FINDING_SEVERITY_INFO',
  'FINDING_SEVERITY_LOW',
  'FINDING_SEVERITY_MEDIUM',
  'FINDING_SEVERITY_HIGH',
  'FINDING_SEVERITY_CRITICAL',
] as const;
export type FindingSeverity = OpenEnum<(typeof FINDING_SEVERITIES)[number]>;

export const FINDING_SOURCE_KINDS = [
  'FINDING_SOURCE_KIND_UNSPECIFIED',
  'FINDING_SOURCE_KIND_DETECTOR',
  'FINDING_SOURCE_KIND_EXTERNAL',
] as const;

export const APP_USER_TYPES = [
  'APP_USER_TYPE_UNSPECIFIED',
  'APP_USER_TYPE_USER',
  'APP_USER_TYPE_SERVICE_ACCOUNT',
  'APP_USER_TYPE_SYSTEM_ACCOUNT',
] as const;

const state = openEnum(FINDING_STATES).nullish();
const severity = openEnum(FINDING_SEVERITIES).nullish();

// ---- finding parts ----------------------------------------------------------------------

export const OwnerRefSchema = z.looseObject({
  appOwnerAppId: str,
  identityUserId: str,
  managerOfUserId: str,
  userSetId: str,
});

export const ExposureEvidenceSchema = z.looseObject({
  credentialRevoked: bool,
  fingerprintPrefix: str,
  firstObservedAt: ts,
  firstScannerId: str,
  reportingScanners: strArr,
  revokedAt: ts,
  sourceKind: str,
  sourceUrl: str,
});

export const RiskFactorSchema = z.looseObject({
  description: str,
  name: str,
  severity,
  weight: num,
});

export const RiskScoreSchema = z.looseObject({
  originalScore: num,
  overrideScore: num,
  score: num,
  systemScore: num,
  overrideByUserId: str,
  riskFactors: z.array(RiskFactorSchema).nullish(),
});

export const FindingSchema = z.looseObject({
  id: z.string().min(1),
  appId: str,
  description: str,
  remediationDescription: str,
  fingerprint: str,
  dedupKeyParts: strArr,
  sourceDetectorId: str,
  sourceKind: openEnum(FINDING_SOURCE_KINDS).nullish(),
  severity,
  state,
  stateUpdatedById: str,
  taskId: str,
  assigneeIdentityUserId: str,
  assignedOwner: OwnerRefSchema.nullish(),
  computedOwner: OwnerRefSchema.nullish(),
  annotations: anyObject,
  // `custom` is both a plain object field and the finding_type member for custom findings.
  custom: anyObject,
  customTags: anyObject,
  customSubType: str,
  recurrenceCount: num,
  createdAt: ts,
  updatedAt: ts,
  firstObservedAt: ts,
  lastObservedAt: ts,
  lastAppearedAt: ts,
  resolvedAt: ts,
  snoozeReason: str,
  snoozeUntil: ts,
  suppressReason: str,
  riskAcceptanceExpiresAt: ts,
  riskAcceptanceJustification: str,
  objectPermissions: z.looseObject({ delete: bool, edit: bool, read: bool, extra: anyObject }).nullish(),
  riskScore: RiskScoreSchema.nullish(),

  // target (oneof)
  identityUserTarget: z.looseObject({ identityUserId: str }).nullish(),
  appUserTarget: z.looseObject({ appId: str, appUserId: str }).nullish(),
  decoyTarget: z.looseObject({ decoyId: str }).nullish(),
  appResourceTarget: z.looseObject({ appId: str, appResourceId: str, appResourceTypeId: str }).nullish(),
  tenantTarget: marker,
  connectorTarget: z.looseObject({ appId: str, connectorId: str }).nullish(),

  // finding_type (oneof)
  similarUsernameMatch: z.looseObject({ proposedIdentityUserId: str }).nullish(),
  serviceAccountMisclassification: z
    .looseObject({
      currentAccountType: openEnum(APP_USER_TYPES).nullish(),
      detectedAccountType: openEnum(APP_USER_TYPES).nullish(),
    })
    .nullish(),
  nhiUnowned: marker,
  serviceAccountUnowned: marker,
  decoyCredentialUsed: z.looseObject({ decoyId: str, kind: str }).nullish(),
  connectorAnomalyDetectionDisabled: marker,
  deactivatedOwner: z.looseObject({ source: str }).nullish(),
  unusedSecret: marker,
  credentialPubliclyExposed: z
    .looseObject({
      connectorClientId: str,
      connectorManagedCredentialId: str,
      credentialDisplayName: str,
      functionClientId: str,
      userClientId: str,
    })
    .nullish(),
  decoyPubliclyExposed: z.looseObject({ decoyDisplayName: str, decoyId: str }).nullish(),
  credentialExpiring: z.looseObject({ credentialDisplayName: str, userClientId: str }).nullish(),
  connectorSyncFailing: marker,
  shadowMcp: z.looseObject({ mcpIdentifier: str }).nullish(),

  // evidence (oneof)
  similarUsernameMatchEvidence: z
    .looseObject({ appUsername: str, identityUsername: str, similarityScore: num })
    .nullish(),
  serviceAccountMisclassificationEvidence: z.looseObject({ detectionReason: str }).nullish(),
  deactivatedOwnerEvidence: z
    .looseObject({
      deactivatedOwners: z.array(z.looseObject({ reason: str, userId: str })).nullish(),
    })
    .nullish(),
  unusedSecretEvidence: z.looseObject({ lastUsedAt: ts }).nullish(),
  credentialPubliclyExposedEvidence: ExposureEvidenceSchema.nullish(),
  decoyPubliclyExposedEvidence: ExposureEvidenceSchema.nullish(),
  credentialExpiringEvidence: z.looseObject({ expired: bool, expiresAt: ts }).nullish(),
  connectorSyncFailingEvidence: z
    .looseObject({
      consecutiveFailureCount: num,
      lastFailedAt: ts,
      lastSyncLifecycleId: str,
      streakStartedAt: ts,
    })
    .nullish(),
  shadowMcpEvidence: z.looseObject({ deviceCount: num, userCount: num }).nullish(),
});
export type Finding = z.output<typeof FindingSchema>;

export const UpdateFindingStateResponseSchema = z.looseObject({ finding: FindingSchema });

const ExpandedItemSchema = z.looseObject({ '@type': str });
export type ExpandedItem = z.output<typeof ExpandedItemSchema>;

export const GetFindingResponseSchema = z.looseObject({
  finding: FindingSchema,
  expanded: z.array(ExpandedItemSchema).nullish(),
});

// ---- campaign scope ---------------------------------------------------------------------

export const PRINCIPAL_TYPE_FILTERS = [
  'PRINCIPAL_TYPE_FILTER_UNSPECIFIED',
  'PRINCIPAL_TYPE_FILTER_USERS',
  'PRINCIPAL_TYPE_FILTER_RESOURCES',
  'PRINCIPAL_TYPE_FILTER_USERS_AND_RESOURCES',
] as const;

const CelExpressionScopeSchema = z.looseObject({ expression: str });

const AccountCriteriaScopeSchema = z.looseObject({
  accountDomain: openEnum([
    'APP_USER_DOMAIN_UNSPECIFIED',
    'APP_USER_DOMAIN_EXTERNAL',
    'APP_USER_DOMAIN_TRUSTED',
  ] as const).nullish(),
  accountTypes: z.array(openEnum(APP_USER_TYPES)).nullish(),
  appUserStatuses: z
    .array(
      openEnum([
        'APP_USER_STATUS_UNSPECIFIED',
        'APP_USER_STATUS_ENABLED',
        'APP_USER_STATUS_DISABLED',
        'APP_USER_STATUS_DELETED',
      ] as const),
    )
    .nullish(),
  noAccountOwner: bool,
});

const AppEntitlementRefSchema = z.looseObject({ appId: str, id: str });

const UserCriteriaScopeSchema = z.looseObject({
  groupAppEntitlementsRef: z.array(AppEntitlementRefSchema).nullish(),
  managerUserIds: strArr,
  multiUserProfileAttributes: z
    .record(z.string(), z.looseObject({ values: z.array(z.looseObject({ value: str })).nullish() }).nullish())
    .nullish(),
  userStatus: z.array(openEnum(['UNKNOWN', 'ENABLED', 'DISABLED', 'DELETED'] as const)).nullish(),
});

export const ACCESS_PROFILE_FILTER_TYPES = [
  'ACCESS_PROFILE_FILTER_TYPE_UNSPECIFIED',
  'ACCESS_PROFILE_FILTER_TYPE_INCLUDE_ALL',
  'ACCESS_PROFILE_FILTER_TYPE_EXCLUDE_ALL',
  'ACCESS_PROFILE_FILTER_TYPE_EXCLUDE_SPECIFIC',
  'ACCESS_PROFILE_FILTER_TYPE_INCLUDE_SPECIFIC',
] as const;

const GrantsByCriteriaScopeSchema = z.looseObject({
  daysSinceAdded: str,
  daysSinceReviewed: str,
  grantsAddedBetween: z.looseObject({ startDate: ts, endDate: ts }).nullish(),
  daysSinceLastUsed: str,
  accessProfileFilter: z
    .looseObject({
      filterType: openEnum(ACCESS_PROFILE_FILTER_TYPES).nullish(),
      includedAccessProfileIds: strArr,
      excludedAccessProfileIds: strArr,
    })
    .nullish(),
  sourceFilter: openEnum([
    'GRANT_SOURCE_FILTER_UNSPECIFIED',
    'GRANT_SOURCE_FILTER_DIRECT',
    'GRANT_SOURCE_FILTER_INHERITED',
  ] as const).nullish(),
  typeFilter: openEnum([
    'GRANT_FILTER_TYPE_UNSPECIFIED',
    'GRANT_FILTER_TYPE_PERMANENT',
    'GRANT_FILTER_TYPE_TEMPORARY',
  ] as const).nullish(),
});

const AppSelectionCriteriaScopeSchema = z.looseObject({
  complianceFrameworkAttributeValueIds: strArr,
  riskLevelAttributeValueIds: strArr,
});

export const ScopeV2Schema = z.looseObject({
  // apps_and_resources_scope
  appAccess: marker,
  specificResources: marker,
  appSelectionCriteria: AppSelectionCriteriaScopeSchema.nullish(),
  resourceTypeSelections: marker,
  // users_scope
  allUsers: marker,
  selectedUsers: z.looseObject({ userIds: strArr }).nullish(),
  userCriteria: UserCriteriaScopeSchema.nullish(),
  celExpression: CelExpressionScopeSchema.nullish(),
  // accounts_scope
  allAccounts: marker,
  accountCriteria: AccountCriteriaScopeSchema.nullish(),
  accountCelExpression: CelExpressionScopeSchema.nullish(),
  // grants_scope
  allGrants: marker,
  grantsByCriteria: GrantsByCriteriaScopeSchema.nullish(),
  // access_conflicts_scope
  allAccessConflicts: marker,
  specificAccessConflicts: marker,
  // resource_scope
  resourceSelection: marker,
  // excluded_apps_and_resources_scope
  excludedSpecificResources: marker,
  excludedResourceTypeSelections: marker,
  // outside any group
  principalTypeFilter: openEnum(PRINCIPAL_TYPE_FILTERS).nullish(),
  scopeRoleSelection: marker,
});
export type ScopeV2 = z.output<typeof ScopeV2Schema>;

export const SetupEntitlementSchema = z.looseObject({
  accessReviewId: str,
  appEntitlementId: str,
  appId: str,
  appResourceId: str,
  appResourceTypeId: str,
  customPolicyId: str,
  policyId: str,
  tenantId: str,
  createdAt: ts,
  updatedAt: ts,
  deletedAt: ts,
});

export const SetupEntitlementViewSchema = z.looseObject({
  accessReviewEntitlement: SetupEntitlementSchema.nullish(),
  appPath: str,
  entitlementPath: str,
  policyPath: str,
});
export type SetupEntitlementView = z.output<typeof SetupEntitlementViewSchema>;

export const SetupEntitlementAndScopeResponseSchema = z.looseObject({
  expanded: z.array(ExpandedItemSchema).nullish(),
  list: z.array(SetupEntitlementViewSchema).nullish(),
  scopeV2: ScopeV2Schema.nullish(),
});
export type SetupEntitlementAndScopeResponse = z.output<typeof SetupEntitlementAndScopeResponseSchema>;

// ---- paging and auth --------------------------------------------------------------------

/** One page of a list or search answer: the items are validated one by one by the pager. */
export const PageSchema = z.looseObject({
  list: z.array(z.unknown()).nullish(),
  nextPageToken: str,
});

export const TokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: str,
  expires_in: num,
});

export const OAuthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: str,
});

/** The gRPC-transcoded error body the tenant likely sends (api-facts.md [I]). */
export const ServerErrorSchema = z.looseObject({
  code: z.union([z.number(), z.string()]).nullish(),
  message: str,
  details: z.array(z.unknown()).nullish(),
});
