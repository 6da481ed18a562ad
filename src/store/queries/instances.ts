import type { Kysely } from 'kysely';
import type { InstanceLeases } from '../../ports/store.js';
import type { Database } from '../schema.js';

export function instanceQueries(db: Kysely<Database>): InstanceLeases {
  return {
    async renewInstance(id, startedAt, leaseUntil) {
      // An upsert: the first heartbeat registers, and a row someone forgot is taken again.
      await db
        .insertInto('instances')
        .values({ id, started_at: startedAt, lease_until: leaseUntil })
        .onConflict((oc) => oc.column('id').doUpdateSet({ lease_until: leaseUntil }))
        .execute();
    },
    async releaseInstance(id) {
      await db.deleteFrom('instances').where('id', '=', id).execute();
    },
  };
}
