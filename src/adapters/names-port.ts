import { findingAppId, targetRefOf } from '../domain/target.js';
import type { Logger } from '../logger.js';
import type { NamesPort, TargetNames } from '../ports/names.js';
import { findAppUsers, getAppName, getAppResourceName } from '../tenant/apps.js';
import type { TenantClient } from '../tenant/client.js';
import { getUser } from '../tenant/users.js';
import { TtlCache } from '../ttl-cache.js';

/**
 * Names of a finding's app and target over the tenant's reads (GET /api/v1/apps/{id}, POST
 * /api/v1/search/app_users, GET …/resource_types/{type}/resources/{id}, GET /api/v1/users/{id}),
 * cached: one cache per tenant client, whichever workspace asks, and one read in flight per id
 * however many cards ask at once (a flood of 600 alerts over 20 apps reads each app once).
 * Accounts asked for together are read in one search. A name not read (no such id, the tenant
 * down) is left out: the card shows the id, and nothing fails.
 */

/** Names change rarely; a miss (not there yet?) is asked again sooner, a failure sooner still. */
const HIT_MS = 15 * 60_000;
const MISS_MS = 60_000;
const FAILED_MS = 10_000;
const MAX_KEYS = 20_000;
/** The most accounts one search names (the vendor's page size). */
const BATCH = 100;

/** A read that failed (kept briefly, so a tenant outage is not asked once per card). */
const FAILED = Symbol('failed');
type Read = string | undefined | typeof FAILED;

const ttlOf = (v: Read) => (v === FAILED ? FAILED_MS : v === undefined ? MISS_MS : HIT_MS);

interface Options {
  now: () => number;
  logger: Logger;
}

const shared = new WeakMap<TenantClient, NamesPort>();

/** The names port of this tenant client: the same (one cache) for every workspace's ports. */
export function namesPortFor(client: TenantClient, o: Options): NamesPort {
  let port = shared.get(client);
  if (!port) {
    port = createNamesPort(client, o);
    shared.set(client, port);
  }
  return port;
}

export function createNamesPort(client: TenantClient, o: Options): NamesPort {
  const cache = new TtlCache<Read>({ max: MAX_KEYS, now: o.now });
  const read = (key: string, load: () => Promise<string | undefined>): Promise<string | undefined> =>
    cache
      .get(
        key,
        () =>
          load().catch((error: unknown): Read => {
            o.logger.warn({ err: error, name: key.split(':')[0] }, 'name not read: shown by id');
            return FAILED;
          }),
        ttlOf,
      )
      .then((v) => (v === FAILED ? undefined : v));
  const accounts = accountBatcher(client);

  return {
    async targetNames(finding) {
      const appId = findingAppId(finding);
      const ref = targetRefOf(finding);
      const [app, target] = await Promise.all([
        appId ? read(`app:${appId}`, async () => (await getAppName(client, appId))?.name) : undefined,
        ref?.kind === 'appUser'
          ? read(`appUser:${ref.appId}:${ref.id}`, () => accounts(ref.appId, ref.id))
          : ref?.kind === 'resource'
            ? read(`resource:${ref.appId}:${ref.typeId}:${ref.id}`, () => getAppResourceName(client, ref))
            : ref?.kind === 'identity'
              ? read(`user:${ref.id}`, async () => {
                  const user = await getUser(client, ref.id);
                  // Never a name that is an email address (an SSO-made user's username is one).
                  const name = user?.displayName || user?.username || undefined;
                  return name?.includes('@') ? undefined : name;
                })
              : undefined,
      ]);
      const names: TargetNames = {};
      if (app) names.app = app;
      if (target) names.target = target;
      return names;
    },
  };
}

/**
 * Accounts asked for in the same turn of the event loop, named in one search (at most BATCH a
 * search): a roll-up of a hundred cards is a search, not a hundred.
 */
function accountBatcher(client: TenantClient) {
  const pending: { appId: string; id: string; done: (name: Promise<string | undefined>) => void }[] = [];
  const flush = () => {
    const batch = pending.splice(0, BATCH);
    if (pending.length > 0) setImmediate(flush);
    const found = findAppUsers(client, batch);
    for (const ask of batch)
      ask.done(
        found.then((users) => {
          const user = users.find((u) => u.id === ask.id && (u.appId || ask.appId) === ask.appId);
          return user ? user.displayName || user.username || undefined : undefined;
        }),
      );
  };
  return (appId: string, id: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      if (pending.length === 0) setImmediate(flush);
      pending.push({ appId, id, done: (name) => name.then(resolve, reject) });
    });
}
