import { type Kysely, sql } from 'kysely';
import type { PacingStore } from '../../ports/pacing.js';
import type { Store } from '../../ports/store.js';
import type { Database } from '../schema.js';

/**
 * Slots taken in one statement (an upsert whose update only applies when the slot is near), so
 * two replicas asking at once get two different slots, on PostgreSQL and SQLite alike.
 */
export function pacingQueries(db: Kysely<Database>, kind: Store['kind']): PacingStore {
  // the larger of several values: greatest() in PostgreSQL, the multi-argument max() in SQLite
  const larger = sql.raw(kind === 'postgres' ? 'greatest' : 'max');
  return {
    async takeSlot(key, { intervalMs, burst }, now, maxWaitMs) {
      // A quiet key lends up to `burst` slots from the recent past: a short burst goes at once.
      const floor = now - (burst - 1) * intervalMs;
      const taken = await db
        .insertInto('slack_pacing')
        .values({ key, next_at: floor + intervalMs, paused_until: 0 })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              next_at: sql<number>`${larger}(slack_pacing.next_at, slack_pacing.paused_until, ${floor}) + ${intervalMs}`,
            })
            .where(
              sql<boolean>`${larger}(slack_pacing.next_at, slack_pacing.paused_until) <= ${now + maxWaitMs}`,
            ),
        )
        .returning('next_at')
        .executeTakeFirst();
      if (taken) return { at: Math.max(now, Number(taken.next_at) - intervalMs) };
      const row = await db
        .selectFrom('slack_pacing')
        .select(['next_at', 'paused_until'])
        .where('key', '=', key)
        .executeTakeFirst();
      return { busyUntil: Math.max(Number(row?.next_at ?? now), Number(row?.paused_until ?? now)) };
    },
    async pauseSlots(key, until) {
      await db
        .insertInto('slack_pacing')
        .values({ key, next_at: 0, paused_until: until })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ paused_until: sql<number>`${larger}(slack_pacing.paused_until, ${until})` }),
        )
        .execute();
    },
  };
}
