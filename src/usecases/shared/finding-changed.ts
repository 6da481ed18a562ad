import { closureLabels } from '../../domain/closure.js';
import { findingTypeOf } from '../../domain/finding-type.js';
import type { Finding } from '../../model/finding.js';
import type { Ports, Settings } from '../../ports/index.js';
import {
  type AlertLifePorts,
  type Card,
  type EverywhereResult,
  refreshKnownCards,
  updateEverywhere,
} from './alert-life.js';
import { type SchedulePorts, scheduleEnds } from './schedule-ends.js';
import { type ClockPorts, trackClock } from './sla-clock.js';
import { stateChangedMetadata } from './state-event.js';

/**
 * The one step after a finding changed, whichever way Warden learnt it: a change it made (one
 * finding, in bulk, or reconciled after a restart), an end reached, or news from the tenant's
 * webhook and poller. Each path says what it knows (who made it, how its cards are brought up to
 * date); the step does the rest, the same way for all.
 */

/** Who made a change Warden made: its reminder goes to them, its closure is counted. */
export interface MadeBy {
  action: { kind: string; closure?: string | undefined };
  by: string;
  /** Four-eyes: the approver; `by` is then the requester. */
  approvedBy?: string | undefined;
}

export type SeenPorts = SchedulePorts &
  Pick<Ports, 'seen'> &
  Partial<Pick<ClockPorts, 'sla' | 'metrics'>> & { settings: Partial<Pick<Settings, 'sla' | 'teamId'>> };

/**
 * What every path records: the state as seen (the poller then tells only news) and the reminder
 * and end of a snooze or acceptance it now has. Throws when the state cannot be recorded: intake
 * must not acknowledge what it did not keep (the other paths log it, see findingChanged).
 */
export async function recordChange(p: SeenPorts, finding: Finding, made?: MadeBy): Promise<void> {
  await scheduleEnds(p, finding, { madeBy: made?.by, approvedBy: made?.approvedBy });
  const seen = { state: finding.state ?? null, recurrence: finding.recurrenceCount ?? null };
  await p.seen.recordSeen(finding.id, seen, p.clock());
  // Its SLA clocks: a failure here loses nothing the tenant's audit events do not bring back.
  if (p.sla && p.metrics && p.settings.sla) {
    const clockPorts = {
      ...p,
      metrics: p.metrics,
      settings: { sla: p.settings.sla, teamId: p.settings.teamId ?? '' },
    };
    await trackClock(clockPorts, finding, made && { by: made.by }).catch((error: unknown) =>
      p.logger.warn({ err: error, findingId: finding.id }, 'SLA clock not updated'),
    );
  }
}

import type { ThreadLine } from './speech.js';

export type ChangedPorts = SeenPorts & AlertLifePorts & Pick<Ports, 'metrics' | 'rollups'>;

/** How a change's cards are brought up to date. */
export type CardsUpdate =
  /** Every card replaced (one posted in `primaryChannel` if it has none) and a reply in each thread. */
  | { everywhere: { reply: ThreadLine; primaryChannel: string; clicked?: Card | undefined } }
  /** The cards Warden has, replaced quietly (the roll-up's or the end's thread tells the story). */
  | { known: true };

/**
 * After a change: recorded, counted, its roll-ups marked for their coalesced summary update, its
 * cards brought up to date. Nothing here undoes the change: a step that fails is logged.
 */
export async function findingChanged(
  p: ChangedPorts,
  finding: Finding,
  o: { made?: MadeBy | undefined; cards: CardsUpdate },
): Promise<EverywhereResult | undefined> {
  const log = p.logger.child({ findingId: finding.id });
  await recordChange(p, finding, o.made).catch((error: unknown) =>
    log.warn({ err: error }, 'could not record the new state as seen'),
  );
  const closed = o.made && closureLabels(o.made.action, findingTypeOf(finding)?.member);
  if (closed) p.metrics.closures.inc(closed);
  // A roll-up it is in shows its state too: its summary is marked for the next coalesced update.
  await p.rollups
    .markFindingChanged(finding.id)
    .catch((error: unknown) => log.warn({ err: error }, 'roll-up not marked changed'));
  if ('known' in o.cards) {
    await refreshKnownCards(p, finding);
    return undefined;
  }
  const metadata = o.made ? stateChangedMetadata(finding, o.made.by) : undefined;
  return updateEverywhere(p, finding, { ...o.cards.everywhere, metadata });
}
