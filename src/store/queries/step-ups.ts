import type { Kysely, Selectable } from 'kysely';
import type { StepUpClaim, StepUpRecord, StepUpStatus, StepUpStore } from '../../ports/step-up.js';
import type { Database, StepUpsTable } from '../schema.js';

function recordOf(row: Selectable<StepUpsTable>): StepUpRecord {
  return {
    id: row.id,
    userId: row.user_id,
    key: row.action_key,
    findingIds: JSON.parse(row.finding_ids) as string[],
    intent: JSON.parse(row.intent) as unknown,
    channel: row.channel,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    status: row.status as StepUpStatus,
    startedAt: row.started_at === null ? undefined : Number(row.started_at),
    nonce: row.nonce ?? undefined,
    verifier: row.verifier ?? undefined,
    browser: row.browser ?? undefined,
    ...(row.function_execution_id ? { functionExecutionId: row.function_execution_id } : {}),
    ...(row.team_id ? { teamId: row.team_id } : {}),
  };
}

/**
 * Each step of a verification is one conditional update: of two requests with the same link (or
 * the same answer), on any replica, one moves the row and the other finds it moved. A row found
 * unusable says why (unknown, used, expired); an expired one still pending is refused for good.
 */
export function stepUpQueries(db: Kysely<Database>): StepUpStore {
  const why = async (row: Selectable<StepUpsTable> | undefined, now: number): Promise<StepUpClaim> => {
    if (!row) return { ok: false, why: 'unknown' };
    const record = recordOf(row);
    if (row.status === 'pending' || row.status === 'started') {
      if (Number(row.expires_at) <= now) {
        const moved = await db
          .updateTable('step_ups')
          .set({ status: 'refused', settled_at: now })
          .where('id', '=', row.id)
          .where('status', '=', row.status)
          .executeTakeFirst();
        return { ok: false, why: 'expired', record, settled: Number(moved.numUpdatedRows) === 1 };
      }
    }
    return { ok: false, why: 'used', record };
  };
  return {
    async createStepUp(r) {
      await db
        .insertInto('step_ups')
        .values({
          id: r.id,
          user_id: r.userId,
          action_key: r.key,
          finding_ids: JSON.stringify(r.findingIds),
          intent: JSON.stringify(r.intent),
          channel: r.channel,
          created_at: r.createdAt,
          expires_at: r.expiresAt,
          status: 'pending',
          state: null,
          nonce: null,
          verifier: null,
          started_at: null,
          settled_at: null,
          function_execution_id: r.functionExecutionId ?? null,
          browser: null,
          team_id: r.teamId ?? null,
        })
        .execute();
    },
    async findStepUp(by) {
      const q = db.selectFrom('step_ups').selectAll();
      const row = await ('id' in by
        ? q.where('id', '=', by.id)
        : q.where('state', '=', by.state)
      ).executeTakeFirst();
      return row ? recordOf(row) : undefined;
    },
    async peekStepUp(id, now) {
      const row = await db.selectFrom('step_ups').selectAll().where('id', '=', id).executeTakeFirst();
      if (row?.status === 'pending' && Number(row.expires_at) > now)
        return { ok: true, record: recordOf(row) };
      return why(row, now);
    },
    async startStepUp(id, now, checks, browser) {
      const row = await db
        .updateTable('step_ups')
        .set({
          status: 'started',
          state: checks.state,
          nonce: checks.nonce,
          verifier: checks.verifier,
          started_at: now,
          browser,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (row) return { ok: true, record: recordOf(row) };
      return why(await db.selectFrom('step_ups').selectAll().where('id', '=', id).executeTakeFirst(), now);
    },
    async claimStepUpCallback(state, now) {
      const row = await db
        .updateTable('step_ups')
        .set({ status: 'checking' })
        .where('state', '=', state)
        .where('status', '=', 'started')
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (row) return { ok: true, record: recordOf(row) };
      return why(
        await db.selectFrom('step_ups').selectAll().where('state', '=', state).executeTakeFirst(),
        now,
      );
    },
    async settleStepUp(id, status, now) {
      await db.updateTable('step_ups').set({ status, settled_at: now }).where('id', '=', id).execute();
    },
    async expireStepUpSteps(now) {
      const rows = await db
        .updateTable('step_ups')
        .set({ status: 'refused', settled_at: now })
        .where('function_execution_id', 'is not', null)
        .where('status', 'in', ['pending', 'started'])
        .where('expires_at', '<=', now)
        .returningAll()
        .execute();
      return rows.map(recordOf);
    },
  };
}
