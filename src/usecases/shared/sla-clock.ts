import { cardClockLine } from '../../blockkit/sla-words.js';
import { findingTypeOf } from '../../domain/finding-type.js';
import {
  applyChange,
  type ClockChange,
  type ClockFacts,
  clocksAt,
  isClosedState,
  nextChangeAt,
  startClock,
} from '../../domain/sla.js';
import type { Finding } from '../../model/finding.js';
import type { Ports, Settings } from '../../ports/index.js';
import type { SlaClockRow, SlaSettings } from '../../ports/sla.js';

/**
 * A finding's SLA clocks as Warden learns of it (issue 38): started the first time Warden sees
 * the finding, moved by every change it makes or hears of (usecases/shared/finding-changed.ts
 * `recordChange`), by the tenant's audit events (usecases/sla/sla-audit-sync.ts) and by an
 * attestation answer. Off (a no-op) without WARDEN_CONFIG `sla`.
 */
export type ClockPorts = Pick<Ports, 'clock' | 'logger' | 'metrics'> &
  Partial<Pick<Ports, 'sla'>> & { settings: Pick<Settings, 'sla' | 'teamId'> };

/** Findings whose missing clock was logged, so the log says why once (per process). */
const told = new Set<string>();
const tellOnce = (p: ClockPorts, findingId: string, why: string) => {
  if (told.has(findingId)) return;
  if (told.size > 10_000) told.clear();
  told.add(findingId);
  p.logger.warn({ findingId, why }, 'finding has no SLA clock');
};

const typeOf = (f: Finding) => findingTypeOf(f)?.searchValue ?? null;

/** The row as written after a change: what cards say of it now, when that next changes. */
export function settleRow(
  sla: SlaSettings,
  facts: ClockFacts,
  base: Pick<SlaClockRow, 'findingId' | 'team'>,
  now: number,
): SlaClockRow {
  const c = clocksAt(sla.policy, facts, sla.calendar, now);
  if (!c) return { ...facts, ...base, shown: null, nextAt: null, overdue: false };
  const overdue = c.acknowledge.state === 'overdue' || c.close.state === 'overdue';
  const warned = [c.acknowledge, c.close].some((s) => s.warned);
  const next = nextChangeAt(c, facts, sla.calendar, now);
  return {
    ...facts,
    ...base,
    shown: cardClockLine(c, sla.calendar),
    // Due now when a warning or breach may still need its message: the sweep schedules it once.
    nextAt: overdue || warned ? now : (next ?? null),
    overdue,
  };
}

/** Counted once, by whoever wrote the change that stopped a clock. */
export function observeClock(
  p: Pick<ClockPorts, 'metrics'>,
  before: ClockFacts | undefined,
  after: ClockFacts,
): void {
  if (before?.ackedAt == null && after.ackedAt !== null)
    p.metrics.timeToAck.observe({ severity: after.severity }, (after.ackedAt - after.createdAt) / 1_000);
  if (!isClosedState(before?.state) && isClosedState(after.state))
    p.metrics.timeToClose.observe(
      { severity: after.severity, finding_type: after.findingType ?? 'FINDING_TYPE_UNSPECIFIED' },
      (after.changedAt - after.createdAt) / 1_000,
    );
}

/**
 * Applies a change to the finding's clocks (starting them the first time). `made`: a person did
 * it through Warden (it acknowledges). Without it, a state change the tenant says a person made
 * (`stateUpdatedById`, not a return to open: a lapse keeps the last actor) acknowledges too.
 */
export async function trackClock(
  p: ClockPorts,
  finding: Finding,
  made?: { by: string; at?: number } | undefined,
): Promise<void> {
  const sla = p.settings.sla;
  if (!sla || !p.sla) return;
  const now = p.clock();
  const row = await p.sla.slaClock(finding.id);
  let facts: ClockFacts;
  if (row) facts = row;
  else {
    const started = startClock(
      {
        createdAt: finding.createdAt,
        severity: finding.severity ?? 'FINDING_SEVERITY_UNSPECIFIED',
        findingType: typeOf(finding),
      },
      now,
    );
    if ('none' in started) return tellOnce(p, finding.id, started.none);
    facts = started.facts;
  }
  const state = finding.state ?? undefined;
  const updated = finding.updatedAt ? Date.parse(finding.updatedAt) : Number.NaN;
  const at = made?.at ?? (Number.isFinite(updated) && updated <= now ? updated : now);
  const tenantPerson =
    !made &&
    Boolean(finding.stateUpdatedById) &&
    state !== undefined &&
    state !== facts.state &&
    state !== 'FINDING_STATE_OPEN';
  const change: ClockChange = {
    at,
    state,
    severity: finding.severity,
    acknowledged: Boolean(made) || tenantPerson,
  };
  const after = applyChange(sla.policy, facts, change, sla.calendar);
  await p.sla.putSlaClock(
    settleRow(sla, after, { findingId: finding.id, team: row?.team ?? p.settings.teamId }, now),
    now,
  );
  observeClock(p, row, after);
}

/** An acknowledgement Warden alone knows of (an attestation answer): only the clock moves. */
export async function acknowledgeClock(p: ClockPorts, findingId: string, at: number): Promise<void> {
  const sla = p.settings.sla;
  if (!sla || !p.sla) return;
  const row = await p.sla.slaClock(findingId);
  if (!row || row.ackedAt !== null) return;
  const after = applyChange(sla.policy, row, { at, acknowledged: true }, sla.calendar);
  await p.sla.putSlaClock(settleRow(sla, after, { findingId, team: row.team }, p.clock()), p.clock());
  observeClock(p, row, after);
}

/** The clock line a card of this finding shows now (undefined: no clock). */
export async function cardClock(
  p: Pick<Ports, 'clock' | 'logger'> & Partial<Pick<Ports, 'sla'>> & { settings: Pick<Settings, 'sla'> },
  findingId: string,
): Promise<string | undefined> {
  const sla = p.settings.sla;
  if (!sla || !p.sla) return undefined;
  try {
    const row = await p.sla.slaClock(findingId);
    const c = row && clocksAt(sla.policy, row, sla.calendar, p.clock());
    return c ? cardClockLine(c, sla.calendar) : undefined;
  } catch (error) {
    p.logger.warn({ err: error, findingId }, 'SLA clock unavailable: the card shows none');
    return undefined;
  }
}
