import { createHash } from 'node:crypto';
import { renderFindingAlert, type SlackChange } from '../../blockkit/finding.js';
import type { ShownOwner } from '../../blockkit/finding-details.js';
import { actionFromParams } from '../../domain/actions.js';
import { offersContain } from '../../domain/contain.js';
import { showsChange } from '../../domain/credit.js';
import { personalOwnerOf } from '../../domain/owner.js';
import type { Finding } from '../../model/finding.js';
import type { CardSettings, Ports } from '../../ports/index.js';
import type { MessageMetadata } from '../../ports/slack.js';
import type { AuditEntry, MessageRef } from '../../ports/store.js';
import { askShownOf } from './attest-shown.js';
import { containShownOf } from './contain-shown.js';
import { cardClock } from './sla-clock.js';
import { inChannel } from './speech.js';

/**
 * An alert's life in Slack, in one place: a finding's card is rendered from the finding as the
 * tenant has it, posted, tracked in the card index, replaced in place wherever it was posted,
 * and followed by replies in its thread. Everyone who shows or changes a finding goes through
 * here (delivery, state changes, `show`, a form that finds the finding changed).
 */

export type AlertLifePorts = Pick<
  Ports,
  'chat' | 'cards' | 'clock' | 'timers' | 'logger' | 'audit' | 'owners'
> &
  Partial<Pick<Ports, 'sla' | 'names'>> & {
    settings: CardSettings;
  };

/**
 * What rendering a card needs: the clock, the audit log (who acted), the owner directory (who
 * owns it, in Slack), the tenant's names of its target and app (ids without them) and how cards render.
 */
type CardPorts = Pick<Ports, 'chat' | 'clock' | 'logger' | 'audit' | 'owners'> &
  Partial<Pick<Ports, 'sla' | 'names'>> & { settings: CardSettings };

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
  // Read beside the audit log and the owner, not after them: a card waits for the slowest only.
  const names = p.names?.targetNames(finding);
  const entries = await auditOf(p, finding);
  const input = {
    now: new Date(p.clock()),
    offerUnsuppress: p.settings.offerUnsuppress,
    attributionTemplate: p.settings.attributionTemplate,
    acted: lastSlackChange(p, finding, entries),
    asked: askShownOf(entries),
    containable: offersContain(p.settings.contain?.rules, finding),
    contained: containShownOf(entries),
    owner: await shownOwner(p, finding),
    directMessage: isDirectMessage(channel),
    sla: await cardClock(p, finding.id),
    names: await names,
  };
  // A channel's card speaks the channel's language, whoever's click refreshed it; a DM copy
  // speaks the language of the scope its sender opened for the owner.
  if (isDirectMessage(channel)) return renderFindingAlert(finding, input);
  return inChannel(p, channel, () => renderFindingAlert(finding, input));
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

// After a change: every card of the finding replaced, in one place (card-updates.ts).
export { type EverywhereResult, refreshKnownCards, updateEverywhere } from './card-updates.js';
