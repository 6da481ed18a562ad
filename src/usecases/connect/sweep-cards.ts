import type { RenderedMessage } from '../../blockkit/finding.js';
import { isApiError, isSlackApiError } from '../../errors.js';
import type { Ports } from '../../ports/index.js';
import type { ConnectSweep, ConnectSweeps, MessageRef } from '../../ports/store.js';
import { type AlertLifePorts, replaceCard, trackCard } from '../shared/alert-life.js';

/**
 * Slack Connect (README "Slack Connect"): when a channel becomes shared with another
 * organisation, the cards Warden already posted there keep their details in the history the
 * partner can now read. This replaces them with the pointer (their metadata down to the opaque
 * outbox id); when the channel is unshared it puts the details back (each card rendered from the
 * finding as the tenant has it now). One channel at a time, claimed in the store with a lease;
 * progress is recorded after each card, so a restart or another replica goes on where it
 * stopped. Every update goes through the chat port, paced in the store (chat.update is Tier 3,
 * the workspace's): a sweep takes the same slots as everything else, never more.
 */

export type SweepPorts = AlertLifePorts & Pick<Ports, 'findings'> & { connectSweeps: ConnectSweeps };

export interface SweepInput {
  /** The workspace the sweeps belong to (its team id). */
  teamKey: string;
  /** This process (the claim's holder). */
  holder: string;
  /** What a card in a shared channel shows. */
  pointer: RenderedMessage;
  /** Cards done per claim before the next sweep gets its turn. */
  batch?: number;
  leaseMs?: number;
}

const BATCH = 25;
const LEASE_MS = 120_000;

/** Works this workspace's due sweeps, a batch each; resolves to the number of cards replaced. */
export async function sweepConnectCards(p: SweepPorts, input: SweepInput): Promise<number> {
  const leaseMs = input.leaseMs ?? LEASE_MS;
  let done = 0;
  for (let turn = 0; turn < 10; turn++) {
    const sweep = await p.connectSweeps.claimSweep(input.teamKey, input.holder, p.clock(), leaseMs);
    if (!sweep) return done;
    const log = p.logger.child({ channel: sweep.channel, shared: sweep.shared });
    try {
      const worked = await sweepBatch(p, sweep, input, leaseMs);
      done += worked.replaced;
      if (worked.finished) {
        await p.connectSweeps.finishSweep(sweep, input.holder);
        log.info({ replaced: worked.replaced }, 'cards of a channel whose sharing changed: all replaced');
      } else if (!worked.lost) await p.connectSweeps.releaseSweep(sweep.channel, input.holder);
    } catch (error) {
      // Paced out, rate limited, the tenant or Slack failing: the sweep keeps its place and is
      // taken up again on a later pass.
      const level = isSlackApiError(error) && error.failure === 'rate_limited' ? 'debug' : 'warn';
      log[level]({ err: error }, 'cards of a channel whose sharing changed: not all replaced yet');
      await p.connectSweeps.releaseSweep(sweep.channel, input.holder).catch(() => undefined);
      return done;
    }
  }
  return done;
}

async function sweepBatch(
  p: SweepPorts,
  sweep: ConnectSweep,
  input: SweepInput,
  leaseMs: number,
): Promise<{ replaced: number; finished: boolean; lost: boolean }> {
  const batch = input.batch ?? BATCH;
  const cards = await p.connectSweeps.cardsIn(sweep.channel, sweep.afterTs, batch);
  let replaced = 0;
  let at = sweep;
  for (const card of cards) {
    if (await replaceOne(p, sweep, card, input.pointer)) replaced++;
    at = { ...at, afterTs: card.ts };
    // The other direction was asked meanwhile: that sweep starts from the first card again.
    if (!(await p.connectSweeps.advanceSweep(at, input.holder, p.clock(), leaseMs)))
      return { replaced, finished: false, lost: true };
  }
  return { replaced, finished: cards.length < batch, lost: false };
}

/** One card to the pointer, or back to its details; false when there was nothing to replace. */
async function replaceOne(
  p: SweepPorts,
  sweep: ConnectSweep,
  card: MessageRef,
  pointer: RenderedMessage,
): Promise<boolean> {
  try {
    if (sweep.shared) {
      const outboxId = await p.connectSweeps.outboxIdAt(card.channel, card.ts);
      // A card the outbox posted named its finding in its metadata: the outbox id alone is left.
      // (A card posted otherwise, e.g. by /warden show, carries none.)
      const metadata = outboxId
        ? { event_type: 'warden_alert', event_payload: { outbox_id: outboxId } }
        : undefined;
      await p.chat.update({ channel: card.channel, ts: card.ts, ...pointer, metadata });
      // Its next update is sent whatever the card index thought it showed.
      await p.cards.upsertMessage({ ...card, lastHash: null }, p.clock());
      return true;
    }
    const finding = await p.findings.get(card.findingId);
    await trackCard(p, finding, await replaceCard(p, finding, { channel: card.channel, ts: card.ts }));
    return true;
  } catch (error) {
    // A card deleted in Slack, a channel archived, a finding the tenant no longer has: nothing
    // to replace there; anything else stops the batch (tried again later).
    const gone =
      (isSlackApiError(error) &&
        ['message_not_found', 'is_archived', 'channel_not_found'].includes(error.slackCode)) ||
      (isApiError(error) && error.status === 404);
    if (!gone) throw error;
    p.logger.info(
      { channel: card.channel, ts: card.ts, findingId: card.findingId },
      'card not replaced: gone',
    );
    return false;
  }
}
