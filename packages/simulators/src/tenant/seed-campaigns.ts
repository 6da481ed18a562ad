/**
 * Seed access review campaigns of the sandbox tenant, as JSON the tenant would send:
 * - CAMP_FULL: every ScopeV2 group set, entitlements with `expanded` (apps, entitlements, policies);
 * - CAMP_EMPTY: nothing set;
 * - CAMP_LARGE: 2,500 selected entitlements over 12 apps, with `expanded`, some deleted, some with a
 *   custom policy;
 * - CAMP_BARE: entitlements without `expanded` (names fall back to ids);
 * - CAMP_RESOURCES, CAMP_TYPES: the members of a oneof CAMP_FULL does not set, each alone (a real
 *   tenant sets at most one member of each group);
 * - CAMP_NEWER (deliberately unfaithful, in seed-deliberate.ts): a principal filter nobody knows.
 */
import { deliberateCampaigns } from './seed-deliberate.js';
import { SEED_IDS } from './seed-ids.js';

export type JsonCampaign = Record<string, unknown>;

const T0 = '2026-11-01T09:00:00Z';

interface EntitlementSeed {
  appIndex: number;
  entIndex: number;
  deleted?: boolean;
  customPolicy?: boolean;
}

function buildEntitlements(campaignId: string, seeds: EntitlementSeed[], withExpanded: boolean) {
  const expanded: Record<string, unknown>[] = [];
  const apps = new Map<number, number>();
  const policyIndex = { value: -1 };
  if (withExpanded) {
    expanded.push({
      '@type': 'type.googleapis.com/c1.api.policy.v1.Policy',
      id: 'POL_DEFAULT',
      displayName: 'Manager review, then app owner',
    });
    policyIndex.value = 0;
  }
  const list = seeds.map(({ appIndex, entIndex, deleted, customPolicy }) => {
    const appId = `APP_${String(appIndex).padStart(3, '0')}`;
    const entId = `ENT_${String(appIndex).padStart(3, '0')}_${String(entIndex).padStart(5, '0')}`;
    let appPath = '';
    let entitlementPath = '';
    if (withExpanded) {
      let ai = apps.get(appIndex);
      if (ai === undefined) {
        ai = expanded.length;
        apps.set(appIndex, ai);
        expanded.push({
          '@type': 'type.googleapis.com/c1.api.app.v1.App',
          id: appId,
          displayName: `App ${appIndex}`,
        });
      }
      appPath = `$.expanded[${ai}]`;
      entitlementPath = `$.expanded[${expanded.length}]`;
      expanded.push({
        '@type': 'type.googleapis.com/c1.api.app.v1.AppEntitlement',
        id: entId,
        appId,
        displayName: `Role ${entIndex} of app ${appIndex}`,
      });
    }
    return {
      accessReviewEntitlement: {
        accessReviewId: campaignId,
        appEntitlementId: entId,
        appId,
        appResourceId: '',
        appResourceTypeId: '',
        customPolicyId: customPolicy ? 'POL_STRICT' : '',
        policyId: 'POL_DEFAULT',
        tenantId: 'TEN_SANDBOX',
        createdAt: T0,
        updatedAt: T0,
        deletedAt: deleted ? '2026-11-10T00:00:00Z' : null,
      },
      appPath,
      entitlementPath,
      policyPath: withExpanded ? `$.expanded[${policyIndex.value}]` : '',
    };
  });
  return { list, expanded: withExpanded ? expanded : null };
}

const FULL_SCOPE = {
  appAccess: {},
  selectedUsers: null,
  userCriteria: {
    groupAppEntitlementsRef: [{ appId: SEED_IDS.apps.okta, id: 'ENT_OKTA_ENGINEERING' }],
    managerUserIds: ['IU_MANAGER_1', 'IU_MANAGER_2'],
    multiUserProfileAttributes: {
      department: { values: [{ value: 'Engineering' }, { value: 'SRE' }] },
      location: { values: [{ value: 'Berlin' }] },
    },
    userStatus: ['ENABLED', 'DISABLED'],
  },
  accountCriteria: {
    accountDomain: 'APP_USER_DOMAIN_EXTERNAL',
    accountTypes: ['APP_USER_TYPE_SERVICE_ACCOUNT', 'APP_USER_TYPE_SYSTEM_ACCOUNT'],
    appUserStatuses: ['APP_USER_STATUS_ENABLED'],
    noAccountOwner: true,
  },
  grantsByCriteria: {
    daysSinceAdded: '7776000s',
    daysSinceLastUsed: '2592000s',
    accessProfileFilter: {
      filterType: 'ACCESS_PROFILE_FILTER_TYPE_EXCLUDE_SPECIFIC',
      includedAccessProfileIds: null,
      excludedAccessProfileIds: ['AP_BREAKGLASS', 'AP_ONCALL'],
    },
    sourceFilter: 'GRANT_SOURCE_FILTER_DIRECT',
    typeFilter: 'GRANT_FILTER_TYPE_PERMANENT',
  },
  specificAccessConflicts: {},
  resourceSelection: {},
  scopeRoleSelection: {},
  excludedResourceTypeSelections: {},
  principalTypeFilter: 'PRINCIPAL_TYPE_FILTER_USERS_AND_RESOURCES',
};

