import { cardClockLine } from '../../blockkit/sla-words.js';
import { CLOCKS, clocksAt, nextChangeAt } from '../../domain/sla.js';
import { isApiError, isSlackApiError } from '../../errors.js';
import type { Ports } from '../../ports/index.js';
import type { SlaClockRow, SlaStore } from '../../ports/sla.js';
import type { ChatPort } from '../../ports/slack.js';
import { indexedCard, replaceCard, trackCard } from '../shared/alert-life.js';
import { noticeKey } from './sla-notice.js';

/**
 * The SLA sweep (issue 38), every minute on each replica: it takes the clocks whose `nextAt` has
 * come (a claim in the store: one replica each), schedules their warning and breach messages
 * (lifecycle jobs with one key per finding and clock: sent once however often scheduled), and
 * brings the finding's cards up to date when their clock line's words changed — at most one
 * chat.update per card per change of words, and only when a chat.update slot is free now
 * (`chat`: the lower-priority chat the roll-up publisher uses), so clock lines never hold up a
 * card a person changed. Lines that found no slot wait for the next within the sweep's minute
 * (TRICKLE_MS), after every clock's notices were scheduled; what is left then comes back later.
 */
export type SweepPorts = Pick<
  Ports,
  'clock' | 'timers' | 'logger' | 'lifecycle' | 'findings' | 'cards' | 'audit' | 'owners' | 'settings'
> & {
  sla: SlaStore;
  /** Takes a chat.update slot only when it is free now (PACED otherwise). */
  chat: ChatPort;
};

const LEASE_MS = 60_000;
/** A card whose update found no free slot is tried again after this. */
const AGAIN_MS = 30_000;
/**
 * How long a sweep goes on bringing cards up to date, a free slot at a time: the SLA's share of
 * chat.update is one every 3 s (slack/sla-budget.ts), so a sweep that took only the slots free
 * at its start brought five cards a minute up to date (a 600-card channel whose words changed at
 * once lagged by hours, bench (t)). Under the claim's lease and the sweep's minute.
 */
const TRICKLE_MS = 50_000;
/** A rate limit that did not say for how long: about the SLA's share's interval. */
const SLOT_GUESS_MS = 3_000;

export interface SweepResult {
  clocks: number;
  updated: number;
  postponed: number;
}

/** A claimed row and what the sweep writes back for it (its card line updated or not). */
interface Waiting {
  row: SlaClockRow;
  swept: { shown: string; nextAt: number | null; overdue: boolean };
}

export async function sweepClocks(p: SweepPorts, limit = 200): Promise<SweepResult> {
  const sla = p.settings.sla;
  const result: SweepResult = { clocks: 0, updated: 0, postponed: 0 };
  if (!sla) return result;
  const now = p.clock();
  const rows = await p.sla.claimDueSlaClocks(now, LEASE_MS, limit);
  const waiting: Waiting[] = [];
  let retryAfterMs: number | undefined;
  // First every clock's notices and what can be updated now, so no warning or breach waits
  // behind another card's clock line; then the lines that found no slot, as slots free up.
  for (const row of rows) {
    result.clocks++;
    const c = clocksAt(sla.policy, row, sla.calendar, now);
    const readAt = row.updatedAt ?? 0;
    if (!c) {
      await p.sla.sweptSlaClock(row.findingId, { nextAt: null, overdue: false, shown: null }, readAt, now);
      continue;
    }
    for (const clock of CLOCKS) {
      const s = c[clock];
      if (s.state !== 'running' && s.state !== 'overdue') continue;
      const job = (kind: 'warn' | 'breach') =>
        p.lifecycle.scheduleJob(
          {
            kind: kind === 'warn' ? 'slaWarn' : 'slaBreach',
            key: noticeKey(kind, clock, row.findingId),
            dueAt: now,
            subject: row.findingId,
            payload: { clock, team: row.team },
          },
          now,
        );
      // A finding first seen already past its target gets the breach, not a late warning too.
      if (s.warned && s.state === 'running') await job('warn');
      if (s.state === 'overdue') await job('breach');
    }
    const line = cardClockLine(c, sla.calendar);
    const swept = {
      shown: line,
      nextAt: nextChangeAt(c, row, sla.calendar, now) ?? null,
      overdue: c.acknowledge.state === 'overdue' || c.close.state === 'overdue',
    };
    const w: Waiting = { row, swept };
    // Once one update found no slot, the rest wait too (without reading their findings now).
    const updated =
      line === row.shown ? 'same' : retryAfterMs === undefined ? await refreshCards(p, row) : 'wait';
    if (updated === 'wait' || typeof updated === 'object') {
      if (typeof updated === 'object') retryAfterMs = updated.retryAfterMs;
      waiting.push(w);
      // Held past this sweep's trickle while it waits: no other replica takes it meanwhile, and
      // if this process stops, the next sweep after that does.
      await lookAgain(p, w, now + TRICKLE_MS + AGAIN_MS, now);
      continue;
    }
    await settle(p, w, updated, now, result);
  }
  await trickle(p, waiting, now + TRICKLE_MS, retryAfterMs ?? 0, result);
  if (result.clocks) p.logger.debug({ ...result }, 'SLA sweep');
  return result;
}

