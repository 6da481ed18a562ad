import { isApiError } from '../errors.js';
import {
  type AppUser,
  AppUserViewSchema,
  GetAppResourceResponseSchema,
  GetAppResponseSchema,
  GrantSchema,
} from '../model/app.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';
import { encodePathSegment } from './path-segment.js';

/**
 * What the tenant says of an app, an account in it, a resource of it and what an account holds
 * (the vendor's Apps.Get, AppUserService.Search, AppResourceService.Get,
 * AppEntitlementSearchService.SearchGrants). Reads only: safe to repeat.
 */

/** The app's name; undefined when the tenant has no such app (404). */
export async function getAppName(
  client: TenantClient,
  appId: string,
): Promise<{ id: string; name: string | undefined } | undefined> {
  try {
    const answer = await client.request({
      operation: 'getApp',
      method: 'GET',
      path: `/api/v1/apps/${encodePathSegment(appId, 'app id')}`,
      schema: GetAppResponseSchema,
      idempotent: true,
    });
    return answer.app ? { id: answer.app.id, name: answer.app.displayName ?? undefined } : undefined;
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return undefined;
    throw error;
  }
}

/** The account with this id in this app, or undefined when the tenant has none. */
export async function findAppUser(
  client: TenantClient,
  appId: string,
  appUserId: string,
): Promise<AppUser | undefined> {
  const views = paginate(client, {
    operation: 'searchAppUsers',
    method: 'POST',
    path: '/api/v1/search/app_users',
    body: { refs: [{ appId, id: appUserId }] },
    item: AppUserViewSchema,
    pageSize: 10,
    limit: 10,
  });
  for await (const view of views)
    if (view.appUser?.id === appUserId && (view.appUser.appId ?? appId) === appId) return view.appUser;
  return undefined;
}

/** Accounts by app and id, many in one search (`refs`): the ones the tenant has. */
export async function findAppUsers(
  client: TenantClient,
  refs: readonly { appId: string; id: string }[],
): Promise<AppUser[]> {
  const views = paginate(client, {
    operation: 'searchAppUsers',
    method: 'POST',
    path: '/api/v1/search/app_users',
    body: { refs: refs.map((r) => ({ appId: r.appId, id: r.id })) },
    item: AppUserViewSchema,
    pageSize: 100,
    limit: refs.length,
  });
  const found: AppUser[] = [];
  for await (const view of views) if (view.appUser) found.push(view.appUser);
  return found;
}

/** A resource's name; undefined when the tenant has no such resource of that app and type (404). */
export async function getAppResourceName(
  client: TenantClient,
  ref: { appId: string; typeId: string; id: string },
): Promise<string | undefined> {
  const app = encodePathSegment(ref.appId, 'app id');
  const type = encodePathSegment(ref.typeId, 'resource type id');
  const id = encodePathSegment(ref.id, 'resource id');
  try {
    const answer = await client.request({
      operation: 'getAppResource',
      method: 'GET',
      path: `/api/v1/apps/${app}/resource_types/${type}/resources/${id}`,
      schema: GetAppResourceResponseSchema,
      idempotent: true,
    });
    return answer.appResourceView?.appResource?.displayName || undefined;
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return undefined;
    throw error;
  }
}

/** What an account holds in its app: each entitlement's id and name, at most `limit`. */
export async function grantsOf(
  client: TenantClient,
  appId: string,
  appUserId: string,
  limit: number,
): Promise<{ entitlementId: string; name: string | undefined }[]> {
  const grants = paginate(client, {
    operation: 'searchGrants',
    method: 'POST',
    path: '/api/v1/search/grants',
    body: { appIds: [appId], appUserIds: [appUserId] },
    item: GrantSchema,
    pageSize: 100,
    limit,
  });
  const found = new Map<string, string | undefined>();
  for await (const g of grants) {
    const binding = g.appEntitlementUserBinding;
    const entitlement = g.entitlement?.appEntitlement;
    const id = binding?.appEntitlementId || entitlement?.id;
    // Only bindings of this very account: a search is a filter, the answer is checked all the same.
    if (!id || (binding?.appUserId && binding.appUserId !== appUserId)) continue;
    if (!found.has(id)) found.set(id, entitlement?.displayName ?? entitlement?.slug ?? undefined);
  }
  return [...found].map(([entitlementId, name]) => ({ entitlementId, name }));
}
