import type { Kysely } from 'kysely';
import type { SeenRecord, SeenStore } from '../../ports/store.js';
import type { Database } from '../schema.js';

export function seenQueries(db: Kysely<Database>): SeenStore {
  return {
    async seen(findingIds) {
      const out = new Map<string, SeenRecord>();
      for (let i = 0; i < findingIds.length; i += 500) {
        const chunk = findingIds.slice(i, i + 500);
        if (chunk.length === 0) continue;
        const rows = await db.selectFrom('seen').selectAll().where('finding_id', 'in', chunk).execute();
        for (const r of rows)
          out.set(r.finding_id, {
            state: r.state,
            recurrence: r.recurrence == null ? null : Number(r.recurrence),
          });
      }
      return out;
    },
    async recordSeen(findingId, record, now) {
      const values = { state: record.state, recurrence: record.recurrence, seen_at: now };
      await db
        .insertInto('seen')
        .values({ finding_id: findingId, ...values })
        .onConflict((oc) => oc.column('finding_id').doUpdateSet(values))
        .execute();
    },
  };
}
