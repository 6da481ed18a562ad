import type { Kysely } from 'kysely';
import type { ReplayMemory } from '../../ports/store.js';
import type { Database } from '../schema.js';

export function replayQueries(db: Kysely<Database>): ReplayMemory {
  return {
    async rememberOnce(key, expiresAt, now) {
      // One statement, so two replicas taking the same request at once cannot both win: the
      // insert, or the take-over of an expired row, returns the key; a live repeat returns nothing.
      const taken = await db
        .insertInto('seen_requests')
        .values({ key, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ expires_at: expiresAt })
            .where('seen_requests.expires_at', '<=', now),
        )
        .returning('key')
        .executeTakeFirst();
      return taken !== undefined;
    },
  };
}
