import type { BusinessHours, WorkCalendar } from './business-hours.js';

/**
 * SLA clocks (WARDEN_CONFIG `sla`, issue 38). Each finding with a target has two clocks, both
 * started at the tenant's `createdAt`:
 * - *acknowledge*: stops at the first action a person takes on the finding — through Warden (a
 *   state change, an owner assigned, a task created, an attestation answer) or in the tenant (a
 *   state change, owner or task event the tenant records with an actor). A lapse (a snooze or an
 *   acceptance ending by itself) has no actor and acknowledges nothing.
 * - *close*: stops at resolve or suppress (and resumes if the finding is reopened).
 * Both stand still while the finding is snoozed or risk-accepted when the policy says so, and
 * outside business hours when it has them. Pure: every instant comes in.
 */

export type ClockName = 'acknowledge' | 'close';
export const CLOCKS: readonly ClockName[] = ['acknowledge', 'close'];

export type PauseReason = 'snoozed' | 'riskAccepted';
export type FrozenReason = PauseReason | 'closed';

export interface SlaTarget {
  acknowledgeMs: number;
  closeMs: number;
}

export interface SlaPolicy {
  /** Share of a clock's target at which the warning goes (0 < warnAt < 1). */
  warnAt: number;
  pauseWhile: readonly PauseReason[];
  /** By severity (`FINDING_SEVERITY_HIGH`). */
  bySeverity: Readonly<Record<string, SlaTarget>>;
  /** By finding type (the search value, `FINDING_TYPE_…`), then severity: wins over `bySeverity`. */
  byType: Readonly<Record<string, Readonly<Record<string, SlaTarget>>>>;
  businessHours?: BusinessHours | undefined;
}

/** The target of a finding of this severity and type, if the policy has one. */
export function targetOf(
  policy: SlaPolicy,
  severity: string | null | undefined,
  findingType: string | null | undefined,
): SlaTarget | undefined {
  const sev = severity ?? 'FINDING_SEVERITY_UNSPECIFIED';
  return (findingType ? policy.byType[findingType]?.[sev] : undefined) ?? policy.bySeverity[sev];
}

/** What a clock knows of its finding: the store keeps this per finding, a report in memory. */
export interface ClockFacts {
  createdAt: number;
  severity: string;
  findingType: string | null;
  /** The tenant's state as last applied. */
  state: string;
  /** When that state was reached (an older event changes nothing but the acknowledgement). */
  changedAt: number;
  ackedAt: number | null;
  /** SLA time spent when acknowledged (working ms, pauses left out). */
  ackSpent: number | null;
  /** Working ms of stand-stills that ended (pauses, closed periods). */
  pausedMs: number;
  /** Since when the clock stands still now, and why (null: running). */
  frozenSince: number | null;
  frozenWhy: FrozenReason | null;
}

const CLOSED_STATES = new Set(['FINDING_STATE_RESOLVED', 'FINDING_STATE_SUPPRESSED']);
export const isClosedState = (state: string | null | undefined): boolean =>
  state !== null && state !== undefined && CLOSED_STATES.has(state);

/** Why a finding in this state stands still, under this policy (null: its clocks run). */
export function frozenReasonOf(policy: Pick<SlaPolicy, 'pauseWhile'>, state: string): FrozenReason | null {
  if (isClosedState(state)) return 'closed';
  if (state === 'FINDING_STATE_SNOOZED' && policy.pauseWhile.includes('snoozed')) return 'snoozed';
  if (state === 'FINDING_STATE_RISK_ACCEPTED' && policy.pauseWhile.includes('riskAccepted'))
    return 'riskAccepted';
  return null;
}

/**
 * A finding's clocks as they stood when it was created (open, running), or why it has none. The
 * caller applies what it knows happened since (its state now, the tenant's audit events).
 */
