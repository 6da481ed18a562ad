import type { Kysely, Selectable } from 'kysely';
import type { FrozenReason } from '../../domain/sla.js';
import type { SlaClockRow, SlaStore } from '../../ports/sla.js';
import type { Database } from '../schema.js';
import type { SlaClocksTable } from '../schema-sla.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const FROZEN = new Set<FrozenReason>(['closed', 'snoozed', 'riskAccepted']);

function toRow(r: Selectable<SlaClocksTable>): SlaClockRow {
  return {
    findingId: r.finding_id,
    team: r.team_id,
    severity: r.severity,
    findingType: r.finding_type,
    state: r.state,
    createdAt: Number(r.created_at),
    changedAt: Number(r.changed_at),
    ackedAt: num(r.acked_at),
    ackSpent: num(r.ack_spent),
    pausedMs: Number(r.paused_ms),
    frozenSince: num(r.frozen_since),
    frozenWhy: r.frozen_why && FROZEN.has(r.frozen_why) ? r.frozen_why : null,
    shown: r.shown,
    nextAt: num(r.next_at),
    overdue: Number(r.overdue) === 1,
    updatedAt: Number(r.updated_at),
  };
}

/** The SLA clocks over kysely (ports/sla.ts). */
export function slaQueries(db: Kysely<Database>): SlaStore {
  return {
    async slaClock(findingId) {
      const r = await db
        .selectFrom('sla_clocks')
        .selectAll()
        .where('finding_id', '=', findingId)
        .executeTakeFirst();
      return r ? toRow(r) : undefined;
    },
    async putSlaClock(row, now) {
      const values = {
        team_id: row.team,
        severity: row.severity,
        finding_type: row.findingType,
        state: row.state,
        created_at: row.createdAt,
        changed_at: row.changedAt,
        acked_at: row.ackedAt,
        ack_spent: row.ackSpent,
        paused_ms: row.pausedMs,
        frozen_since: row.frozenSince,
        frozen_why: row.frozenWhy,
        shown: row.shown,
        next_at: row.nextAt,
        claimed_until: null,
        overdue: row.overdue ? 1 : 0,
        updated_at: now,
      };
      await db
        .insertInto('sla_clocks')
        .values({ finding_id: row.findingId, ...values })
        .onConflict((oc) => oc.column('finding_id').doUpdateSet(values))
        .execute();
    },
    async claimDueSlaClocks(now, leaseMs, limit) {
      // One statement: a row is taken by one replica until its lease ends (written back sooner).
      const due = db
        .selectFrom('sla_clocks')
        .select('finding_id')
        .where('next_at', '<=', now)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .orderBy('next_at')
        .limit(limit);
      const rows = await db
        .updateTable('sla_clocks')
        .set({ claimed_until: now + leaseMs })
        .where('finding_id', 'in', due)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
        .returningAll()
        .execute();
      return rows.map(toRow);
    },
    async sweptSlaClock(findingId, swept, readAt, now) {
      const done = await db
        .updateTable('sla_clocks')
        .set({
          shown: swept.shown,
          next_at: swept.nextAt,
          overdue: swept.overdue ? 1 : 0,
          claimed_until: null,
        })
        .where('finding_id', '=', findingId)
        .where('updated_at', '=', readAt)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) > 0) return;
      await db
        .updateTable('sla_clocks')
        .set({ claimed_until: null, next_at: now })
        .where('finding_id', '=', findingId)
        .execute();
    },
    async overdueSlaClocks(limit, team) {
      let q = db.selectFrom('sla_clocks').selectAll().where('overdue', '=', 1);
      if (team !== undefined) q = q.where('team_id', '=', team);
      const rows = await q.orderBy('created_at').limit(limit).execute();
      return rows.map(toRow);
    },
    async overdueBySeverity() {
      const rows = await db
        .selectFrom('sla_clocks')
        .select((eb) => ['severity', eb.fn.countAll<number>().as('n')])
        .where('overdue', '=', 1)
        .groupBy('severity')
        .execute();
      return new Map(rows.map((r) => [r.severity, Number(r.n)]));
    },
  };
}
