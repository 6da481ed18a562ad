import { type Answer, grpcError, isObject, jsonNamed } from './answer.js';
import { type JsonUser, seedUsers } from './seed-users.js';

/**
 * The tenant's identity users (GET /api/v1/users/{id}, POST /api/v1/search/users: api-facts.md
 * "More operations"). Tests add, change and remove users to make the cases they need.
 */

/** A UserView as the vendor writes it: the user and its id (the `*Path` fields point into `expanded`, empty here). */
export const userView = (user: JsonUser) => ({ user: structuredClone(user), userId: user.id });

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '');

/** A repeated string filter: undefined when unset or empty, 'malformed' when it is not a list of strings. */
function stringList(v: unknown): string[] | undefined | 'malformed' {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return 'malformed';
  return v.length > 0 ? (v as string[]) : undefined;
}

/** `refs` is a list of UserRef messages, `[{"id": …}]`. */
function refIds(v: unknown): string[] | undefined | 'malformed' {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((r) => !isObject(r) || typeof r.id !== 'string')) return 'malformed';
  return v.length > 0 ? v.map((r: { id: string }) => r.id) : undefined;
}

export class TenantUsers {
  readonly #byId = new Map<string, JsonUser>();

  constructor(seed: JsonUser[] = seedUsers()) {
    for (const u of seed) this.put(u);
  }

  /** Adds or replaces a user. */
  put(user: JsonUser): void {
    this.#byId.set(user.id, structuredClone(user));
  }

  /** The user as the tenant holds it (the live object: a test may change it in place). */
  get(id: string): JsonUser | undefined {
    return this.#byId.get(id);
  }

  remove(id: string): boolean {
    return this.#byId.delete(id);
  }

  all(): JsonUser[] {
    return [...this.#byId.values()];
  }

  /** The user's primary email, or "" (an audit event's actorSubject). */
  emailOf(id: string): string {
    const email = this.#byId.get(id)?.email;
    return typeof email === 'string' ? email : '';
  }

  /**
   * The users a SearchUsersRequest matches, in the tenant's order, or the 400 a malformed filter
   * gets: `email` an exact match (case-insensitive) on `email` or any of `emails`; `ids` and
   * `refs`; `query` a substring of the display name, username or email; `userStatuses`;
   * `excludeIds`; `excludeTypes`. Filters are ANDed, values in one list ORed.
   */
  search(request: Record<string, unknown>): JsonUser[] | Answer {
    const body = jsonNamed(request);
    if (body.email !== undefined && body.email !== null && typeof body.email !== 'string')
      return grpcError(400, 3, 'invalid value for email: a string');
    if (body.query !== undefined && body.query !== null && typeof body.query !== 'string')
      return grpcError(400, 3, 'invalid value for query: a string');
    const lists: Record<string, string[] | undefined> = {};
    for (const field of ['ids', 'userStatuses', 'excludeIds', 'excludeTypes'] as const) {
      const value = stringList(body[field]);
      if (value === 'malformed') return grpcError(400, 3, `invalid value for ${field}: a list of strings`);
      lists[field] = value;
    }
    const refs = refIds(body.refs);
    if (refs === 'malformed')
      return grpcError(400, 3, 'invalid value for refs: each must be a UserRef {"id": …}');
    const email = lower(body.email);
    const query = lower(body.query);
    return this.all().filter((u) => {
      if (email) {
        const addresses = [u.email, ...(Array.isArray(u.emails) ? u.emails : [])].map(lower);
        if (!addresses.includes(email)) return false;
      }
      if (query && ![u.displayName, u.username, u.email].some((v) => lower(v).includes(query))) return false;
      if (lists.ids && !lists.ids.includes(u.id)) return false;
      if (refs && !refs.includes(u.id)) return false;
      if (lists.userStatuses && !lists.userStatuses.includes(String(u.status ?? 'UNKNOWN'))) return false;
      if (lists.excludeIds?.includes(u.id)) return false;
      if (lists.excludeTypes?.includes(String(u.type ?? 'USER_TYPE_UNSPECIFIED'))) return false;
      return true;
    });
  }
}