export function startClock(
  f: { createdAt: string | null | undefined; severity: string; findingType: string | null },
  now: number,
): { facts: ClockFacts } | { none: string } {
  const created = typeof f.createdAt === 'string' ? Date.parse(f.createdAt) : Number.NaN;
  if (!Number.isFinite(created)) return { none: 'the tenant gave it no createdAt' };
  if (created > now + 60_000) return { none: 'its createdAt is in the future' };
  const facts: ClockFacts = {
    createdAt: created,
    severity: f.severity,
    findingType: f.findingType,
    state: 'FINDING_STATE_OPEN',
    changedAt: created,
    ackedAt: null,
    ackSpent: null,
    pausedMs: 0,
    frozenSince: null,
    frozenWhy: null,
  };
  return { facts };
}

/** SLA time a clock has spent by `t` (working ms since creation, stand-stills left out). */
export function spentBy(facts: ClockFacts, cal: WorkCalendar, t: number): number {
  const end = facts.frozenSince !== null ? Math.min(t, facts.frozenSince) : t;
  if (end <= facts.createdAt) return 0;
  return Math.max(0, cal.worked(end) - cal.worked(facts.createdAt) - facts.pausedMs);
}

/** One change as a clock reads it: the finding's state after it, and whether a person made it. */
export interface ClockChange {
  at: number;
  state?: string | null | undefined;
  severity?: string | null | undefined;
  acknowledged?: boolean | undefined;
}

/** The clock after a change (a new object; `facts` is left as it was). */
export function applyChange(
  policy: Pick<SlaPolicy, 'pauseWhile'>,
  facts: ClockFacts,
  change: ClockChange,
  cal: WorkCalendar,
): ClockFacts {
  const next = { ...facts };
  const at = Math.max(change.at, facts.createdAt);
  if (change.acknowledged && (next.ackedAt === null || at < next.ackedAt)) {
    next.ackedAt = at;
    next.ackSpent = spentBy(facts, cal, at);
  }
  if (change.severity) next.severity = change.severity;
  if (!change.state || at < facts.changedAt) return next;
  next.state = change.state;
  next.changedAt = at;
  const why = frozenReasonOf(policy, change.state);
  if (why === next.frozenWhy) return next;
  if (why === null && next.frozenSince !== null) {
    next.pausedMs += Math.max(0, cal.worked(at) - cal.worked(Math.max(next.frozenSince, facts.createdAt)));
    next.frozenSince = null;
  } else if (why !== null && next.frozenSince === null) {
    next.frozenSince = at;
  }
  next.frozenWhy = why;
  return next;
}

export type ClockState =
  /** Running (or paused) within its target. */
  | 'running'
  /** Past its target and not stopped. */
  | 'overdue'
  /** Stopped within its target. */
  | 'met'
  /** Stopped past its target. */
  | 'missed'
  /** The acknowledge clock of a finding closed before anyone acknowledged it: nothing to measure. */
  | 'stopped';

export interface ClockStatus {
  clock: ClockName;
  state: ClockState;
  targetMs: number;
  spentMs: number;
  /** Standing still now (a pause or, for a stopped clock, its end). */
  paused: FrozenReason | null;
  /** Past the warning share (running or overdue). */
  warned: boolean;
  /** When a running clock reaches its target (or reached it); undefined while it stands still. */
  dueAt: number | undefined;
  /** When a running clock reaches its warning share. */
  warnAt: number | undefined;
  /** When it stopped (met, missed, stopped). */
  stoppedAt: number | undefined;
}

