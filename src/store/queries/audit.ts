import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { AuditEntry, AuditLog } from '../../ports/store.js';
import type { AuditTable, Database } from '../schema.js';
import { clip, newId, parseJson } from './common.js';

const ParamsSchema = z.record(z.string(), z.unknown()).catch({});

const toEntry = (r: Selectable<AuditTable>): AuditEntry => ({
  ...r,
  at: Number(r.at),
  params: ParamsSchema.parse(parseJson(r.params)),
});

export function auditQueries(db: Kysely<Database>): AuditLog {
  return {
    async appendAudit(entry) {
      const id = entry.id ?? newId('aud', entry.at);
      await db
        .insertInto('audit_log')
        .values({
          id,
          at: entry.at,
          team_id: entry.team_id,
          user_id: entry.user_id,
          channel: entry.channel,
          finding_id: entry.finding_id,
          action: entry.action,
          params: JSON.stringify(entry.params),
          outcome: entry.outcome,
          error: entry.error === null ? null : clip(entry.error),
          instance_id: entry.instance_id ?? null,
        })
        .execute();
      return id;
    },
    async settleAudit(id, outcome, error, params) {
      const settled = await db
        .updateTable('audit_log')
        .set({
          outcome,
          error: error === null ? null : clip(error),
          ...(params ? { params: JSON.stringify(params) } : {}),
        })
        .where('id', '=', id)
        .where('outcome', '=', 'attempt')
        .executeTakeFirst();
      return Number(settled.numUpdatedRows) > 0;
    },
    async unsettledAttempts(q) {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .where('outcome', '=', 'attempt')
        .where((eb) => {
          // Past the deadline: a row of an older version (no owner recorded), or this process's
          // own (it is not running it any more: an outage cut its settle short).
          const overdue = eb.and([
            eb('at', '<', q.before),
            eb.or([eb('instance_id', 'is', null), eb('instance_id', '=', q.self)]),
          ]);
          if (!q.byLease) return overdue;
          // Another process's, whose lease is gone: it died (or stopped) with the change in hand.
          const ownerGone = eb.and([
            eb('instance_id', 'is not', null),
            eb('instance_id', '!=', q.self),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('instances')
                  .select('instances.id')
                  .whereRef('instances.id', '=', 'audit_log.instance_id')
                  .where('instances.lease_until', '>=', q.now),
              ),
            ),
          ]);
          return eb.or([overdue, ownerGone]);
        })
        .orderBy('at')
        .limit(q.limit)
        .execute();
      return rows.map(toEntry);
    },
    async auditLog(filter) {
      let q = db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit);
      if (filter.findingId) q = q.where('finding_id', '=', filter.findingId);
      if (filter.userId) q = q.where('user_id', '=', filter.userId);
      const rows = await q.execute();
      return rows.map(toEntry);
    },
  };
}
