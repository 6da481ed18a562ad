import { randomBytes } from 'node:crypto';
import type { Ports } from '../../ports/index.js';

/**
 * The claim on a finding's card in a channel (ports/card-claims.ts), as every poster takes it:
 * `show`, a change posting where the finding has no card yet, the delivery worker. Under it the
 * poster looks for the card, posts only if there is none, and records the card before letting go,
 * so a second poster waiting on the claim finds the card and replaces it instead.
 */

/**
 * How long a claim is held at most: longer than the longest post (a person's wait for the
 * channel's paced slot, 20 s, then Slack's answer, 10 s). A process that dies holding one blocks
 * that card no longer than this; nothing is lost meanwhile (an alert waits in the outbox).
 */
export const CARD_CLAIM_MS = 60_000;
/**
 * How long a `show` or a change waits for another poster's claim on the card (that poster may
 * itself wait up to 20 s for the channel's paced slot) before saying a card is on its way.
 */
export const CLAIM_WAIT_MS = 30_000;
/** How often a poster waiting on another's claim looks again. */
const CLAIM_POLL_MS = 250;

export type CardClaimPorts = Pick<Ports, 'cards' | 'clock' | 'timers'>;

export interface HeldCard {
  /** Lets go of the claim (never throws: a release the store does not take runs out with its lease). */
  release(): Promise<void>;
}

/**
 * Takes the claim on (finding, channel) now, or undefined while someone else holds it. `holder`:
 * one that holds one claim at a time (the delivery worker, a row after another) names itself, so
 * a claim whose release the store did not take (an outage) is its own again, not a 60 s wait.
 */
export async function claimCard(
  p: Pick<Ports, 'cards' | 'clock'>,
  findingId: string,
  channel: string,
  holder = `card.${randomBytes(8).toString('hex')}`,
  /** How long it holds at most (the worker: its outbox row's lease, so both come back together). */
  leaseMs = CARD_CLAIM_MS,
): Promise<HeldCard | undefined> {
  const now = p.clock();
  const taken = await p.cards.claimCard({ findingId, channel, holder, until: now + leaseMs }, now);
  if (!taken) return undefined;
  return {
    release: () => p.cards.releaseCard(findingId, channel, holder).catch(() => undefined),
  };
}

/**
 * Runs `work` under the claim on (finding, channel), waiting up to `waitMs` for another holder to
 * let go; `{ busy: true }` when it did not within that time (the other post is still going).
 */
export async function underCardClaim<T>(
  p: CardClaimPorts,
  findingId: string,
  channel: string,
  waitMs: number,
  work: () => Promise<T>,
): Promise<{ done: T } | { busy: true }> {
  const deadline = p.clock() + waitMs;
  for (;;) {
    const held = await claimCard(p, findingId, channel);
    if (held) {
      try {
        return { done: await work() };
      } finally {
        await held.release();
      }
    }
    if (p.clock() >= deadline) return { busy: true };
    await p.timers.sleep(CLAIM_POLL_MS);
  }
}
