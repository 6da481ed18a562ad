import type { Kysely } from 'kysely';
import type { CardClaims } from '../../ports/card-claims.js';
import type { Database } from '../schema.js';

export function cardClaimQueries(db: Kysely<Database>): CardClaims {
  return {
    async claimCard(c, now) {
      // One statement, atomic on PostgreSQL and SQLite alike: a free pair, or one whose claim ran
      // out, is taken; a live claim returns nothing. A holder is new for each claim, so one that
      // finds itself holding the row is this claim tried again (its answer was lost): still taken.
      const taken = await db
        .insertInto('card_claims')
        .values({ finding_id: c.findingId, channel: c.channel, holder: c.holder, claimed_until: c.until })
        .onConflict((oc) =>
          oc
            .columns(['finding_id', 'channel'])
            .doUpdateSet({ holder: c.holder, claimed_until: c.until })
            .where((eb) =>
              eb.or([eb('card_claims.claimed_until', '<=', now), eb('card_claims.holder', '=', c.holder)]),
            ),
        )
        .returning('finding_id')
        .executeTakeFirst();
      return taken !== undefined;
    },
    async releaseCard(findingId, channel, holder) {
      await db
        .deleteFrom('card_claims')
        .where('finding_id', '=', findingId)
        .where('channel', '=', channel)
        .where('holder', '=', holder)
        .execute();
    },
  };
}
