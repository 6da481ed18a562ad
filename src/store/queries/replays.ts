import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReplayMemory } from '../../ports/store.js';
import { type RetryPolicy, retrying } from '../availability.js';
import type { Database } from '../schema.js';

export function replayQueries(db: Kysely<Database>, retry: RetryPolicy): ReplayMemory {
  return {
    async rememberOnce(key, expiresAt, now, keep) {
      // One statement, so two replicas taking the same request at once cannot both win: the
      // insert, or the take-over of an expired row, returns the key; a live repeat returns nothing.
      // A try whose connection was cut may have stored the row: the next try, on a fresh
      // connection, finds its own token there and is still the first.
      const taker = randomBytes(8).toString('hex');
      const kept = keep
        ? { instance_id: keep.instanceId, ref: keep.ref, intent: keep.body, taken_at: now }
        : { instance_id: null, ref: null, intent: null, taken_at: now };
      const taken = await retrying(retry, () =>
        db
          .insertInto('seen_requests')
          .values({ key, expires_at: expiresAt, taker, ...kept })
          .onConflict((oc) =>
            oc
              .column('key')
              .doUpdateSet({ expires_at: expiresAt, taker, ...kept })
              .where((eb) =>
                eb.or([eb('seen_requests.expires_at', '<=', now), eb('seen_requests.taker', '=', taker)]),
              ),
          )
          .returning('key')
          .executeTakeFirst(),
      );
      return taken !== undefined;
    },
  };
}
