import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findingSeverityRank } from '../../domain/severity.js';
import type { MessageIndex, MessageRef } from '../../ports/store.js';
import type { Database } from '../schema.js';
import { newId } from './common.js';

/** Records where a card is; `db` may be a transaction (delivery marks the row sent in the same one). */
export async function upsertMessage(db: Kysely<Database>, ref: MessageRef, now: number): Promise<void> {
  const values = {
    ts: ref.ts,
    last_state: ref.lastState,
    last_recurrence: ref.lastRecurrence,
    updated_at: now,
    // Not known (a card recorded without it): null, so its next update is sent.
    last_hash: ref.lastHash ?? null,
  };
  await db
    .insertInto('messages')
    .values({ finding_id: ref.findingId, channel: ref.channel, ...values })
    .onConflict((oc) => oc.columns(['finding_id', 'channel', 'ts']).doUpdateSet(values))
    .execute();
}

export function messageQueries(db: Kysely<Database>): MessageIndex {
  return {
    async messagesFor(findingId) {
      const rows = await db
        .selectFrom('messages')
        .selectAll()
        .where('finding_id', '=', findingId)
        .orderBy('updated_at')
        .orderBy('ts')
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
    upsertMessage: (ref, now) => upsertMessage(db, ref, now),
    async queueCardUpdate(u, now) {
      // A row of its own each time (a later failure after an earlier retry is news); the worker
      // renders the finding as it is when it tries, so several rows for one card agree.
      await db
        .insertInto('outbox')
        .values({
          id: newId('card', now),
          idempotency_key: `card:${u.channel}:${u.ts}:${now}:${randomBytes(4).toString('hex')}`,
          source: 'card',
          finding_id: u.findingId,
          finding: JSON.stringify(u.finding),
          channel: u.channel,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          // The card to bring up to date.
          sent_ts: u.ts,
          created_at: now,
          updated_at: now,
          severity_rank: findingSeverityRank(u.finding),
        })
        .execute();
    },
  };
}
