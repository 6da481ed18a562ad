import {
  closed,
  expanded,
  int32,
  int64,
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
 * The vendor operations containment uses that the shared subset (vendor-openapi-subset.json) does
 * not carry: creating a revoke or an offboarding task, reading and searching tasks, and the app,
 * account and grant reads that give a containment form its names. The subset holds the Task and
 * TaskView schemas these answers are made of (referenced below as they are); the names a card
 * shows (an app, an account, a resource) are read with the same app reads. The request and
 * answer envelopes and the app messages are written here by hand, field by field, from the
 * vendor's published description (ConductorOne/terraform-provider-conductorone `openapi.yaml` at
 * the subset's commit) and its SDKs (conductorone-sdk-go, conductorone-sdk-typescript:
 * TaskServiceCreateRevokeRequest, TaskServiceCreateOffboardingRequest, TaskServiceGetResponse,
 * TaskSearchRequest, GetAppResponse, AppUserServiceSearchRequest,
 * AppEntitlementSearchServiceSearchGrantsRequest, AppResourceServiceGetResponse, AppResourceView,
 * AppResource). Names and types are the vendor's; the text is
 * not copied. What Warden writes and what the simulated tenant answers is held to these *closed*
 * (a field the vendor's message does not have fails), stricter than the vendor's own open schemas.
 *
 * When the shared subset gains these operations, this file goes: the test then reads them there.
 */

const taskAnswer = closed({ taskView: nullable('c1.api.task.v1.TaskView'), expanded });

const T = 'c1.api.task.v1';
const A = 'c1.api.app.v1';

export const EXTRA_SCHEMAS: Record<string, Node> = {
  [`${T}.TaskServiceCreateRevokeRequest`]: closed(
    {
      appEntitlementId: string,
      appId: string,
      appUserId: string,
      identityUserId: string,
      description: string,
      expandMask: nullable(`${T}.TaskExpandMask`),
    },
    ['appId', 'appEntitlementId'],
  ),
  [`${T}.TaskServiceCreateRevokeResponse`]: taskAnswer,
  [`${T}.TaskServiceCreateOffboardingRequest`]: closed({
    subjectUserId: string,
    description: string,
    expandMask: nullable(`${T}.TaskExpandMask`),
  }),
  [`${T}.TaskServiceCreateOffboardingResponse`]: taskAnswer,
  [`${T}.TaskServiceGetResponse`]: taskAnswer,
  [`${T}.TaskRef`]: closed({ id: string }),
  [`${T}.TaskSearchRequest`]: closed({
    query: string,
    refs: list(ref(`${T}.TaskRef`)),
    taskTypes: list(ref(`${T}.TaskType`)),
    taskStates: list(openEnum(['TASK_STATE_UNSPECIFIED', 'TASK_STATE_OPEN', 'TASK_STATE_CLOSED'])),
    createdAfter: time,
    subjectIds: strings,
    appUserSubjectIds: strings,
    appEntitlementIds: strings,
    pageSize: int32,
    pageToken: string,
  }),
  [`${T}.TaskSearchResponse`]: closed({
    list: list(ref(`${T}.TaskView`)),
    nextPageToken: string,
    expanded,
  }),
  [`${A}.GetAppResponse`]: closed({ app: nullable(`${A}.App`) }),
  [`${A}.App`]: closed({
    id: string,
    displayName: string,
    description: string,
    userCount: int64,
    iconUrl: string,
    parentAppId: string,
    createdAt: time,
    updatedAt: time,
    deletedAt: time,
  }),
  [`${A}.AppResourceServiceGetResponse`]: closed({
    appResourceView: nullable(`${A}.AppResourceView`),
    expanded,
  }),
  [`${A}.AppResourceView`]: closed({
    appResource: nullable(`${A}.AppResource`),
    appPath: string,
    parentResourcePath: string,
    parentResourceTypePath: string,
    resourceTypePath: string,
  }),
  [`${A}.AppResource`]: closed({
    id: string,
    appId: string,
    appResourceTypeId: string,
    displayName: string,
    description: string,
    customDescription: string,
    externalId: string,
    grantCount: int64,
    parentAppResourceId: string,
    parentAppResourceTypeId: string,
    createdAt: time,
    updatedAt: time,
    deletedAt: time,
  }),
  [`${A}.AppUserRef`]: closed({ appId: string, id: string }),
  [`${A}.AppUserServiceSearchRequest`]: closed({
    refs: list(ref(`${A}.AppUserRef`)),
    appUserIds: strings,
    appIds: strings,
    userIds: strings,
    query: string,
    pageSize: int32,
    pageToken: string,
  }),
  [`${A}.AppUserServiceSearchResponse`]: closed({
    list: list(ref(`${A}.AppUserView`)),
    nextPageToken: string,
    expanded,
  }),
  [`${A}.AppUserView`]: closed({
    appUser: nullable(`${A}.AppUser`),
    appPath: string,
    identityUserPath: string,
    lastUsagePath: string,
  }),
  [`${A}.AppUser`]: closed({
    id: string,
    appId: string,
    displayName: string,
    username: string,
    usernames: strings,
    email: string,
    emails: strings,
    identityUserId: string,
    isExternal: { type: 'boolean' },
    appUserType: openEnum([
      'APP_USER_TYPE_UNSPECIFIED',
      'APP_USER_TYPE_USER',
      'APP_USER_TYPE_SERVICE_ACCOUNT',
      'APP_USER_TYPE_SYSTEM_ACCOUNT',
    ]),
    status: nullable(`${A}.AppUserStatus`),
    createdAt: time,
    updatedAt: time,
    deletedAt: time,
  }),
  [`${A}.AppUserStatus`]: closed({
    status: openEnum(['STATUS_UNSPECIFIED', 'STATUS_ENABLED', 'STATUS_DISABLED', 'STATUS_DELETED']),
    details: string,
  }),
  [`${A}.AppEntitlementSearchServiceSearchGrantsRequest`]: closed({
    appIds: strings,
    appUserIds: strings,
    userId: string,
    pageSize: int32,
    pageToken: string,
  }),
  [`${A}.AppEntitlementSearchServiceSearchGrantsResponse`]: closed({
    list: list(ref(`${A}.AppEntitlementWithUserBinding`)),
    nextPageToken: string,
    expanded,
  }),
  [`${A}.AppEntitlementWithUserBinding`]: closed({
    appEntitlementUserBinding: nullable(`${A}.AppEntitlementUserView`),
    entitlement: nullable(`${A}.AppEntitlementView`),
  }),
  [`${A}.AppEntitlementView`]: closed({
    appEntitlement: nullable(`${A}.AppEntitlement`),
    appPath: string,
    appResourcePath: string,
    appResourceTypePath: string,
  }),
  [`${A}.AppEntitlement`]: closed({
    id: string,
    appId: string,
    displayName: string,
    description: string,
    slug: string,
    alias: string,
    grantCount: int64,
    appResourceId: string,
    appResourceTypeId: string,
    createdAt: time,
    updatedAt: time,
    deletedAt: time,
  }),
  [`${A}.AppEntitlementUserView`]: closed({
    appEntitlementId: string,
    appId: string,
    appUserId: string,
    appEntitlementUserBindingCreatedAt: time,
    appEntitlementUserBindingDeprovisionAt: time,
    originatingTicketId: string,
  }),
};

export const EXTRA_PATHS: Record<string, Record<string, Operation>> = {
  '/api/v1/task/revoke': {
    post: op(
      `${T}.TaskService.CreateRevokeTask`,
      `${T}.TaskServiceCreateRevokeRequest`,
      `${T}.TaskServiceCreateRevokeResponse`,
    ),
  },
  '/api/v1/task/offboarding': {
    post: op(
      `${T}.TaskService.CreateOffboardingTask`,
      `${T}.TaskServiceCreateOffboardingRequest`,
      `${T}.TaskServiceCreateOffboardingResponse`,
    ),
  },
  '/api/v1/tasks/{id}': { get: op(`${T}.TaskService.Get`, undefined, `${T}.TaskServiceGetResponse`) },
  '/api/v1/search/tasks': {
    post: op(`${T}.TaskSearchService.Search`, `${T}.TaskSearchRequest`, `${T}.TaskSearchResponse`),
  },
  '/api/v1/apps/{id}': { get: op(`${A}.Apps.Get`, undefined, `${A}.GetAppResponse`) },
  '/api/v1/apps/{app_id}/resource_types/{app_resource_type_id}/resources/{id}': {
    get: op(`${A}.AppResourceService.Get`, undefined, `${A}.AppResourceServiceGetResponse`),
  },
  '/api/v1/search/app_users': {
    post: op(
      `${A}.AppUserService.Search`,
      `${A}.AppUserServiceSearchRequest`,
      `${A}.AppUserServiceSearchResponse`,
    ),
  },
  '/api/v1/search/grants': {
    post: op(
      `${A}.AppEntitlementSearchService.SearchGrants`,
      `${A}.AppEntitlementSearchServiceSearchGrantsRequest`,
      `${A}.AppEntitlementSearchServiceSearchGrantsResponse`,
    ),
  },
};

/**
 * The oneofs of the task messages (the vendor's description names them in prose), and the revoke
 * request's rule that an app user and an identity "cannot both be set".
 */
export const EXTRA_ONEOFS: Record<string, Record<string, readonly string[]>> = {
  [`${T}.TaskType`]: { task_type: ['action', 'certify', 'finding', 'grant', 'offboarding', 'revoke'] },
  [`${T}.TaskRevokeSource`]: { origin: ['expired', 'nonUsage', 'request', 'review'] },
  'c1.api.policy.v1.PolicyStepInstance': {
    instance: ['accept', 'action', 'approval', 'form', 'provision', 'reject', 'wait'],
  },
  [`${T}.TaskServiceCreateRevokeRequest`]: { subject: ['appUserId', 'identityUserId'] },
};
