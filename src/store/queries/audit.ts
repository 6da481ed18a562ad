import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AuditLog } from '../../ports/store.js';
import type { Database } from '../schema.js';
import { clip, newId, parseJson } from './common.js';

const ParamsSchema = z.record(z.string(), z.unknown()).catch({});

export function auditQueries(db: Kysely<Database>): AuditLog {
  return {
    async appendAudit(entry) {
      await db
        .insertInto('audit_log')
        .values({
          id: entry.id ?? newId('aud', entry.at),
          at: entry.at,
          team_id: entry.team_id,
          user_id: entry.user_id,
          channel: entry.channel,
          finding_id: entry.finding_id,
          action: entry.action,
          params: JSON.stringify(entry.params),
          outcome: entry.outcome,
          error: entry.error === null ? null : clip(entry.error),
        })
        .execute();
    },
    async auditLog(filter) {
      let q = db
        .selectFrom('audit_log')
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit);
      if (filter.findingId) q = q.where('finding_id', '=', filter.findingId);
      const rows = await q.execute();
      return rows.map((r) => ({ ...r, at: Number(r.at), params: ParamsSchema.parse(parseJson(r.params)) }));
    },
  };
}