function status(
  clock: ClockName,
  facts: ClockFacts,
  targetMs: number,
  policy: Pick<SlaPolicy, 'warnAt'>,
  cal: WorkCalendar,
  now: number,
): ClockStatus {
  const stoppedAt =
    clock === 'acknowledge'
      ? (facts.ackedAt ?? undefined)
      : facts.frozenWhy === 'closed'
        ? (facts.frozenSince ?? undefined)
        : undefined;
  if (clock === 'acknowledge' && facts.ackedAt === null && facts.frozenWhy === 'closed') {
    const spent = spentBy(facts, cal, now);
    return {
      clock,
      state: 'stopped',
      targetMs,
      spentMs: spent,
      paused: 'closed',
      warned: false,
      dueAt: undefined,
      warnAt: undefined,
      stoppedAt: facts.frozenSince ?? undefined,
    };
  }
  const spentMs =
    clock === 'acknowledge' && facts.ackSpent !== null ? facts.ackSpent : spentBy(facts, cal, now);
  if (stoppedAt !== undefined) {
    return {
      clock,
      state: spentMs <= targetMs ? 'met' : 'missed',
      targetMs,
      spentMs,
      paused: null,
      warned: false,
      dueAt: undefined,
      warnAt: undefined,
      stoppedAt,
    };
  }
  const paused = facts.frozenWhy;
  const base = cal.worked(facts.createdAt) + facts.pausedMs;
  const warnSpent = targetMs * policy.warnAt;
  return {
    clock,
    state: spentMs >= targetMs ? 'overdue' : 'running',
    targetMs,
    spentMs,
    paused,
    warned: spentMs >= warnSpent,
    // While it stands still its due time is not known: it moves on when the clock resumes.
    dueAt: paused === null ? cal.at(base + targetMs) : undefined,
    warnAt: paused === null ? cal.at(base + warnSpent) : undefined,
    stoppedAt: undefined,
  };
}

/** Both clocks of a finding at `now`; undefined when the policy has no target for it. */
export function clocksAt(
  policy: SlaPolicy,
  facts: ClockFacts,
  cal: WorkCalendar,
  now: number,
): { acknowledge: ClockStatus; close: ClockStatus } | undefined {
  const target = targetOf(policy, facts.severity, facts.findingType);
  if (!target) return undefined;
  return {
    acknowledge: status('acknowledge', facts, target.acknowledgeMs, policy, cal, now),
    close: status('close', facts, target.closeMs, policy, cal, now),
  };
}

/** How late a clock is (SLA time past its target); 0 when it is not. */
export const lateBy = (s: ClockStatus): number => Math.max(0, s.spentMs - s.targetMs);

/**
 * The clock the card talks about: the acknowledge clock until someone acknowledged (or it
 * stopped), then the close clock.
 */
export function shownClock(c: { acknowledge: ClockStatus; close: ClockStatus }): ClockStatus {
  const ack = c.acknowledge;
  return ack.state === 'running' || ack.state === 'overdue' ? ack : c.close;
}

/** Whole overdue days (working days with business hours): the card's words change only with these. */
export const overdueDays = (s: ClockStatus, cal: WorkCalendar): number => Math.floor(lateBy(s) / cal.dayMs);

/**
 * When what a card says of its clocks changes next, after `now`: the warning share, the target,
 * and then each whole day overdue. Undefined when nothing changes with time alone (stopped or
 * standing still).
 */
export function nextChangeAt(
  c: { acknowledge: ClockStatus; close: ClockStatus },
  facts: ClockFacts,
  cal: WorkCalendar,
  now: number,
): number | undefined {
  const times: number[] = [];
  for (const s of [c.acknowledge, c.close]) {
    if (s.paused !== null || (s.state !== 'running' && s.state !== 'overdue')) continue;
    if (!s.warned && s.warnAt !== undefined) times.push(s.warnAt);
    if (s.state === 'running' && s.dueAt !== undefined) times.push(s.dueAt);
    if (s.state === 'overdue') {
      const next = (overdueDays(s, cal) + 1) * cal.dayMs + s.targetMs;
      times.push(cal.at(cal.worked(facts.createdAt) + facts.pausedMs + next));
    }
  }
  const later = times.filter((t) => t > now);
  return later.length > 0 ? Math.min(...later) : undefined;
}
