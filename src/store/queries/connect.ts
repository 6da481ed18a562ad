import type { Kysely } from 'kysely';
import type { ConnectSweep, ConnectSweeps } from '../../ports/store.js';
import type { Database } from '../schema.js';

/**
 * Slack Connect's card sweeps (ports/connect.ts, migration 0125): one row a channel, claimed with
 * a lease in one statement, progress recorded as the cards are done.
 */

type Db = Kysely<Database>;

const sweepOf = (r: {
  channel: string;
  team_id: string;
  shared: number;
  after_ts: string;
}): ConnectSweep => ({
  channel: r.channel,
  teamId: r.team_id,
  shared: Number(r.shared) === 1,
  afterTs: r.after_ts,
});

export function connectQueries(db: Db): ConnectSweeps {
  return {
    async requestSweep(channel, teamId, shared, now) {
      const row = {
        channel,
        team_id: teamId,
        shared: shared ? 1 : 0,
        after_ts: '',
        claimed_by: null,
        claimed_until: null,
        created_at: now,
        updated_at: now,
      };
      // The same direction again: nothing changes (its progress stands). The other direction:
      // from the first card again, and a holder of the old direction loses it (advance says so).
      await db
        .insertInto('connect_sweeps')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('channel')
            .doUpdateSet({
              team_id: teamId,
              shared: row.shared,
              after_ts: '',
              claimed_by: null,
              claimed_until: null,
              updated_at: now,
            })
            .where('connect_sweeps.shared', '<>', row.shared),
        )
        .execute();
    },
    async claimSweep(teamId, holder, now, leaseMs) {
      const free = await db
        .selectFrom('connect_sweeps')
        .select('channel')
        .where('team_id', '=', teamId)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .orderBy('updated_at')
        .limit(1)
        .executeTakeFirst();
      if (!free) return undefined;
      const taken = await db
        .updateTable('connect_sweeps')
        .set({ claimed_by: holder, claimed_until: now + leaseMs })
        .where('channel', '=', free.channel)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) return undefined;
      const row = await db
        .selectFrom('connect_sweeps')
        .select(['channel', 'team_id', 'shared', 'after_ts'])
        .where('channel', '=', free.channel)
        .where('claimed_by', '=', holder)
        .executeTakeFirst();
      return row ? sweepOf(row) : undefined;
    },
    async advanceSweep(sweep, holder, now, leaseMs) {
      const moved = await db
        .updateTable('connect_sweeps')
        .set({ after_ts: sweep.afterTs, claimed_until: now + leaseMs, updated_at: now })
        .where('channel', '=', sweep.channel)
        .where('claimed_by', '=', holder)
        .where('shared', '=', sweep.shared ? 1 : 0)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) === 1;
    },
    async finishSweep(sweep, holder) {
      await db
        .deleteFrom('connect_sweeps')
        .where('channel', '=', sweep.channel)
        .where('claimed_by', '=', holder)
        .where('shared', '=', sweep.shared ? 1 : 0)
        .execute();
    },
    async releaseSweep(channel, holder) {
      await db
        .updateTable('connect_sweeps')
        .set({ claimed_by: null, claimed_until: null })
        .where('channel', '=', channel)
        .where('claimed_by', '=', holder)
        .execute();
    },
    async outboxIdAt(channel, ts) {
      const row = await db
        .selectFrom('outbox')
        .select('id')
        .where('channel', '=', channel)
        .where('status', '=', 'sent')
        .where('sent_ts', '=', ts)
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },
    async cardsIn(channel, afterTs, limit) {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('channel', '=', channel)
        .where('ts', '>', afterTs)
        .orderBy('ts')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        findingId: r.finding_id,
        channel: r.channel,
        ts: r.ts,
        lastState: r.last_state,
        lastRecurrence: r.last_recurrence == null ? null : Number(r.last_recurrence),
        lastHash: r.last_hash,
      }));
    },
  };
}
