import { createHash } from 'node:crypto';
import { renderFindingAlert, type SlackChange } from '../../blockkit/finding.js';
import type { ShownOwner } from '../../blockkit/finding-details.js';
import { actionFromParams } from '../../domain/actions.js';
import { showsChange } from '../../domain/credit.js';
import { personalOwnerOf } from '../../domain/owner.js';
import { isSlackApiError } from '../../errors.js';
import type { Finding } from '../../model/finding.js';
import type { CardSettings, Ports } from '../../ports/index.js';
import type { MessageMetadata } from '../../ports/slack.js';
import type { AuditEntry, MessageRef } from '../../ports/store.js';
import { askShownOf } from './attest-shown.js';
import { cardClock } from './sla-clock.js';

/**
 * An alert's life in Slack, in one place: a finding's card is rendered from the finding as the
 * tenant has it, posted, tracked in the card index, replaced in place wherever it was posted,
 * and followed by replies in its thread. Everyone who shows or changes a finding goes through
 * here (delivery, state changes, `show`, a form that finds the finding changed).
 */

export type AlertLifePorts = Pick<Ports, 'chat' | 'cards' | 'clock' | 'logger' | 'audit' | 'owners'> &
  Partial<Pick<Ports, 'sla'>> & {
    settings: CardSettings;
  };

/**
 * What rendering a card needs: the clock, the audit log (who acted), the owner directory (who
 * owns it, in Slack) and how cards render.
 */
type CardPorts = Pick<Ports, 'chat' | 'clock' | 'logger' | 'audit' | 'owners'> &
  Partial<Pick<Ports, 'sla'>> & { settings: CardSettings };

export interface Card {
  channel: string;
  ts: string;
  /** A hash of what the card shows in Slack, when known: an update rendering the same is not sent. */
  shown?: string | undefined;
}

/** A card as the index has it (with what it showed last). */
export const indexedCard = (m: MessageRef): Card => ({
  channel: m.channel,
  ts: m.ts,
  shown: m.lastHash ?? undefined,
});

/** What a rendered card is, as a short hash: equal when Slack would show the same message. */
const hashOf = (r: { text: string; blocks: unknown }): string =>
  createHash('sha256')
    .update(JSON.stringify([r.text, r.blocks]))
    .digest('base64url');

/** The index entry for a card showing `finding` as it is now. */
export function cardRef(finding: Finding, card: Card): MessageRef {
  return {
    findingId: finding.id,
    channel: card.channel,
    ts: card.ts,
    lastState: finding.state ?? null,
    lastRecurrence: finding.recurrenceCount ?? null,
    lastHash: card.shown ?? null,
  };
}

/**
 * The change made from Slack that put the finding where it is now (Warden's audit log), if the
 * tenant's record still shows that very change (its words and who the tenant says made it, not
 * only its kind): a change made in the tenant since then is not anyone's in Slack.
 */
function lastSlackChange(
  p: CardPorts,
  finding: Finding,
  entries: readonly AuditEntry[],
): SlackChange | undefined {
  const last = entries.find((e) => e.outcome === 'ok' && actionFromParams(e.action, e.params));
  if (!last || !showsChange(finding, last, p.settings.attributionTemplate)) return undefined;
  const requester = typeof last.params.requester === 'string' ? last.params.requester : undefined;
  return requester
    ? { userId: requester, at: last.at, approvedBy: last.user_id }
    : { userId: last.user_id, at: last.at };
}

/** The finding's owner as a person, mapped to Slack where the directory can (cached there). */
async function shownOwner(p: CardPorts, finding: Finding): Promise<ShownOwner | undefined> {
  const owner = personalOwnerOf(finding);
  if (!owner) return undefined;
  try {
    return { which: owner.which, person: await p.owners.personOf(owner.identityUserId) };
  } catch (error) {
    p.logger.warn({ err: error, findingId: finding.id }, 'owner not mapped: the card shows the id');
    return undefined;
  }
}

/** The finding's newest entries in Warden's audit log: who acted, who was asked (none if unavailable). */
async function auditOf(p: CardPorts, finding: Finding): Promise<AuditEntry[]> {
  try {
    return await p.audit.auditLog({ findingId: finding.id, limit: 20 });
  } catch (error) {
    p.logger.warn({ err: error, findingId: finding.id }, 'audit log unavailable: the card names nobody');
    return [];
  }
}

