/**
 * The sandbox tenant's apps, their accounts (app users), entitlements and grants, as the vendor's
 * `c1.api.app.v1` messages (App, AppUser, AppEntitlement, AppEntitlementUserView) write them in
 * proto3 JSON: enums by name, int64 as strings, fields at their zero value left out. The apps and
 * accounts are the ones the seed findings name (appUserTarget, appId), so a finding's target can
 * be resolved to names: which account, in which app, holding what.
 *
 * | account        | app    | who (identity)  | holds                                   |
 * |----------------|--------|-----------------|-----------------------------------------|
 * | AU_DEPLOY_BOT  | GitHub | – (service)     | Organization admin, Write: acme/infra    |
 * | AU_BOB         | GitHub | IU_BOB          | Member, Write: acme/infra                |
 * | AU_BBROWN      | GitHub | IU_BOB          | Member                                   |
 * | AU_JDOE        | GitHub | –               | Member                                   |
 * | AU_BUILD_SVC   | GitHub | IU_CAROL (owns) | Write: acme/infra                        |
 * | AU_ETL         | AWS    | –               | ReadOnlyAccess                           |
 * | AU_BACKUP      | AWS    | –               | AdministratorAccess                      |
 * | AU_DAVE_AWS    | AWS    | IU_DAVE         | AdministratorAccess                      |
 */

export type JsonApp = Record<string, unknown> & { id: string };
export type JsonAppUser = Record<string, unknown> & { id: string; appId: string };
export type JsonEntitlement = Record<string, unknown> & { id: string; appId: string };
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
    app('APP_GITHUB', 'GitHub', 412),
    app('APP_AWS', 'AWS', 96),
    app('APP_AZURE', 'Azure', 230),
    app('APP_OKTA', 'Okta', 1_204),
    app('APP_SFDC', 'Salesforce', 318),
  ];
}

export function seedAppUsers(): JsonAppUser[] {
  return [
    account('AU_DEPLOY_BOT', 'APP_GITHUB', 'deploy-bot', { appUserType: 'APP_USER_TYPE_SERVICE_ACCOUNT' }),
    account('AU_BOB', 'APP_GITHUB', 'bob', { identityUserId: 'IU_BOB', email: 'bob@acme.example' }),
    account('AU_BBROWN', 'APP_GITHUB', 'bbrown-gh', { identityUserId: 'IU_BOB' }),
    account('AU_JDOE', 'APP_GITHUB', 'j.doe'),
    account('AU_BUILD_SVC', 'APP_GITHUB', 'build-svc'),
    account('AU_ETL', 'APP_AWS', 'etl', { appUserType: 'APP_USER_TYPE_SERVICE_ACCOUNT' }),
    account('AU_BACKUP', 'APP_AWS', 'backup-svc', { appUserType: 'APP_USER_TYPE_SERVICE_ACCOUNT' }),
    account('AU_DAVE_AWS', 'APP_AWS', 'dave', { identityUserId: 'IU_DAVE', email: 'dave@acme.example' }),
  ];
}

export function seedEntitlements(): JsonEntitlement[] {
  return [
    entitlement('ENT_GH_ORG_ADMIN', 'APP_GITHUB', 'Organization admin', 'admin'),
    entitlement('ENT_GH_INFRA_WRITE', 'APP_GITHUB', 'Write: acme/infra', 'write'),
    entitlement('ENT_GH_MEMBER', 'APP_GITHUB', 'Member', 'member'),
    entitlement('ENT_AWS_ADMIN', 'APP_AWS', 'AdministratorAccess', 'admin'),
    entitlement('ENT_AWS_READ', 'APP_AWS', 'ReadOnlyAccess', 'read'),
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
    g('APP_GITHUB', 'AU_DEPLOY_BOT', 'ENT_GH_ORG_ADMIN'),
    g('APP_GITHUB', 'AU_DEPLOY_BOT', 'ENT_GH_INFRA_WRITE'),
    g('APP_GITHUB', 'AU_BOB', 'ENT_GH_MEMBER'),
    g('APP_GITHUB', 'AU_BOB', 'ENT_GH_INFRA_WRITE'),
    g('APP_GITHUB', 'AU_BBROWN', 'ENT_GH_MEMBER'),
    g('APP_GITHUB', 'AU_JDOE', 'ENT_GH_MEMBER'),
    g('APP_GITHUB', 'AU_BUILD_SVC', 'ENT_GH_INFRA_WRITE'),
    g('APP_AWS', 'AU_ETL', 'ENT_AWS_READ'),
    g('APP_AWS', 'AU_BACKUP', 'ENT_AWS_ADMIN'),
    g('APP_AWS', 'AU_DAVE_AWS', 'ENT_AWS_ADMIN'),
  ];
}
