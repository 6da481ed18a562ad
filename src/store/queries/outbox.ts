import type { Kysely, Selectable } from 'kysely';
import { findingSeverityRank } from '../../domain/severity.js';
import type {
  MessageRef,
  NewAlert,
  OutboxRow,
  OutboxStats,
  OutboxStatus,
  OutboxStore,
  Store,
} from '../../ports/store.js';
import { type RetryPolicy, retrying } from '../availability.js';
import type { Database, OutboxTable } from '../schema.js';
import { clip, newId, parseJson } from './common.js';
import { upsertMessage } from './messages.js';

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
    ...(r.team_id ? { teamId: r.team_id } : {}),
  };
}

type Db = Kysely<Database>;

/** A delivery attempt is over without success: the row leaves its worker with the reason. */
async function release(
  db: Db,
  id: string,
  next: { status: 'pending'; next_attempt_at: number } | { status: 'failed' },
  error: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ ...next, last_error: clip(error), claimed_by: null, claimed_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * The alert and its idempotency key in one transaction. Its id is chosen once, before any try: a
 * try whose connection was cut (at BEGIN, or after COMMIT with the answer lost) is run again on a
 * fresh connection, and one that finds its own id under the key is still the first, not a repeat.
 */
async function enqueueAlert(db: Db, retry: RetryPolicy, alert: NewAlert, now: number) {
  const id = newId('alrt', now);
  return retrying(retry, () => enqueueAlertAs(db, id, alert, now));
}

async function enqueueAlertAs(db: Db, id: string, alert: NewAlert, now: number) {
  return db.transaction().execute(async (tx) => {
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
        severity_rank: findingSeverityRank(alert.finding),
        team_id: alert.teamId ?? null,
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

/** Takes due rows for a worker with a lease; replicas on PostgreSQL skip rows another holds. */
async function claimDue(
  db: Db,
  kind: Store['kind'],
  workerId: string,
  limit: number,
  now: number,
  leaseMs: number,
) {
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        // a worker that died mid-delivery: its lease ran out, the row is taken back
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
      ]),
    )
    // Criticals first, then the oldest: a flood of lower ones does not hold back a critical.
    .orderBy('severity_rank')
    .orderBy('created_at')
    .limit(limit);
  // Replicas sharing PostgreSQL never take the same row: rows locked by another are skipped.
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
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
  return rows
    .sort((a, b) => a.severity_rank - b.severity_rank || Number(a.created_at) - Number(b.created_at))
    .map(toRow);
}

/** Sent: the row and the card index, in one transaction. */
async function markSent(db: Db, id: string, message: MessageRef, now: number) {
  await db.transaction().execute(async (tx) => {
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
    await upsertMessage(tx, message, now);
  });
}

async function requeue(db: Db, which: { id: string } | { allFailed: true }, now: number) {
  let q = db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now, attempts: 0, updated_at: now })
    .where('status', '=', 'failed');
  if ('id' in which) q = q.where('id', '=', which.id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function outboxStats(db: Db, now: number): Promise<OutboxStats> {
  const counts = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const oldest = await db
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

async function listOutbox(db: Db, filter: { status?: OutboxStatus; limit: number }) {
  let q = db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').limit(filter.limit);
  if (filter.status) q = q.where('status', '=', filter.status);
  return (await q.execute()).map(toRow);
}

/** A channel's alerts stored since `since` (a digest's "arrived since the last one"). */
async function arrivals(db: Db, channel: string, since: number, limit: number) {
  // Alerts only: a card's retried update (source `card`) arrived from nowhere.
  const recent = db
    .selectFrom('outbox')
    .where('channel', '=', channel)
    .where('created_at', '>', since)
    .where('source', '!=', 'card');
  const [count, rows] = await Promise.all([
    recent.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    recent.selectAll().orderBy('created_at', 'desc').limit(limit).execute(),
  ]);
  return { count: Number(count?.n ?? 0), recent: rows.map(toRow) };
}

export function outboxQueries(db: Db, kind: Store['kind'], retry: RetryPolicy): OutboxStore {
  return {
    enqueueAlert: (alert, now) => enqueueAlert(db, retry, alert, now),
    claimDue: (workerId, limit, now, leaseMs) => claimDue(db, kind, workerId, limit, now, leaseMs),
    markSent: (id, message, now) => markSent(db, id, message, now),
    reschedule: (id, nextAttemptAt, error, now) =>
      release(db, id, { status: 'pending', next_attempt_at: nextAttemptAt }, error, now),
    markFailed: (id, error, now) => release(db, id, { status: 'failed' }, error, now),
    async markRolledUp(id, now) {
      await db
        .updateTable('outbox')
        .set({ status: 'sent', claimed_by: null, claimed_until: null, last_error: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    async countArriving(channel, now, windowMs, exceptRanks) {
      let q = db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('channel', '=', channel)
        // A card's retried update is no alert of a flood.
        .where('source', '!=', 'card')
        .where((eb) =>
          eb.or([eb('status', 'in', ['pending', 'sending']), eb('created_at', '>', now - windowMs)]),
        );
      if (exceptRanks.length > 0) q = q.where('severity_rank', 'not in', [...exceptRanks]);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },
    async postpone(id, nextAttemptAt, now) {
      await db
        .updateTable('outbox')
        .set((eb) => ({
          status: 'pending' as const,
          next_attempt_at: nextAttemptAt,
          attempts: eb('attempts', '-', 1),
          claimed_by: null,
          claimed_until: null,
          updated_at: now,
        }))
        .where('id', '=', id)
        .execute();
    },
    requeue: (which, now) => requeue(db, which, now),
    outboxStats: (now) => outboxStats(db, now),
    listOutbox: (filter) => listOutbox(db, filter),
    arrivals: (channel, since, limit) => arrivals(db, channel, since, limit),
  };
}
