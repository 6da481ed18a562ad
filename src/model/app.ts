import { z } from 'zod';
import { openEnum, str } from './wire-types.js';

/**
 * The tenant's apps, their accounts (app users) and what an account holds (grants), as much as a
 * containment form names of them: the vendor's c1.api.app.v1 App, AppUser and
 * AppEntitlementWithUserBinding. Everything but an id may be absent (proto3 zero values).
 */

/** GET /api/v1/apps/{id} (GetAppResponse). */
export const GetAppResponseSchema = z.looseObject({
  app: z.looseObject({ id: z.string().min(1), displayName: str }).nullish(),
});

/** GET /api/v1/apps/{app_id}/resource_types/{type}/resources/{id} (AppResourceServiceGetResponse). */
export const GetAppResourceResponseSchema = z.looseObject({
  appResourceView: z
    .looseObject({
      appResource: z.looseObject({ id: z.string().min(1), appId: str, displayName: str }).nullish(),
    })
    .nullish(),
});

export const APP_USER_TYPES = [
  'APP_USER_TYPE_UNSPECIFIED',
  'APP_USER_TYPE_USER',
  'APP_USER_TYPE_SERVICE_ACCOUNT',
  'APP_USER_TYPE_SYSTEM_ACCOUNT',
] as const;

export const AppUserSchema = z.looseObject({
  id: z.string().min(1),
  appId: str,
  displayName: str,
  username: str,
  /** The identity the account belongs to, when the tenant matched one. */
  identityUserId: str,
  appUserType: openEnum(APP_USER_TYPES).nullish(),
});
export type AppUser = z.output<typeof AppUserSchema>;

/** An item of POST /api/v1/search/app_users: an AppUserView. */
export const AppUserViewSchema = z.looseObject({ appUser: AppUserSchema.nullish() });

/** An item of POST /api/v1/search/grants: an entitlement and the account's binding to it. */
export const GrantSchema = z.looseObject({
  entitlement: z
    .looseObject({
      appEntitlement: z
        .looseObject({ id: z.string().min(1), appId: str, displayName: str, slug: str })
        .nullish(),
    })
    .nullish(),
  appEntitlementUserBinding: z.looseObject({ appId: str, appEntitlementId: str, appUserId: str }).nullish(),
});
