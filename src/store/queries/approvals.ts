import type { Kysely, Selectable } from 'kysely';
import type { Approval, ApprovalStore } from '../../ports/store.js';
import type { ApprovalsTable, Database } from '../schema.js';
import { newId } from './common.js';

function toApproval(r: Selectable<ApprovalsTable>): Approval {
  return {
    id: r.id,
    findingId: r.finding_id,
    requesterId: r.requester_id,
    justification: r.justification,
    riskExpiresAt: Number(r.risk_expires_at),
    channel: r.channel,
    messageTs: r.message_ts,
    requestTs: r.request_ts,
    status: r.status,
    decidedBy: r.decided_by,
    decisionReason: r.decision_reason,
    createdAt: Number(r.created_at),
    expireAt: Number(r.expire_at),
    findingIds: parseIds(r.finding_ids),
    functionExecutionId: r.function_execution_id ?? null,
    ...(r.team_id ? { teamId: r.team_id } : {}),
  };
}

/** The ids a bulk request covers; an unreadable list is no list (the request then acts on none). */
function parseIds(raw: string | null): string[] | null {
  if (raw === null) return null;
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function approvalQueries(db: Kysely<Database>): ApprovalStore {
  return {
    async createApproval(a) {
      const id = newId('apr', a.createdAt);
      await db
        .insertInto('approvals')
        .values({
          id,
          finding_id: a.findingId,
          requester_id: a.requesterId,
          justification: a.justification,
          risk_expires_at: a.riskExpiresAt,
          channel: a.channel,
          message_ts: a.messageTs,
          request_ts: null,
          status: 'pending',
          decided_by: null,
          decision_reason: null,
          created_at: a.createdAt,
          expire_at: a.expireAt,
          decided_at: null,
          finding_ids: a.findingIds ? JSON.stringify(a.findingIds) : null,
          function_execution_id: a.functionExecutionId ?? null,
          team_id: a.teamId ?? null,
        })
        .execute();
      return {
        ...a,
        id,
        requestTs: null,
        status: 'pending',
        decidedBy: null,
        decisionReason: null,
        findingIds: a.findingIds ?? null,
        functionExecutionId: a.functionExecutionId ?? null,
      };
    },
    async getApproval(id) {
      const row = await db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toApproval(row) : undefined;
    },
    async setApprovalRequestTs(id, ts) {
      await db.updateTable('approvals').set({ request_ts: ts }).where('id', '=', id).execute();
    },
    async decideApproval(id, status, by, reason, now) {
      const result = await db
        .updateTable('approvals')
        .set({ status, decided_by: by, decision_reason: reason, decided_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('expire_at', '>', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async reopenApproval(id) {
      await db
        .updateTable('approvals')
        .set({ status: 'pending', decided_by: null, decision_reason: null, decided_at: null })
        .where('id', '=', id)
        .execute();
    },
    async pendingApprovals(now) {
      const rows = await db
        .selectFrom('approvals')
        .selectAll()
        .where('status', '=', 'pending')
        .where('expire_at', '>', now)
        .orderBy('created_at')
        .limit(200)
        .execute();
      return rows.map(toApproval);
    },
    async approvalsBy(requesterId, limit) {
      const rows = await db
        .selectFrom('approvals')
        .selectAll()
        .where('requester_id', '=', requesterId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toApproval);
    },
    async expireApprovals(now) {
      const rows = await db
        .updateTable('approvals')
        .set({ status: 'expired', decided_at: now })
        .where('status', '=', 'pending')
        .where('expire_at', '<=', now)
        .returningAll()
        .execute();
      return rows.map(toApproval);
    },
  };
}
