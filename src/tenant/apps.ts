import { isApiError } from '../errors.js';
import { type AppUser, AppUserViewSchema, GetAppResponseSchema, GrantSchema } from '../model/app.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';
import { encodePathSegment } from './path-segment.js';

/**
 * What the tenant says of an app, an account in it and what that account holds (the vendor's
 * Apps.Get, AppUserService.Search, AppEntitlementSearchService.SearchGrants). Reads only: safe to
 * repeat.
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
