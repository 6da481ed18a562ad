import type { Kysely, Selectable } from 'kysely';
import { CONTAIN_ACTIONS } from '../../domain/contain.js';
import type { ContainChange, ContainRecord, ContainStore, ContainWords } from '../../ports/contain.js';
import type { Store } from '../../ports/store.js';
import type { Database } from '../schema.js';
import type { ContainActionsTable } from '../schema-contain.js';
import { parseJson } from './common.js';

/** What can be shown of the words stored: strings only (the row is Warden's, read it as untrusted all the same). */
function wordsOf(raw: string): ContainWords {
  const v = parseJson(raw);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
  const out: ContainWords = {};
  for (const key of ['app', 'entitlement', 'account', 'person', 'personSlackId'] as const) {
    const x = (v as Record<string, unknown>)[key];
    if (typeof x === 'string') out[key] = x;
  }
  return out;
}

const n = (v: number | string | null) => (v === null ? null : Number(v));

function toRecord(r: Selectable<ContainActionsTable>): ContainRecord {
  return {
    id: r.id,
    teamId: r.team_id,
    findingId: r.finding_id,
    findingType: r.finding_type,
    action: CONTAIN_ACTIONS.find((a) => a === r.action) ?? 'revoke',
    targetKey: r.target_key,
    appId: r.app_id,
    entitlementId: r.entitlement_id,
    appUserId: r.app_user_id,
    subjectId: r.subject_id,
    words: wordsOf(r.words),
    reason: r.reason,
    requesterId: r.requester_id,
    channel: r.channel,
    cardTs: r.card_ts,
    status: r.status,
    approvedBy: r.approved_by,
    requestTs: r.request_ts,
    taskId: r.task_id,
    taskLabel: r.task_label,
    taskStatus: r.task_status,
    error: r.error,
    verifiedAt: n(r.verified_at),
    functionExecutionId: r.function_execution_id,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    claimedAt: n(r.claimed_at),
    nextPollAt: n(r.next_poll_at),
    polls: Number(r.polls),
  };
}

function columns(c: ContainChange) {
  return {
    ...(c.approvedBy !== undefined ? { approved_by: c.approvedBy } : {}),
    ...(c.requestTs !== undefined ? { request_ts: c.requestTs } : {}),
    ...(c.taskId !== undefined ? { task_id: c.taskId } : {}),
    ...(c.taskLabel !== undefined ? { task_label: c.taskLabel } : {}),
    ...(c.taskStatus !== undefined ? { task_status: c.taskStatus } : {}),
    ...(c.error !== undefined ? { error: c.error } : {}),
    ...(c.verifiedAt !== undefined ? { verified_at: c.verifiedAt } : {}),
    ...(c.claimedAt !== undefined ? { claimed_at: c.claimedAt } : {}),
    ...(c.nextPollAt !== undefined ? { next_poll_at: c.nextPollAt } : {}),
    ...(c.polls !== undefined ? { polls: c.polls } : {}),
  };
}

/** Containments over kysely (ports/contain.ts): each step one conditional update; claims as the outbox's. */
export function containQueries(db: Kysely<Database>, kind: Store['kind']): ContainStore {
  return {
    async createContain(c, now) {
      const inserted = await db
        .insertInto('contain_actions')
        .values({
          id: c.id,
          team_id: c.teamId,
          finding_id: c.findingId,
          finding_type: c.findingType,
          action: c.action,
          target_key: c.targetKey,
          app_id: c.appId,
          entitlement_id: c.entitlementId,
          app_user_id: c.appUserId,
          subject_id: c.subjectId,
          words: JSON.stringify(c.words),
          reason: c.reason,
          requester_id: c.requesterId,
          channel: c.channel,
          card_ts: c.cardTs,
          status: c.status,
          verified_at: c.verifiedAt,
          function_execution_id: c.functionExecutionId,
          created_at: c.createdAt,
          updated_at: now,
          polls: 0,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },
    async getContain(id) {
      const row = await db.selectFrom('contain_actions').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async moveContain(id, from, to, change, now) {
      if (from.length === 0) return false;
      const result = await db
        .updateTable('contain_actions')
        .set({ ...columns(change), status: to, updated_at: now })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async updateContain(id, change, now) {
      await db
        .updateTable('contain_actions')
        .set({ ...columns(change), updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async claimDueContains(holder, limit, now, leaseMs, deadAt) {
      let due = db
        .selectFrom('contain_actions')
        .select('id')
        .where('next_poll_at', '<=', now)
        .where((eb) => {
          const free = [eb('claimed_until', 'is', null), eb('claimed_until', '<', now)];
          // A holder that is a process whose lease lapsed died mid-look: its claim is not waited out.
          if (deadAt === undefined) return eb.or(free);
          const alive = eb
            .selectFrom('instances')
            .select('instances.id')
            .whereRef('instances.id', '=', 'contain_actions.claimed_by')
            .where('instances.lease_until', '>=', deadAt);
          return eb.or([...free, eb.and([eb('claimed_by', '!=', holder), eb.not(eb.exists(alive))])]);
        })
        .orderBy('next_poll_at')
        .limit(limit);
      if (kind === 'postgres') due = due.forUpdate().skipLocked();
      const rows = await db
        .updateTable('contain_actions')
        .set({ claimed_by: holder, claimed_until: now + leaseMs })
        .where('id', 'in', due)
        .returningAll()
        .execute();
      return rows.map(toRecord);
    },
    async releaseContain(id, holder, nextPollAt, now) {
      await db
        .updateTable('contain_actions')
        .set({ claimed_by: null, claimed_until: null, next_poll_at: nextPollAt, updated_at: now })
        .where('id', '=', id)
        .where('claimed_by', '=', holder)
        .execute();
    },
    async expireContains(askedBefore, now) {
      const rows = await db
        .updateTable('contain_actions')
        .set({ status: 'expired', next_poll_at: null, error: 'expired', updated_at: now })
        .where('status', 'in', ['verifying', 'pending'])
        .where('created_at', '<', askedBefore)
        .returningAll()
        .execute();
      return rows.map(toRecord);
    },
    async pendingContains(teamId, limit) {
      const rows = await db
        .selectFrom('contain_actions')
        .selectAll()
        .where('team_id', '=', teamId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
    async containsOf(findingId, limit) {
      const rows = await db
        .selectFrom('contain_actions')
        .selectAll()
        .where('finding_id', '=', findingId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },
  };
}
