import type { Kysely } from 'kysely';
import type { OwnerNotices } from '../../ports/store.js';
import type { Database } from '../schema.js';

export function ownerNoticeQueries(db: Kysely<Database>): OwnerNotices {
  const claim: OwnerNotices['claimOwnerNotice'] = async (n, now) => {
    const values = { notified_at: now, until: n.until, by_user: n.by, holder: n.holder };
    // One statement, atomic on PostgreSQL and SQLite alike: no notice yet, or one whose
    // cooldown is over, is taken; a live one returns nothing. A holder is new for each claim,
    // so one that finds itself holding the row is this claim tried again: still taken.
    const taken = await db
      .insertInto('owner_notices')
      .values({ finding_id: n.findingId, owner: n.owner, ...values })
      .onConflict((oc) =>
        oc
          .columns(['finding_id', 'owner'])
          .doUpdateSet(values)
          .where((eb) =>
            eb.or([eb('owner_notices.until', '<=', now), eb('owner_notices.holder', '=', n.holder)]),
          ),
      )
      .returning('finding_id')
      .executeTakeFirst();
    if (taken) return true;
    const held = await db
      .selectFrom('owner_notices')
      .select(['notified_at', 'by_user', 'until'])
      .where('finding_id', '=', n.findingId)
      .where('owner', '=', n.owner)
      .executeTakeFirst();
    // Gone in between (released by a send that failed): the claim is tried again.
    if (!held) return claim(n, now);
    return { at: Number(held.notified_at), by: held.by_user, until: Number(held.until) };
  };
  return {
    claimOwnerNotice: claim,
    async releaseOwnerNotice(findingId, owner, holder) {
      await db
        .deleteFrom('owner_notices')
        .where('finding_id', '=', findingId)
        .where('owner', '=', owner)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
