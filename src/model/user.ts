import { z } from 'zod';
import { openEnum, str, strArr } from './wire-types.js';

/**
 * The tenant's identity users (the vendor's c1.api.user.v1.User inside a UserView): what Warden
 * reads to map a finding's owner to a Slack person and back. Only the fields Warden uses are
 * named; everything else is kept (looseObject). Every field may be absent (proto3 zero values).
 */

export const USER_STATUSES = ['UNKNOWN', 'ENABLED', 'DISABLED', 'DELETED'] as const;

export const UserSchema = z.looseObject({
  id: z.string().min(1),
  email: str,
  emails: strArr,
  displayName: str,
  username: str,
  status: openEnum(USER_STATUSES).nullish(),
  /** The user's managers (tenant user ids; api-facts.md): whom an unanswered ask escalates to. */
  managerIds: strArr,
});
export type TenantUser = z.output<typeof UserSchema>;

/** A UserView: the user, which may be null (the schema allows it). */
export const UserViewSchema = z.looseObject({ user: UserSchema.nullish() });

/** GET /api/v1/users/{id} (UserServiceGetResponse). */
export const GetUserResponseSchema = z.looseObject({ userView: UserViewSchema.nullish() });
