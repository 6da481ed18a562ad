import type { Kysely } from 'kysely';
import type { NoteStore } from '../../ports/notes.js';
import type { Database } from '../schema.js';

/** A finding's attached notes; the unique index keeps one message once per finding. */
export function noteQueries(db: Kysely<Database>): NoteStore {
  return {
    async addNote(n) {
      const added = await db
        .insertInto('finding_notes')
        .values({
          id: n.id,
          finding_id: n.findingId,
          user_id: n.userId,
          text: n.text,
          truncated: n.truncated ? 1 : 0,
          permalink: n.permalink ?? null,
          channel: n.channel,
          message_ts: n.messageTs,
          created_at: n.createdAt,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async notesFor(findingId, limit) {
      const rows = await db
        .selectFrom('finding_notes')
        .selectAll()
        .where('finding_id', '=', findingId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        findingId: r.finding_id,
        userId: r.user_id,
        text: r.text,
        truncated: Number(r.truncated) === 1,
        permalink: r.permalink ?? undefined,
        channel: r.channel,
        messageTs: r.message_ts,
        createdAt: Number(r.created_at),
      }));
    },
  };
}