async function render(p: CardPorts, finding: Finding, channel: string) {
  const entries = await auditOf(p, finding);
  return renderFindingAlert(finding, {
    now: new Date(p.clock()),
    offerUnsuppress: p.settings.offerUnsuppress,
    attributionTemplate: p.settings.attributionTemplate,
    acted: lastSlackChange(p, finding, entries),
    asked: askShownOf(entries),
    owner: await shownOwner(p, finding),
    directMessage: isDirectMessage(channel),
    sla: await cardClock(p, finding.id),
  });
}

/** A direct message channel (the owner's copy of a card). */
export const isDirectMessage = (channel: string): boolean => channel.startsWith('D');

/** Posts a new card (not yet tracked: the caller records it, in its own transaction if it has one). */
export async function postCard(
  p: CardPorts,
  finding: Finding,
  channel: string,
  metadata?: MessageMetadata,
): Promise<Card> {
  const rendered = await render(p, finding, channel);
  const ts = await p.chat.post({ channel, text: rendered.text, blocks: rendered.blocks, metadata });
  return { channel, ts, shown: hashOf(rendered) };
}

/**
 * Replaces a card in place with the finding as it is now; resolves to the card as it then is
 * (track that). A card known to show this very rendering already is left alone: chat.update is
 * Tier 3, shared by the whole workspace, and a no-op update spends it for nothing.
 */
export async function replaceCard(p: CardPorts, finding: Finding, card: Card): Promise<Card> {
  const rendered = await render(p, finding, card.channel);
  const shown = hashOf(rendered);
  if (card.shown === shown) return card;
  await p.chat.update({ channel: card.channel, ts: card.ts, text: rendered.text, blocks: rendered.blocks });
  return { channel: card.channel, ts: card.ts, shown };
}

/** Remembers where a card is and what it shows; a failure is logged (the card itself is fine). */
export async function trackCard(p: AlertLifePorts, finding: Finding, card: Card): Promise<void> {
  await p.cards
    .upsertMessage(cardRef(finding, card), p.clock())
    .catch((error: unknown) =>
      p.logger.warn({ err: error, findingId: finding.id }, 'card index not updated'),
    );
}

export function replyInThread(
  p: Pick<Ports, 'chat'>,
  card: Card,
  text: string,
  metadata?: MessageMetadata,
): Promise<string> {
  return p.chat.post({ channel: card.channel, threadTs: card.ts, text, metadata });
}

/**
 * A card of the finding in a channel, as it is now (`/warden show`): the channel's card brought up
 * to date when it has one (`existing`), else a new one posted; tracked either way. One live card
 * per finding and channel, so each later change costs one update here, not one per show.
 */
export async function showCard(
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
  await trackCard(p, finding, card);
  return { card, existing: false };
}

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
      log.warn({ err: error, target: card.channel }, 'a card of this finding could not be updated');
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
 * After a change: replace every card of the finding Warden tracks (several in one channel if it
 * posted several), post one in `primaryChannel` if it has none, track them, and reply once per
 * channel with `reply`, in the thread of the card that was clicked, else of that channel's
 * newest card.
 */
export async function updateEverywhere(
  p: AlertLifePorts,
  finding: Finding,
  opts: {
    reply: string;
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
      posted = await postCard(p, finding, opts.primaryChannel);
      primary = posted;
      cards.push(posted);
      threads.set(posted.channel, posted);
    } catch (error) {
      primaryError = error;
    }
  }
  let metadata = opts.metadata;
  for (const card of cards) {
    const thread = threads.get(card.channel);
    try {
      await trackCard(p, finding, card === posted ? card : await replaceCard(p, finding, card));
      if (thread && sameCard(thread, card)) {
        await replyInThread(p, card, opts.reply, metadata);
        metadata = undefined;
      }
    } catch (error) {
      log.warn({ err: error, target: card.channel }, 'a card of this finding could not be updated');
      if (primary && sameCard(card, primary)) primaryError = error;
    }
  }
  return { primary, primaryError };
}
