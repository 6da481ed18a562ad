import { randomBytes } from 'node:crypto';
import { type Kysely, Migrator, type Selectable } from 'kysely';
import { z } from 'zod';
import { migrationProvider, ping } from './migrations.js';
import type { ApprovalsTable, Database, OutboxStatus, OutboxTable } from './schema.js';
import type {
  Approval,
  AuditEntry,
  MessageRef,
  NewAlert,
  NewApproval,
  OutboxRow,
  OutboxStats,
  SeenRecord,
  Store,
} from './store.js';

/** A sortable, unique id: time first, then randomness. */
export function newId(prefix: string, now: number): string {
  return `${prefix}_${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toRow(r: Selectable<OutboxTable>): OutboxRow {
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    source: r.source,
    findingId: r.finding_id,
    finding: parseJson(r.finding),
    channel: r.channel,
    status: r.status,
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    lastError: r.last_error,
    sentTs: r.sent_ts,
    createdAt: Number(r.created_at),
  };
}

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
  };
}

const ParamsSchema = z.record(z.string(), z.unknown()).catch({});

/** Errors are stored for operators; a reason never needs more than this. */
const clip = (text: string) => text.slice(0, 1_000);

/** The Store over kysely: one set of queries for SQLite and PostgreSQL. */
export class KyselyStore implements Store {
  readonly kind: 'sqlite' | 'postgres';
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>, kind: 'sqlite' | 'postgres') {
    this.#db = db;
    this.kind = kind;
  }

  async migrate(): Promise<void> {
    const migrator = new Migrator({ db: this.#db, provider: migrationProvider });
    for (let attempt = 1; ; attempt++) {
      const { error, results } = await migrator.migrateToLatest();
      if (!error) return;
      const message = error instanceof Error ? error.message : String(error);
      // SQLite has no migration lock in kysely: a process that loses the race to another one
      // migrating the same file fails on the migration record, its transaction rolled back.
      // Running again finds the work done.
      const lostRace =
        this.kind === 'sqlite' && /kysely_migration|SQLITE_BUSY|database is locked/.test(message);
      if (lostRace && attempt < 5) {
        await new Promise((r) => setTimeout(r, 50 * attempt));
        continue;
      }
      const failed = results?.find((r) => r.status === 'Error')?.migrationName;
      throw new Error(`store migration ${failed ?? ''} failed: ${message}`);
    }
  }

  ping(): Promise<void> {
    return ping(this.#db);
  }

  close(): Promise<void> {
    return this.#db.destroy();
  }

  async enqueueAlert(alert: NewAlert, now: number): Promise<{ id: string; duplicate: boolean }> {
    const id = newId('alrt', now);
    return this.#db.transaction().execute(async (tx) => {
      await tx
        .insertInto('outbox')
        .values({
          id,
          idempotency_key: alert.idempotencyKey,
          source: alert.source,
          finding_id: alert.findingId,
          finding: JSON.stringify(alert.finding),
          channel: alert.channel,
          status: alert.status,
          attempts: 0,
          next_attempt_at: now,
          claimed_by: null,
          claimed_until: null,
          last_error: alert.reason ?? null,
          sent_ts: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const stored = await tx
        .selectFrom('outbox')
        .select('id')
        .where('idempotency_key', '=', alert.idempotencyKey)
        .executeTakeFirstOrThrow();
      return { id: stored.id, duplicate: stored.id !== id };
    });
  }

  async claimDue(workerId: string, limit: number, now: number, leaseMs: number): Promise<OutboxRow[]> {
    let due = this.#db
      .selectFrom('outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          // a worker that died mid-delivery: its lease ran out, the row is taken back
          eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
        ]),
      )
      .orderBy('created_at')
      .limit(limit);
    // Replicas sharing PostgreSQL never take the same row: rows locked by another are skipped.
    if (this.kind === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await this.#db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sending' as const,
        claimed_by: workerId,
        claimed_until: now + leaseMs,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map(toRow).sort((a, b) => a.createdAt - b.createdAt);
  }

  async markSent(id: string, message: MessageRef, now: number): Promise<void> {
    await this.#db.transaction().execute(async (tx) => {
      await tx
        .updateTable('outbox')
        .set({
          status: 'sent',
          sent_ts: message.ts,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      await this.#upsertMessage(tx, message, now);
    });
  }

  reschedule(id: string, nextAttemptAt: number, error: string, now: number): Promise<void> {
    return this.#release(id, { status: 'pending', next_attempt_at: nextAttemptAt }, error, now);
  }

  markFailed(id: string, error: string, now: number): Promise<void> {
    return this.#release(id, { status: 'failed' }, error, now);
  }

  /** A delivery attempt is over without success: the row leaves its worker with the reason. */
  async #release(
    id: string,
    next: { status: 'pending'; next_attempt_at: number } | { status: 'failed' },
    error: string,
    now: number,
  ): Promise<void> {
    await this.#db
      .updateTable('outbox')
      .set({ ...next, last_error: clip(error), claimed_by: null, claimed_until: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async requeue(which: { id: string } | { allFailed: true }, now: number): Promise<number> {
    let q = this.#db
      .updateTable('outbox')
      .set({ status: 'pending', next_attempt_at: now, attempts: 0, updated_at: now })
      .where('status', '=', 'failed');
    if ('id' in which) q = q.where('id', '=', which.id);
    const result = await q.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async outboxStats(now: number): Promise<OutboxStats> {
    const counts = await this.#db
      .selectFrom('outbox')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    const oldest = await this.#db
      .selectFrom('outbox')
      .select((eb) => eb.fn.min('created_at').as('oldest'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    const by = (s: OutboxStatus) => Number(counts.find((c) => c.status === s)?.n ?? 0);
    const oldestAt = oldest?.oldest == null ? undefined : Number(oldest.oldest);
    return {
      pending: by('pending'),
      sending: by('sending'),
      failed: by('failed'),
      sent: by('sent'),
      oldestUnsentAgeMs: oldestAt === undefined ? undefined : Math.max(0, now - oldestAt),
    };
  }

  async listOutbox(filter: { status?: OutboxStatus; limit: number }): Promise<OutboxRow[]> {
    let q = this.#db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(filter.limit);
    if (filter.status) q = q.where('status', '=', filter.status);
    return (await q.execute()).map(toRow);
  }

  async messagesFor(findingId: string): Promise<MessageRef[]> {
    const rows = await this.#db
      .selectFrom('messages')
      .selectAll()
      .where('finding_id', '=', findingId)
      .orderBy('updated_at')
      .execute();
    return rows.map((r) => ({
      findingId: r.finding_id,
      channel: r.channel,
      ts: r.ts,
      lastState: r.last_state,
      lastRecurrence: r.last_recurrence == null ? null : Number(r.last_recurrence),
    }));
  }

  upsertMessage(ref: MessageRef, now: number): Promise<void> {
    return this.#upsertMessage(this.#db, ref, now);
  }

  async #upsertMessage(db: Kysely<Database>, ref: MessageRef, now: number): Promise<void> {
    const values = {
      ts: ref.ts,
      last_state: ref.lastState,
      last_recurrence: ref.lastRecurrence,
      updated_at: now,
    };
    await db
      .insertInto('messages')
      .values({ finding_id: ref.findingId, channel: ref.channel, ...values })
      .onConflict((oc) => oc.columns(['finding_id', 'channel']).doUpdateSet(values))
      .execute();
  }

  async seen(findingIds: readonly string[]): Promise<Map<string, SeenRecord>> {
    const out = new Map<string, SeenRecord>();
    for (let i = 0; i < findingIds.length; i += 500) {
      const chunk = findingIds.slice(i, i + 500);
      if (chunk.length === 0) continue;
      const rows = await this.#db.selectFrom('seen').selectAll().where('finding_id', 'in', chunk).execute();
      for (const r of rows)
        out.set(r.finding_id, {
          state: r.state,
          recurrence: r.recurrence == null ? null : Number(r.recurrence),
        });
    }
    return out;
  }

  async recordSeen(findingId: string, record: SeenRecord, now: number): Promise<void> {
    const values = { state: record.state, recurrence: record.recurrence, seen_at: now };
    await this.#db
      .insertInto('seen')
      .values({ finding_id: findingId, ...values })
      .onConflict((oc) => oc.column('finding_id').doUpdateSet(values))
      .execute();
  }

  async createApproval(a: NewApproval): Promise<Approval> {
    const id = newId('apr', a.createdAt);
    await this.#db
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
      })
      .execute();
    return { ...a, id, requestTs: null, status: 'pending', decidedBy: null, decisionReason: null };
  }

  async getApproval(id: string): Promise<Approval | undefined> {
    const row = await this.#db.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toApproval(row) : undefined;
  }

  async setApprovalRequestTs(id: string, ts: string): Promise<void> {
    await this.#db.updateTable('approvals').set({ request_ts: ts }).where('id', '=', id).execute();
  }

  async decideApproval(
    id: string,
    status: 'approved' | 'denied',
    by: string,
    reason: string | null,
    now: number,
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('approvals')
      .set({ status, decided_by: by, decision_reason: reason, decided_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('expire_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async reopenApproval(id: string): Promise<void> {
    await this.#db
      .updateTable('approvals')
      .set({ status: 'pending', decided_by: null, decision_reason: null, decided_at: null })
      .where('id', '=', id)
      .execute();
  }

  async pendingApprovals(now: number): Promise<Approval[]> {
    const rows = await this.#db
      .selectFrom('approvals')
      .selectAll()
      .where('status', '=', 'pending')
      .where('expire_at', '>', now)
      .orderBy('created_at')
      .limit(200)
      .execute();
    return rows.map(toApproval);
  }

  async expireApprovals(now: number): Promise<Approval[]> {
    const rows = await this.#db
      .updateTable('approvals')
      .set({ status: 'expired', decided_at: now })
      .where('status', '=', 'pending')
      .where('expire_at', '<=', now)
      .returningAll()
      .execute();
    return rows.map(toApproval);
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    await this.#db
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
  }

  async auditLog(filter: { findingId?: string; limit: number }): Promise<AuditEntry[]> {
    let q = this.#db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit);
    if (filter.findingId) q = q.where('finding_id', '=', filter.findingId);
    const rows = await q.execute();
    return rows.map((r) => ({ ...r, at: Number(r.at), params: ParamsSchema.parse(parseJson(r.params)) }));
  }
}
