import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { GroupsPort } from '../ports/slack.js';
import { TtlCache } from '../ttl-cache.js';

const MembersSchema = z.looseObject({ users: z.array(z.string()).nullish() });

/**
 * Members of Slack user groups (`usergroups.users.list`), cached for a while, one request per
 * group however many ask at once. A group that cannot be read counts as empty: permission is
 * refused, never granted, when Slack cannot say.
 */
export class UsergroupDirectory implements GroupsPort {
  readonly #client: WebClient;
  readonly #ttlMs: number;
  readonly #cache: TtlCache<ReadonlySet<string>>;
  onError: ((group: string, error: unknown) => void) | undefined;

  constructor(client: WebClient, ttlMs = 5 * 60_000, now: () => number = Date.now) {
    this.#client = client;
    this.#ttlMs = ttlMs;
    this.#cache = new TtlCache({ max: 1_000, now });
  }

  members(group: string): Promise<ReadonlySet<string>> {
    const members = this.#cache.get(
      group,
      () =>
        this.#client.usergroups.users
          .list({ usergroup: group })
          .then((answer) => new Set(MembersSchema.parse(answer).users ?? []))
          .catch((error: unknown) => {
            // told once a failed fetch, however many callers were waiting on it
            this.onError?.(group, error);
            throw error;
          }),
      () => this.#ttlMs,
    );
    return members.catch(() => new Set<string>());
  }

  async isMember(userId: string, groups: readonly string[]): Promise<boolean> {
    const sets = await Promise.all(groups.map((g) => this.members(g)));
    return sets.some((s) => s.has(userId));
  }
}
