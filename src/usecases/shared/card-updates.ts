import { isSlackApiError } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import type { MessageMetadata } from '../../ports/slack.js';
import {
  type AlertLifePorts,
  type Card,
  indexedCard,
  postCard,
  replaceCard,
  replyInThread,
  trackCard,
} from './alert-life.js';
import { CLAIM_WAIT_MS, underCardClaim } from './card-claim.js';
import { lineIn, type ThreadLine } from './speech.js';

/**
 * After a change made to many findings at once: replace the cards Warden already has for this
 * finding (posting none, replying in no thread: the roll-up's thread tells the story once).
 */
export async function refreshKnownCards(p: AlertLifePorts, finding: Finding): Promise<number> {
  const log = p.logger.child({ findingId: finding.id });
  const indexed = await p.cards.messagesFor(finding.id).catch((error: unknown) => {
    log.warn({ err: error }, 'card index unavailable; its cards are not refreshed');
    return [];
  });
  let refreshed = 0;
  for (const m of indexed) {
    const card = indexedCard(m);
    try {
      await trackCard(p, finding, await replaceCard(p, finding, card));
      refreshed++;
    } catch (error) {
      const queued = await retriedLater(p, finding, card, error);
      log.warn({ err: error, target: card.channel, queued }, 'a card of this finding could not be updated');
    }
  }
  return refreshed;
}

export interface EverywhereResult {
  /** The card in `primaryChannel` (replaced, or posted there when it had none). */
  primary: Card | undefined;
  /** What went wrong with the primary card, if anything (other cards are only logged). */
  primaryError: unknown;
}

const sameCard = (a: Card, b: Card) => a.channel === b.channel && a.ts === b.ts;

/**
 * A card's update Slack failed in a way trying again can fix (its 5xx, a network error, a 429
 * past what a person is kept waiting): queued in the outbox, so the delivery worker retries it
 * like any post until the card shows the finding as it is (delivery/card-refresh.ts). True when
 * queued; a deleted card or an error only a person can fix is not.
 */
async function retriedLater(
  p: AlertLifePorts,
  finding: Finding,
  card: Card,
  error: unknown,
): Promise<boolean> {
  if (!isSlackApiError(error) || error.failure === 'permanent' || error.slackCode === 'message_not_found')
    return false;
  const update = { findingId: finding.id, channel: card.channel, ts: card.ts, finding };
  return p.cards.queueCardUpdate(update, p.clock()).then(
    () => true,
    (e: unknown) => {
      p.logger.warn(
        { err: e, findingId: finding.id },
        'a failed card update could not be queued for a retry',
      );
      return false;
    },
  );
}

/** Replaces and tracks a card after a change; a failure to retry later is queued, not thrown. */
async function replaceUpdated(p: AlertLifePorts, finding: Finding, card: Card): Promise<void> {
  try {
    await trackCard(p, finding, await replaceCard(p, finding, card));
  } catch (error) {
    if (!(await retriedLater(p, finding, card, error))) throw error;
    p.logger.warn(
      { err: error, findingId: finding.id, target: card.channel },
      'the card update failed; queued for the delivery worker to retry',
    );
  }
}

/**
 * The finding's card in a channel that had none when looked at: under the claim (card-claim.ts)
 * the index is read again, since another poster may have just recorded one (then that card is
 * the one to replace), else a card is posted and recorded before the claim is let go.
 */
async function cardIn(
  p: AlertLifePorts,
  finding: Finding,
  channel: string,
): Promise<{ card: Card; posted: boolean }> {
  const got = await underCardClaim(p, finding.id, channel, CLAIM_WAIT_MS, async () => {
    const there = (await p.cards.messagesFor(finding.id)).filter((m) => m.channel === channel).at(-1);
    if (there) return { card: indexedCard(there), posted: false };
    const card = await postCard(p, finding, channel);
    await trackCard(p, finding, card);
    return { card, posted: true };
  });
  if ('busy' in got) throw new Error(`another post of this finding's card in ${channel} is still going`);
  return got.done;
}

/**
 * After a change: replace every card of the finding Warden tracks (several in one channel if it
 * posted several), post one in `primaryChannel` if it has none, track them, and reply once per
 * channel with `reply`, in the thread of the card that was clicked, else of that channel's
 * newest card.
 */
export async function updateEverywhere(
  p: AlertLifePorts,
  finding: Finding,
  opts: {
    /** Rendered once per channel, in its language. */
    reply: ThreadLine;
    primaryChannel: string;
    clicked?: Card | undefined;
    /** The change's event (state-event.ts): on the first reply posted only, so it is published once. */
    metadata?: MessageMetadata | undefined;
  },
): Promise<EverywhereResult> {
  const log = p.logger.child({ findingId: finding.id });
  const indexed = await p.cards.messagesFor(finding.id).catch((error: unknown) => {
    log.warn({ err: error }, 'card index unavailable; updating only this card');
    return [];
  });
  const cards: Card[] = indexed.map(indexedCard);
  const { clicked } = opts;
  if (clicked && !cards.some((c) => sameCard(c, clicked))) cards.push(clicked);
  // Least recently updated first: the last one seen in a channel is its newest.
  const threads = new Map<string, Card>(cards.map((c) => [c.channel, c]));
  if (clicked) threads.set(clicked.channel, clicked);
  let primary = threads.get(opts.primaryChannel);
  let primaryError: unknown;
  let posted: Card | undefined;
  if (!primary) {
    try {
      const got = await cardIn(p, finding, opts.primaryChannel);
      primary = got.card;
      if (got.posted) posted = got.card;
      cards.push(got.card);
      threads.set(got.card.channel, got.card);
    } catch (error) {
      primaryError = error;
    }
  }
  let metadata = opts.metadata;
  for (const card of cards) {
    const thread = threads.get(card.channel);
    try {
      // A new card shows the finding already (recorded under its claim; tracked again, as the
      // channel's most recently updated card).
      if (card === posted) await trackCard(p, finding, card);
      else await replaceUpdated(p, finding, card);
      if (thread && sameCard(thread, card)) {
        await replyInThread(p, card, lineIn(p, card.channel, opts.reply), metadata);
        metadata = undefined;
      }
    } catch (error) {
      log.warn({ err: error, target: card.channel }, 'a card of this finding could not be updated');
      if (primary && sameCard(card, primary)) primaryError = error;
    }
  }
  return { primary, primaryError };
}
