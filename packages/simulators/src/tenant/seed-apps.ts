import { SEED_IDS } from './seed-ids.js';

/**
 * The sandbox tenant's apps, their accounts (app users), entitlements and grants, as the vendor's
 * `c1.api.app.v1` messages (App, AppUser, AppEntitlement, AppEntitlementUserView) write them in
 * proto3 JSON: enums by name, int64 as strings, fields at their zero value left out. The apps and
 * accounts are the ones the seed findings name (appUserTarget, appId), so a finding's target can
 * be resolved to names: which account, in which app, holding what. Ids are opaque KSUIDs, as a
 * real tenant's are (seed-ids.ts); the names are beside them. Resources (AppResource) are the ones
 * the seed findings' appResourceTargets name.
 *
 * | account     | app    | who (identity) | holds                                  |
 * |-------------|--------|----------------|----------------------------------------|
 * | deploy-bot  | GitHub | – (service)    | Organization admin, Write: acme/infra  |
 * | bob         | GitHub | Bob            | Member, Write: acme/infra              |
 * | bbrown-gh   | GitHub | Bob            | Member                                 |
 * | j.doe       | GitHub | –              | Member                                 |
 * | build-svc   | GitHub | Carol (owns)   | Write: acme/infra                      |
 * | etl         | AWS    | –              | ReadOnlyAccess                         |
 * | backup-svc  | AWS    | –              | AdministratorAccess                    |
 * | dave        | AWS    | Dave           | AdministratorAccess                    |
 */

export type JsonApp = Record<string, unknown> & { id: string };
export type JsonAppUser = Record<string, unknown> & { id: string; appId: string };
export type JsonEntitlement = Record<string, unknown> & { id: string; appId: string };
export type JsonResource = Record<string, unknown> & { id: string; appId: string; appResourceTypeId: string };
export interface JsonGrant {
  appId: string;
  appEntitlementId: string;
  appUserId: string;
  createdAt: string;
}

const T0 = '2025-06-02T08:00:00Z';

const app = (id: string, displayName: string, userCount: number): JsonApp => ({
  id,
  displayName,
  description: `${displayName} (sandbox)`,
  userCount: String(userCount),
  createdAt: T0,
  updatedAt: T0,
});

function account(
  id: string,
  appId: string,
  username: string,
  extra: Record<string, unknown> = {},
): JsonAppUser {
  return {
    id,
    appId,
    displayName: username,
    username,
    usernames: [username],
    appUserType: 'APP_USER_TYPE_USER',
    status: { status: 'STATUS_ENABLED' },
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  };
}

const entitlement = (id: string, appId: string, displayName: string, slug: string): JsonEntitlement => ({
  id,
  appId,
  displayName,
  slug,
  alias: slug,
  grantCount: '0',
  createdAt: T0,
  updatedAt: T0,
});

export function seedApps(): JsonApp[] {
  return [
    app(SEED_IDS.apps.github, 'GitHub', 412),
    app(SEED_IDS.apps.aws, 'AWS', 96),
    app(SEED_IDS.apps.azure, 'Azure', 230),
    app(SEED_IDS.apps.okta, 'Okta', 1_204),
    app(SEED_IDS.apps.salesforce, 'Salesforce', 318),
  ];
}

export function seedAppUsers(): JsonAppUser[] {
  return [
    account(SEED_IDS.appUsers.deployBot, SEED_IDS.apps.github, 'deploy-bot', {
      appUserType: 'APP_USER_TYPE_SERVICE_ACCOUNT',
    }),
    account(SEED_IDS.appUsers.bob, SEED_IDS.apps.github, 'bob', {
      identityUserId: SEED_IDS.users.bob,
      email: 'bob@acme.example',
    }),
    account(SEED_IDS.appUsers.bbrown, SEED_IDS.apps.github, 'bbrown-gh', {
      identityUserId: SEED_IDS.users.bob,
    }),
    account(SEED_IDS.appUsers.jdoe, SEED_IDS.apps.github, 'j.doe'),
    account(SEED_IDS.appUsers.buildSvc, SEED_IDS.apps.github, 'build-svc'),
    account(SEED_IDS.appUsers.etl, SEED_IDS.apps.aws, 'etl', {
      appUserType: 'APP_USER_TYPE_SERVICE_ACCOUNT',
    }),
    account(SEED_IDS.appUsers.backup, SEED_IDS.apps.aws, 'backup-svc', {
      appUserType: 'APP_USER_TYPE_SERVICE_ACCOUNT',
    }),
    account(SEED_IDS.appUsers.daveAws, SEED_IDS.apps.aws, 'dave', {
      identityUserId: SEED_IDS.users.dave,
      email: 'dave@acme.example',
    }),
  ];
}

export function seedEntitlements(): JsonEntitlement[] {
  return [
    entitlement(SEED_IDS.entitlements.ghOrgAdmin, SEED_IDS.apps.github, 'Organization admin', 'admin'),
    entitlement(SEED_IDS.entitlements.ghInfraWrite, SEED_IDS.apps.github, 'Write: acme/infra', 'write'),
    entitlement(SEED_IDS.entitlements.ghMember, SEED_IDS.apps.github, 'Member', 'member'),
    entitlement(SEED_IDS.entitlements.awsAdmin, SEED_IDS.apps.aws, 'AdministratorAccess', 'admin'),
    entitlement(SEED_IDS.entitlements.awsRead, SEED_IDS.apps.aws, 'ReadOnlyAccess', 'read'),
  ];
}

export function seedGrants(): JsonGrant[] {
  const g = (appId: string, appUserId: string, appEntitlementId: string): JsonGrant => ({
    appId,
    appUserId,
    appEntitlementId,
    createdAt: T0,
  });
  return [
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.deployBot, SEED_IDS.entitlements.ghOrgAdmin),
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.deployBot, SEED_IDS.entitlements.ghInfraWrite),
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.bob, SEED_IDS.entitlements.ghMember),
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.bob, SEED_IDS.entitlements.ghInfraWrite),
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.bbrown, SEED_IDS.entitlements.ghMember),
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.jdoe, SEED_IDS.entitlements.ghMember),
    g(SEED_IDS.apps.github, SEED_IDS.appUsers.buildSvc, SEED_IDS.entitlements.ghInfraWrite),
    g(SEED_IDS.apps.aws, SEED_IDS.appUsers.etl, SEED_IDS.entitlements.awsRead),
    g(SEED_IDS.apps.aws, SEED_IDS.appUsers.backup, SEED_IDS.entitlements.awsAdmin),
    g(SEED_IDS.apps.aws, SEED_IDS.appUsers.daveAws, SEED_IDS.entitlements.awsAdmin),
  ];
}

/** AppResources (`c1.api.app.v1.AppResource`): the roles and app registrations findings target. */
export function seedResources(): JsonResource[] {
  const { apps, resources, resourceTypes } = SEED_IDS;
  const resource = (id: string, appId: string, appResourceTypeId: string, displayName: string) => ({
    id,
    appId,
    appResourceTypeId,
    displayName,
    description: `${displayName} (sandbox)`,
    grantCount: '1',
    createdAt: T0,
    updatedAt: T0,
  });
  return [
    resource(resources.ciRole, apps.aws, resourceTypes.iamRole, 'ci-runner'),
    resource(resources.reporting, apps.azure, resourceTypes.appRegistration, 'reporting-app'),
    resource(resources.legacy, apps.azure, resourceTypes.appRegistration, 'legacy-app'),
    resource(resources.billing, apps.azure, resourceTypes.appRegistration, 'billing-app'),
  ];
}
