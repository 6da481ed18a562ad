import { isSlackApiError } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import { type AlertLifePorts, type Card, postCard, replaceCard, trackCard } from './alert-life.js';
import { CLAIM_WAIT_MS, underCardClaim } from './card-claim.js';

/** What `show` did in a channel: brought its card up to date, posted one, or found one being posted. */
export type Shown = { card: Card; existing: boolean } | { busy: true };

/**
 * A card of the finding in a channel, as it is now (`/warden show`): the channel's card brought up
 * to date when it has one (`existing`), else a new one posted; tracked either way. One live card
 * per finding and channel, so each later change costs one update here, not one per show: the
 * card is claimed in the store first (card-claim.ts), so ten shows at once, on any replica, post
 * one card and bring it up to date nine times.
 */
export async function showCard(p: AlertLifePorts, finding: Finding, channel: string): Promise<Shown> {
  const shown = await underCardClaim(p, finding.id, channel, CLAIM_WAIT_MS, () =>
    showClaimed(p, finding, channel),
  );
  return 'done' in shown ? shown.done : shown;
}

async function showClaimed(
  p: AlertLifePorts,
  finding: Finding,
  channel: string,
): Promise<{ card: Card; existing: boolean }> {
  const there = (await p.cards.messagesFor(finding.id)).filter((m) => m.channel === channel).at(-1);
  if (there) {
    try {
      // Sent even when its hash says it shows this already: a person asked to see it, and only
      // Slack knows whether someone deleted it meanwhile (message_not_found: a new card below).
      const card = await replaceCard(p, finding, { channel, ts: there.ts });
      await trackCard(p, finding, card);
      return { card, existing: true };
    } catch (error) {
      // Deleted in Slack: a new card below.
      if (!isSlackApiError(error) || error.slackCode !== 'message_not_found') throw error;
    }
  }
  const card = await postCard(p, finding, channel);
  // Recorded before the claim is let go: whoever waited on it finds this card, not none.
  await trackCard(p, finding, card);
  return { card, existing: false };
}
