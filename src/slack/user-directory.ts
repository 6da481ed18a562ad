import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { isKnownTimeZone } from '../domain/when.js';
import { isSlackApiError } from '../errors.js';
import { DEFAULT_LOCALE, type Locale, localeOf } from '../i18n/locale.js';
import type { PeoplePort, SlackPerson } from '../ports/slack.js';
import { TtlCache } from '../ttl-cache.js';

const UserInfoSchema = z.looseObject({
  user: z.looseObject({
    id: z.string(),
    team_id: z.string().nullish(),
    enterprise_user: z.looseObject({ enterprise_id: z.string().nullish() }).nullish(),
    name: z.string().nullish(),
    tz: z.string().nullish(),
    /** Only with `include_locale: true`: e.g. "de-DE". */
    locale: z.string().nullish(),
    is_bot: z.boolean().nullish(),
    deleted: z.boolean().nullish(),
    is_restricted: z.boolean().nullish(),
    is_ultra_restricted: z.boolean().nullish(),
    profile: z
      .looseObject({
        display_name: z.string().nullish(),
        real_name: z.string().nullish(),
        email: z.string().nullish(),
      })
      .nullish(),
  }),
});

type SlackUser = z.output<typeof UserInfoSchema>['user'];

function personOf(u: SlackUser): SlackPerson {
  const tz = u.tz && isKnownTimeZone(u.tz) ? u.tz : 'UTC';
  return {
    id: u.id,
    teamId: u.team_id ?? undefined,
    enterpriseId: u.enterprise_user?.enterprise_id ?? undefined,
    tz,
    locale: localeOf(u.locale),
    realName: u.profile?.real_name || u.name || u.id,
    displayName: u.profile?.display_name || u.profile?.real_name || u.name || u.id,
    email: u.profile?.email || undefined,
    isBot: u.is_bot === true,
    isGuest: u.is_restricted === true || u.is_ultra_restricted === true,
    deleted: u.deleted === true,
  };
}

/**
 * Who a Slack user is (time zone, name, guest or bot) from `users.info`, cached for an hour, one
 * request per user however many ask at once. A failed lookup is not cached. Callers that map
 * people by email (slack/owner-directory.ts) cache those answers themselves.
 */
export class UserDirectory implements PeoplePort {
  readonly #client: WebClient;
  readonly #ttlMs: number;
  readonly #cache: TtlCache<SlackPerson>;

  constructor(client: WebClient, ttlMs = 3_600_000, now: () => number = Date.now) {
    this.#client = client;
    this.#ttlMs = ttlMs;
    this.#cache = new TtlCache({ max: 20_000, now });
  }

  get(userId: string): Promise<SlackPerson> {
    return this.#cache.get(
      userId,
      () => this.#fetch(userId),
      () => this.#ttlMs,
    );
  }

  fresh(userId: string): Promise<SlackPerson> {
    this.#cache.delete(userId);
    return this.get(userId);
  }

  /** The person's language, or English when Slack cannot tell (the caller still gets an answer). */
  locale(userId: string): Promise<Locale> {
    return this.#readOr(userId, (p) => p.locale ?? DEFAULT_LOCALE, DEFAULT_LOCALE);
  }

  /** The person's time zone, or UTC when Slack cannot tell (the caller still gets an answer). */
  timeZone(userId: string): Promise<string> {
    return this.#readOr(userId, (p) => p.tz, 'UTC');
  }

  /** One thing about the person, or `fallback` when Slack cannot say who they are. */
  async #readOr<T>(userId: string, pick: (p: SlackPerson) => T, fallback: T): Promise<T> {
    try {
      return pick(await this.get(userId));
    } catch {
      return fallback;
    }
  }

  /**
   * The person with this email (`users.lookupByEmail`, needs `users:read.email`), or undefined
   * when Slack finds nobody: no such member, a deactivated one, or an email the workspace hides.
   */
  async lookupByEmail(email: string): Promise<SlackPerson | undefined> {
    try {
      return personOf(UserInfoSchema.parse(await this.#client.users.lookupByEmail({ email })).user);
    } catch (error) {
      if (isSlackApiError(error) && error.slackCode === 'users_not_found') return undefined;
      throw error;
    }
  }

  async #fetch(userId: string): Promise<SlackPerson> {
    return personOf(
      UserInfoSchema.parse(await this.#client.users.info({ user: userId, include_locale: true })).user,
    );
  }
}
