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
 * card a person changed. A line that could not be updated now is tried again a little later.
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

export interface SweepResult {
  clocks: number;
  updated: number;
  postponed: number;
}

export async function sweepClocks(p: SweepPorts, limit = 200): Promise<SweepResult> {
  const sla = p.settings.sla;
  const result: SweepResult = { clocks: 0, updated: 0, postponed: 0 };
  if (!sla) return result;
  const now = p.clock();
  const rows = await p.sla.claimDueSlaClocks(now, LEASE_MS, limit);
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
    const next = nextChangeAt(c, row, sla.calendar, now) ?? null;
    const overdue = c.acknowledge.state === 'overdue' || c.close.state === 'overdue';
    const updated = line === row.shown ? 'same' : await refreshCards(p, row);
    if (updated === 'postponed') result.postponed++;
    if (updated === 'updated') result.updated++;
    // Only the sweep's own columns, and only if the clock did not move meanwhile.
    await p.sla.sweptSlaClock(
      row.findingId,
      {
        overdue,
        shown: updated === 'postponed' ? row.shown : line,
        nextAt: updated === 'postponed' ? now + AGAIN_MS : next,
      },
      readAt,
      now,
    );
  }
  if (result.clocks) p.logger.debug({ ...result }, 'SLA sweep');
  return result;
}

/** Replaces the finding's cards (each skipped when it already shows this rendering). */
async function refreshCards(p: SweepPorts, row: SlaClockRow): Promise<'updated' | 'postponed' | 'gone'> {
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
        return 'postponed';
      p.logger.warn(
        { err: error, findingId: row.findingId, channel: m.channel },
        'SLA sweep: card not updated',
      );
    }
  }
  return 'updated';
}
