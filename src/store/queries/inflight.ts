import type { Kysely } from 'kysely';
import type { InflightClaims } from '../../ports/store.js';
import type { Database } from '../schema.js';

export function inflightQueries(db: Kysely<Database>): InflightClaims {
  return {
    async claimInflight(findingId, holder, leaseUntil, now) {
      // One statement: a free finding, or one whose holder's lease ran out, is taken; a live
      // claim returns nothing. Atomic on PostgreSQL and SQLite alike. A holder is new for each
      // claim, so one that finds itself holding it is this claim tried again (its connection
      // was cut after the row was written): still taken.
      const taken = await db
        .insertInto('inflight')
        .values({ finding_id: findingId, holder, lease_until: leaseUntil })
        .onConflict((oc) =>
          oc
            .column('finding_id')
            .doUpdateSet({ holder, lease_until: leaseUntil })
            .where((eb) =>
              eb.or([eb('inflight.lease_until', '<=', now), eb('inflight.holder', '=', holder)]),
            ),
        )
        .returning('finding_id')
        .executeTakeFirst();
      return taken !== undefined;
    },
    async releaseInflight(findingId, holder) {
      await db
        .deleteFrom('inflight')
        .where('finding_id', '=', findingId)
        .where('holder', '=', holder)
        .execute();
    },
    async releaseInflightOf(findingId, instanceId) {
      await db
        .deleteFrom('inflight')
        .where('finding_id', '=', findingId)
        .where('holder', 'like', `${instanceId}.%`)
        .execute();
    },
  };
}
