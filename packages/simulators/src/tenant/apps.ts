import { type Answer, grpcError, isObject, jsonNamed } from './answer.js';
import {
  type JsonApp,
  type JsonAppUser,
  type JsonEntitlement,
  type JsonGrant,
  type JsonResource,
  seedApps,
  seedAppUsers,
  seedEntitlements,
  seedGrants,
  seedResources,
} from './seed-apps.js';

/**
 * The tenant's apps, their accounts, entitlements and grants (seed-apps.ts), and the read
 * operations over them the vendor publishes: `GET /api/v1/apps/{id}` (GetAppResponse),
 * `POST /api/v1/search/app_users` (AppUserServiceSearchRequest) and `POST /api/v1/search/grants`
 * (AppEntitlementSearchServiceSearchGrantsRequest), and
 * `GET /api/v1/apps/{app_id}/resource_types/{app_resource_type_id}/resources/{id}`
 * (AppResourceServiceGetResponse). Revoke and offboarding tasks take grants
 * away here when they are done (tasks.ts).
 */

/** A repeated string filter: undefined when unset or empty, 'malformed' when not a list of strings. */
function stringList(v: unknown): string[] | undefined | 'malformed' {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return 'malformed';
  return v.length > 0 ? (v as string[]) : undefined;
}

/** `refs` of AppUserRef messages: `[{"appId": …, "id": …}]`. */
function appUserRefs(v: unknown): { appId: string; id: string }[] | undefined | 'malformed' {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((r) => !isObject(r) || typeof r.id !== 'string')) return 'malformed';
  return v.length > 0
    ? v.map((r: Record<string, unknown>) => ({ appId: String(r.appId ?? ''), id: String(r.id) }))
    : undefined;
}

export class TenantApps {
  readonly apps = new Map<string, JsonApp>();
  readonly appUsers = new Map<string, JsonAppUser>();
  readonly entitlements = new Map<string, JsonEntitlement>();
  readonly resources = new Map<string, JsonResource>();
  grants: JsonGrant[];

  constructor() {
    for (const a of seedApps()) this.apps.set(a.id, a);
    for (const u of seedAppUsers()) this.appUsers.set(u.id, u);
    for (const e of seedEntitlements()) this.entitlements.set(e.id, e);
    for (const r of seedResources()) this.resources.set(r.id, r);
    this.grants = seedGrants();
  }

  /** The account, when it is one of the app's. */
  appUser(appId: string, appUserId: string): JsonAppUser | undefined {
    const u = this.appUsers.get(appUserId);
    return u && u.appId === appId ? u : undefined;
  }

  entitlement(appId: string, id: string): JsonEntitlement | undefined {
    const e = this.entitlements.get(id);
    return e && e.appId === appId ? e : undefined;
  }

  holds(appUserId: string, appEntitlementId: string): boolean {
    return this.grants.some((g) => g.appUserId === appUserId && g.appEntitlementId === appEntitlementId);
  }

  /** Takes a grant away (a revoke task done). */
  revoke(appUserId: string, appEntitlementId: string): void {
    this.grants = this.grants.filter(
      (g) => !(g.appUserId === appUserId && g.appEntitlementId === appEntitlementId),
    );
  }

  /** Every account of an identity disabled and its grants gone (an offboarding done). */
  offboard(identityUserId: string): void {
    for (const u of this.appUsers.values()) {
      if (u.identityUserId !== identityUserId) continue;
      u.status = { status: 'STATUS_DISABLED' };
      this.grants = this.grants.filter((g) => g.appUserId !== u.id);
    }
  }

  /** GET /api/v1/apps/{id}: GetAppResponse `{app}`. */
  getApp(id: string): Answer {
    const a = this.apps.get(id);
    return a ? { status: 200, body: { app: structuredClone(a) } } : grpcError(404, 5, `app ${id} not found`);
  }

  /** GET …/resource_types/{type}/resources/{id}: `{appResourceView: {appResource}}`, if of that app and type. */
  getResource(appId: string, typeId: string, id: string): Answer {
    const r = this.resources.get(id);
    return r && r.appId === appId && r.appResourceTypeId === typeId
      ? { status: 200, body: { appResourceView: { appResource: structuredClone(r) } } }
      : grpcError(404, 5, `app resource ${id} not found`);
  }

  /**
   * The AppUserViews a search matches, or the 400 of a malformed filter: `refs` (app and id),
   * `appUserIds`, `appIds`, `userIds` (the identities they belong to). Filters ANDed.
   */
  searchAppUsers(request: Record<string, unknown>): Record<string, unknown>[] | Answer {
    const body = jsonNamed(request);
    const lists: Record<string, string[] | undefined> = {};
    for (const field of ['appUserIds', 'appIds', 'userIds'] as const) {
      const value = stringList(body[field]);
      if (value === 'malformed') return grpcError(400, 3, `invalid value for ${field}: a list of strings`);
      lists[field] = value;
    }
    const refs = appUserRefs(body.refs);
    if (refs === 'malformed') return grpcError(400, 3, 'invalid value for refs: each an AppUserRef');
    return [...this.appUsers.values()]
      .filter((u) => {
        if (refs && !refs.some((r) => r.id === u.id && (!r.appId || r.appId === u.appId))) return false;
        if (lists.appUserIds && !lists.appUserIds.includes(u.id)) return false;
        if (lists.appIds && !lists.appIds.includes(u.appId)) return false;
        if (lists.userIds && !lists.userIds.includes(String(u.identityUserId ?? ''))) return false;
        return true;
      })
      .map((u) => ({ appUser: structuredClone(u) }));
  }

  /**
   * The grants a search matches (AppEntitlementWithUserBinding: the entitlement and the binding),
   * or the 400 of a malformed filter: `appIds`, `appUserIds`, `userId` (an identity's accounts).
   */
  searchGrants(request: Record<string, unknown>): Record<string, unknown>[] | Answer {
    const body = jsonNamed(request);
    const lists: Record<string, string[] | undefined> = {};
    for (const field of ['appIds', 'appUserIds'] as const) {
      const value = stringList(body[field]);
      if (value === 'malformed') return grpcError(400, 3, `invalid value for ${field}: a list of strings`);
      lists[field] = value;
    }
    if (body.userId !== undefined && body.userId !== null && typeof body.userId !== 'string')
      return grpcError(400, 3, 'invalid value for userId: a string');
    const userId = typeof body.userId === 'string' && body.userId ? body.userId : undefined;
    return this.grants
      .filter((g) => {
        if (lists.appIds && !lists.appIds.includes(g.appId)) return false;
        if (lists.appUserIds && !lists.appUserIds.includes(g.appUserId)) return false;
        if (userId && this.appUsers.get(g.appUserId)?.identityUserId !== userId) return false;
        return true;
      })
      .flatMap((g) => {
        const e = this.entitlements.get(g.appEntitlementId);
        if (!e) return [];
        return [
          {
            entitlement: { appEntitlement: structuredClone(e) },
            appEntitlementUserBinding: {
              appId: g.appId,
              appEntitlementId: g.appEntitlementId,
              appUserId: g.appUserId,
              appEntitlementUserBindingCreatedAt: g.createdAt,
            },
          },
        ];
      });
  }
}
