import { isApiError } from '../errors.js';
import { GetUserResponseSchema, type TenantUser, UserViewSchema } from '../model/user.js';
import type { TenantClient } from './client.js';
import { paginate } from './paginate.js';
import { encodePathSegment } from './path-segment.js';

/**
 * The tenant's identity users (api-facts.md "More operations"): one by id, and the ones with an
 * email. Reads only; safe to repeat.
 */

/** The user, or undefined when the tenant has none by that id (404). */
export async function getUser(client: TenantClient, userId: string): Promise<TenantUser | undefined> {
  try {
    const answer = await client.request({
      operation: 'getUser',
      method: 'GET',
      path: `/api/v1/users/${encodePathSegment(userId, 'user id')}`,
      schema: GetUserResponseSchema,
      idempotent: true,
    });
    return answer.userView?.user ?? undefined;
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return undefined;
    throw error;
  }
}

/** The users whose email (or one of their emails) is `email`: at most `limit`. */
export async function findUsersByEmail(
  client: TenantClient,
  email: string,
  limit = 5,
): Promise<TenantUser[]> {
  const found: TenantUser[] = [];
  const views = paginate(client, {
    operation: 'searchUsers',
    method: 'POST',
    path: '/api/v1/search/users',
    body: { email },
    item: UserViewSchema,
    pageSize: 10,
    limit,
  });
  for await (const view of views) if (view.user) found.push(view.user);
  return found;
}
