import { hasEmail } from '../domain/attribution.js';
import { type Organisation, ofOurOrganisation } from '../domain/organisation.js';
import { isSlackApiError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { TenantUser } from '../model/user.js';
import type { NoSlackPerson, OwnerPerson, OwnersPort, TenantUserOf } from '../ports/owners.js';
import type { SlackPerson } from '../ports/slack.js';
import { TtlCache } from '../ttl-cache.js';

/** What the directory asks of the tenant and of Slack (tenant/users.ts, slack/user-directory.ts). */
export interface OwnerDirectoryDeps {
  getUser(identityUserId: string): Promise<TenantUser | undefined>;
  findUsersByEmail(email: string): Promise<TenantUser[]>;
  lookupByEmail(email: string): Promise<SlackPerson | undefined>;
  slackPerson(slackUserId: string): Promise<SlackPerson>;
  /** The installing organisation: only its members are mapped, either way. */
  organisation: Organisation;
  logger: Logger;
  now: () => number;
}

/** How long an answer is kept: a mapping an hour, a miss ten minutes, a failure half a minute. */
export const OWNER_TTL = { found: 3_600_000, missing: 600_000, failed: 30_000 } as const;

const emailOf = (u: TenantUser): string | undefined =>
  u.email || u.emails?.find((e) => e.trim() !== '') || undefined;
/**
 * The tenant's name for a user: the display name, else the username, but never one that holds an
 * email (SSO directories often make the username the address, and leave the display name empty):
 * then the user has no name here, and is shown by mention or by id.
 */
const nameOf = (u: TenantUser): string | undefined =>
  [u.displayName, u.username].find((n) => n && n.trim() !== '' && !hasEmail(n)) || undefined;

/**
 * The two mappings, each cached (wiring of ports/owners.ts): identity user -> email ->
 * `users.lookupByEmail`, and Slack member -> `users.info` email -> the tenant's user search.
 * Misses are cached too (a service identity without email is asked about on every card), and a
 * failure (a 429, a 500) briefly, so a burst of cards does not hammer either side.
 */
export function createOwnerDirectory(d: OwnerDirectoryDeps): OwnersPort {
  const people = new TtlCache<OwnerPerson>({ max: 5_000, now: d.now });
  const users = new TtlCache<TenantUserOf>({ max: 5_000, now: d.now });
  const log = d.logger.child({ component: 'owners' });

  async function lookUpPerson(identityUserId: string): Promise<OwnerPerson> {
    const none = (why: NoSlackPerson, name?: string): OwnerPerson => ({
      identityUserId,
      name,
      slackUserId: undefined,
      why,
    });
    let user: TenantUser | undefined;
    try {
      user = await d.getUser(identityUserId);
    } catch (error) {
      log.warn({ err: error, identityUserId }, 'tenant user lookup failed');
      return none('unavailable');
    }
    if (!user) return none('no-tenant-user');
    const name = nameOf(user);
    const email = emailOf(user);
    const managerIds = user.managerIds?.filter((m) => m !== '') ?? [];
    if (!email) return { ...none('no-email', name), managerIds };
    try {
      const person = await d.lookupByEmail(email);
      if (!person || person.deleted || person.isBot) return { ...none('not-in-slack', name), managerIds };
      // Slack Connect: Slack may answer with a person of another organisation who holds the address.
      if (!ofOurOrganisation(person, d.organisation))
        return { ...none('other-organisation', name), managerIds };
      return { identityUserId, name, slackUserId: person.id, guest: person.isGuest, managerIds };
    } catch (error) {
      if (isSlackApiError(error) && error.slackCode === 'missing_scope')
        return { ...none('emails-hidden', name), managerIds };
      log.warn({ err: error, identityUserId }, 'Slack lookup by email failed');
      return { ...none('unavailable', name), managerIds };
    }
  }

  async function lookUpUser(slackUserId: string): Promise<TenantUserOf> {
    let person: SlackPerson;
    try {
      person = await d.slackPerson(slackUserId);
    } catch (error) {
      if (isSlackApiError(error) && error.slackCode === 'user_not_found')
        return { ok: false, why: 'slack-user-unknown' };
      log.warn({ err: error, slackUserId }, 'users.info failed');
      return { ok: false, why: 'unavailable' };
    }
    if (person.deleted) return { ok: false, why: 'deactivated' };
    if (person.isBot) return { ok: false, why: 'bot' };
    // Their email is what *their* organisation asserts: it says nothing about our tenant's users.
    if (!ofOurOrganisation(person, d.organisation)) return { ok: false, why: 'other-organisation' };
    if (!person.email) return { ok: false, why: 'email-hidden' };
    let found: TenantUser[];
    try {
      found = await d.findUsersByEmail(person.email);
    } catch (error) {
      log.warn({ err: error, slackUserId }, 'tenant user search failed');
      return { ok: false, why: 'unavailable' };
    }
    const [only, another] = found;
    if (!only) return { ok: false, why: 'no-tenant-user' };
    if (another) return { ok: false, why: 'ambiguous' };
    return { ok: true, identityUserId: only.id, name: nameOf(only) };
  }

  return {
    personOf: (id) =>
      people.get(
        id,
        () => lookUpPerson(id),
        (p) =>
          p.slackUserId ? OWNER_TTL.found : p.why === 'unavailable' ? OWNER_TTL.failed : OWNER_TTL.missing,
      ),
    tenantUserOf: (id) =>
      users.get(
        id,
        () => lookUpUser(id),
        (u) => (u.ok ? OWNER_TTL.found : u.why === 'unavailable' ? OWNER_TTL.failed : OWNER_TTL.missing),
      ),
  };
}

/** Where nobody can be mapped (a worker built without the tenant): owners shown by id. */
export const UNMAPPED_OWNERS: OwnersPort = {
  personOf: (identityUserId) =>
    Promise.resolve({ identityUserId, name: undefined, slackUserId: undefined, why: 'unavailable' }),
  tenantUserOf: () => Promise.resolve({ ok: false, why: 'unavailable' }),
};