/** The lines that found no slot, each as soon as one frees up, until `until`; the rest come back later. */
async function trickle(
  p: SweepPorts,
  waiting: Waiting[],
  until: number,
  firstWaitMs: number,
  result: SweepResult,
) {
  let waitMs = firstWaitMs;
  for (const [i, w] of waiting.entries()) {
    for (;;) {
      const at = p.clock();
      if (at + waitMs > until) {
        // The sweep's time is up: these wait for a later one.
        for (const left of waiting.slice(i)) await lookAgain(p, left, at + AGAIN_MS, at);
        result.postponed += waiting.length - i;
        return;
      }
      if (waitMs > 0) await p.timers.sleep(waitMs);
      const updated = await refreshCards(p, w.row);
      if (typeof updated === 'object') {
        waitMs = updated.retryAfterMs;
        continue;
      }
      waitMs = 0;
      await settle(p, w, updated, p.clock(), result);
      break;
    }
  }
}

/**
 * The row written back still showing the words its cards show, to be looked at again at `at`.
 * Only the sweep's own columns, and only if the clock did not move since it was claimed.
 */
function lookAgain(p: SweepPorts, w: Waiting, at: number, now: number): Promise<void> {
  const swept = { ...w.swept, shown: w.row.shown ?? null, nextAt: at };
  return p.sla.sweptSlaClock(w.row.findingId, swept, w.row.updatedAt ?? 0, now);
}

/** A line's update done (or not needed): counted and written back; a finding not read is looked at again soon. */
async function settle(
  p: SweepPorts,
  w: Waiting,
  updated: 'same' | 'updated' | 'postponed' | 'gone',
  now: number,
  result: SweepResult,
): Promise<void> {
  if (updated === 'updated') result.updated++;
  if (updated !== 'postponed')
    return p.sla.sweptSlaClock(w.row.findingId, w.swept, w.row.updatedAt ?? 0, now);
  result.postponed++;
  await lookAgain(p, w, now + AGAIN_MS, now);
}

/** Replaces the finding's cards (each skipped when it already shows this rendering). */
async function refreshCards(
  p: SweepPorts,
  row: SlaClockRow,
): Promise<'updated' | 'postponed' | 'gone' | { retryAfterMs: number }> {
  let finding: Awaited<ReturnType<SweepPorts['findings']['get']>>;
  try {
    finding = await p.findings.get(row.findingId);
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return 'gone';
    p.logger.warn({ err: error, findingId: row.findingId }, 'SLA sweep: finding not read; its cards wait');
    return 'postponed';
  }
  const cards = await p.cards.messagesFor(row.findingId);
  for (const m of cards) {
    try {
      await trackCard(p, finding, await replaceCard(p, finding, indexedCard(m)));
    } catch (error) {
      if (isSlackApiError(error) && (error.failure === 'rate_limited' || error.slackCode === 'ratelimited'))
        return { retryAfterMs: Math.max(1, error.retryAfterMs ?? SLOT_GUESS_MS) };
      p.logger.warn(
        { err: error, findingId: row.findingId, channel: m.channel },
        'SLA sweep: card not updated',
      );
    }
  }
  return 'updated';
}
