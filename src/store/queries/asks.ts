import type { Kysely, Selectable } from 'kysely';
import { ANSWERS, type Answer, ASK_WHO, type AskWho } from '../../domain/attest.js';
import type { Ask, AskStore } from '../../ports/asks.js';
import type { AsksTable, Database } from '../schema.js';
import { clip, newId } from './common.js';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));
const answerOf = (v: string | null): Answer | null => ANSWERS.find((a) => a === v) ?? null;
const whoOf = (v: string): AskWho => ASK_WHO.find((w) => w === v) ?? 'owner';

function toAsk(r: Selectable<AsksTable>): Ask {
  return {
    id: r.id,
    findingId: r.finding_id,
    findingType: r.finding_type,
    who: whoOf(r.who),
    identityUserId: r.identity_user_id,
    slackUserId: r.slack_user_id,
    unreachable: r.unreachable,
    channel: r.channel,
    cardTs: r.card_ts,
    questionChannel: r.question_channel,
    questionTs: r.question_ts,
    answer: answerOf(r.answer),
    note: r.note,
    answeredBy: r.answered_by,
    answeredAt: num(r.answered_at),
    escalatedAt: num(r.escalated_at),
    createdAt: Number(r.created_at),
  };
}

/** Attestation asks over kysely (ports/asks.ts): each write one conditional statement. */
export function askQueries(db: Kysely<Database>): AskStore {
  const byFinding = (findingId: string) =>
    db.selectFrom('asks').selectAll().where('finding_id', '=', findingId).executeTakeFirst();
  return {
    async createAsk(a, now) {
      await db
        .insertInto('asks')
        .values({
          id: newId('ask', now),
          finding_id: a.findingId,
          finding_type: a.findingType,
          who: a.who,
          identity_user_id: a.identityUserId,
          slack_user_id: a.slackUserId,
          unreachable: a.unreachable === null ? null : clip(a.unreachable),
          channel: a.channel,
          card_ts: a.cardTs,
          question_channel: null,
          question_ts: null,
          answer: null,
          note: null,
          answered_by: null,
          answered_at: null,
          escalated_at: null,
          created_at: now,
        })
        .onConflict((oc) => oc.column('finding_id').doNothing())
        .execute();
      const row = await byFinding(a.findingId);
      if (!row) throw new Error(`ask for ${a.findingId} not stored`);
      return toAsk(row);
    },
    async getAsk(id) {
      const row = await db.selectFrom('asks').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toAsk(row) : undefined;
    },
    async setAskQuestion(id, channel, ts) {
      await db
        .updateTable('asks')
        .set({ question_channel: channel, question_ts: ts })
        .where('id', '=', id)
        .execute();
    },
    async answerAsk(id, a, now) {
      const done = await db
        .updateTable('asks')
        .set({ answer: a.answer, answered_by: a.by, note: a.note, answered_at: now })
        .where('id', '=', id)
        .where('answer', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    async markAskEscalated(id, now) {
      const done = await db
        .updateTable('asks')
        .set({ escalated_at: now })
        .where('id', '=', id)
        .where('escalated_at', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },
    async setAskNote(id, note) {
      await db
        .updateTable('asks')
        .set({ note: clip(note) })
        .where('id', '=', id)
        .execute();
    },
    async clearAskEscalated(id) {
      await db.updateTable('asks').set({ escalated_at: null }).where('id', '=', id).execute();
    },
    async openAsksOf(slackUserId, limit) {
      const rows = await db
        .selectFrom('asks')
        .selectAll()
        .where('slack_user_id', '=', slackUserId)
        .where('answer', 'is', null)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(toAsk);
    },
  };
}