/** Every seed campaign; `deliberate: false` leaves out the deliberately unfaithful one. */
export function seedCampaigns(opts: { deliberate?: boolean } = {}): Record<string, JsonCampaign> {
  return opts.deliberate === false
    ? faithfulCampaigns()
    : { ...faithfulCampaigns(), ...deliberateCampaigns() };
}

let faithful: Record<string, JsonCampaign> | undefined;

/**
 * Built once per process and frozen: every sandbox serves the same seed (CAMP_LARGE's 2,500
 * entitlements were rebuilt at each sandbox start, hundreds a test run), and nothing may change it.
 */
function faithfulCampaigns(): Record<string, JsonCampaign> {
  faithful ??= frozen(buildFaithfulCampaigns());
  return faithful;
}

function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

function buildFaithfulCampaigns(): Record<string, JsonCampaign> {
  const fullSeeds: EntitlementSeed[] = [
    { appIndex: 1, entIndex: 1 },
    { appIndex: 1, entIndex: 2, customPolicy: true },
    { appIndex: 2, entIndex: 1 },
    { appIndex: 2, entIndex: 2, deleted: true },
  ];
  const largeSeeds: EntitlementSeed[] = Array.from({ length: 2_500 }, (_, i) => ({
    appIndex: (i % 12) + 1,
    entIndex: i + 1,
    deleted: i % 97 === 0,
    customPolicy: i % 41 === 0,
  }));
  return {
    CAMP_FULL: { scopeV2: FULL_SCOPE, ...buildEntitlements('CAMP_FULL', fullSeeds, true) },
    CAMP_EMPTY: { scopeV2: null, list: null, expanded: null },
    CAMP_LARGE: {
      scopeV2: { appAccess: {}, allUsers: {}, allAccounts: {}, allGrants: {}, allAccessConflicts: {} },
      ...buildEntitlements('CAMP_LARGE', largeSeeds, true),
    },
    CAMP_BARE: {
      scopeV2: {
        appSelectionCriteria: {
          complianceFrameworkAttributeValueIds: ['SOX'],
          riskLevelAttributeValueIds: ['HIGH'],
        },
        celExpression: { expression: 'user.department == "Finance" && !user.is_contractor' },
        accountCelExpression: { expression: 'account.last_login < now - duration("90d")' },
        grantsByCriteria: {
          grantsAddedBetween: { startDate: '2026-01-01T00:00:00Z', endDate: '2026-06-30T23:59:59Z' },
          typeFilter: 'GRANT_FILTER_TYPE_TEMPORARY',
          sourceFilter: 'GRANT_SOURCE_FILTER_INHERITED',
          accessProfileFilter: {
            filterType: 'ACCESS_PROFILE_FILTER_TYPE_INCLUDE_SPECIFIC',
            includedAccessProfileIds: ['AP_1'],
          },
        },
        excludedSpecificResources: {},
        principalTypeFilter: 'PRINCIPAL_TYPE_FILTER_UNSPECIFIED',
      },
      ...buildEntitlements('CAMP_BARE', fullSeeds, false),
    },
    // One member of each oneof group at most, as proto3 writes it: each member alone somewhere.
    CAMP_RESOURCES: {
      scopeV2: {
        specificResources: {},
        selectedUsers: { userIds: [SEED_IDS.users.alice, SEED_IDS.users.bob] },
        principalTypeFilter: 'PRINCIPAL_TYPE_FILTER_USERS',
      },
      list: [],
      expanded: [],
    },
    CAMP_TYPES: {
      scopeV2: {
        resourceTypeSelections: {},
        allUsers: {},
        principalTypeFilter: 'PRINCIPAL_TYPE_FILTER_RESOURCES',
      },
      list: [],
      expanded: [],
    },
  };
}
