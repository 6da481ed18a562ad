import { z } from 'zod';
import { APP_USER_TYPES, ExpandedItemSchema } from './finding.js';
import { bool, marker, openEnum, str, strArr, ts } from './wire-types.js';

/** An access review campaign's scope and selected entitlements (spec: ScopeV2, SetupEntitlement…). */

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
