import type { WorkCalendar } from './business-hours.js';
import {
  applyChange,
  type ClockFacts,
  clocksAt,
  isClosedState,
  lateBy,
  type SlaPolicy,
  targetOf,
} from './sla.js';
import { changeOfEvent } from './sla-events.js';

/**
 * The SLA report's figures (issue 38), computed from the tenant's audit trail as it streams by,
 * one event at a time, keeping one small record per finding. Pure: events and instants come in.
 *
 * Definitions (README "SLA clocks"):
 * - MTTA: mean time from creation to the first acknowledgement, over findings acknowledged in
 *   the window; MTTR: mean time from creation to a closure, over closures in the window (a
 *   closure is a move into resolved or suppressed; a finding closed twice counts twice).
 * - Within SLA: closures whose close clock (pauses and business hours as the policy says) was
 *   within its target; findings without a target are not counted.
 * - From Slack: closures Warden made (its own record of them, `fromSlack`).
 * - Most overdue: findings open at the window's end, by how far past a target they are.
 */
export interface AuditEventIn {
  findingId?: string | null | undefined;
  eventType?: string | null | undefined;
  createdAt?: string | null | undefined;
  actorPrincipalId?: string | null | undefined;
  stateAtEvent?: string | null | undefined;
  severityAtEvent?: string | null | undefined;
}

export interface Window {
  from: number;
  to: number;
}

export interface Bucket {
  acks: number;
  ackMsTotal: number;
  closures: number;
  closeMsTotal: number;
  /** Closures with a target, and of them those within it. */
  withTarget: number;
  withinSla: number;
  fromSlack: number;
}

export const emptyBucket = (): Bucket => ({
  acks: 0,
  ackMsTotal: 0,
  closures: 0,
  closeMsTotal: 0,
  withTarget: 0,
  withinSla: 0,
  fromSlack: 0,
});

export interface ReportFigures {
  /** The report's window and the four before it, newest first. */
  windows: Window[];
  /** Per window: the totals; for the newest, by severity and by finding type too. */
  totals: Bucket[];
  bySeverity: Map<string, Bucket>;
  byType: Map<string, Bucket>;
  mostOverdue: { findingId: string; severity: string; findingType: string | null; lateMs: number }[];
  /** Findings in the trail that belong to the report (its channel's, or all). */
  findings: number;
  events: number;
}

export interface ReportInput {
  policy: SlaPolicy;
  cal: WorkCalendar;
  /** The newest window's end and its length. */
  until: number;
  days: number;
  /** The finding's type (search value), from the tenant's findings; null when unknown. */
  typeOf: (findingId: string) => string | null | undefined;
  /** Whether a finding belongs in this report (a routed report: its channel's findings). */
  includes: (findingId: string) => boolean;
  /** Whether a closure was made from Slack (Warden's own record of it). */
  fromSlack: (findingId: string, at: number) => boolean;
}

/** Streams the trail into the figures: `add` each event (any order within a finding is sorted), then `finish`. */
export function reportAggregator(input: ReportInput) {
  const DAY = 86_400_000;
  const windows: Window[] = [0, 1, 2, 3, 4].map((i) => ({
    from: input.until - (i + 1) * input.days * DAY,
    to: input.until - i * input.days * DAY,
  }));
  const totals = windows.map(() => emptyBucket());
  const bySeverity = new Map<string, Bucket>();
  const byType = new Map<string, Bucket>();
  const clocks = new Map<string, ClockFacts>();
  let events = 0;
  const windowOf = (t: number) => windows.findIndex((w) => t >= w.from && t < w.to);
  const bucketsFor = (i: number, severity: string, type: string) => {
    const list = [totals[i] as Bucket];
    if (i === 0) {
      if (!bySeverity.has(severity)) bySeverity.set(severity, emptyBucket());
      if (!byType.has(type)) byType.set(type, emptyBucket());
      list.push(bySeverity.get(severity) as Bucket, byType.get(type) as Bucket);
    }
    return list;
  };
  return {
    add(e: AuditEventIn): void {
      const id = e.findingId;
      if (!id || !e.createdAt || !input.includes(id)) return;
      const at = Date.parse(e.createdAt);
      if (!Number.isFinite(at) || at >= input.until) return;
      events++;
      let facts = clocks.get(id);
      if (e.eventType === 'FINDING_AUDIT_EVENT_TYPE_CREATED' && !facts) {
        facts = {
          createdAt: at,
          severity: e.severityAtEvent ?? 'FINDING_SEVERITY_UNSPECIFIED',
          findingType: input.typeOf(id) ?? null,
          state: 'FINDING_STATE_OPEN',
          changedAt: at,
          ackedAt: null,
          ackSpent: null,
          pausedMs: 0,
          frozenSince: null,
          frozenWhy: null,
        };
        clocks.set(id, facts);
        return;
      }
      // A finding whose creation is not in the trail has no clock to measure.
      if (!facts) return;
      const change = changeOfEvent(e, at);
      if (!change) return;
      const after = applyChange(input.policy, facts, change, input.cal);
      clocks.set(id, after);
      const type = after.findingType ?? 'FINDING_TYPE_UNSPECIFIED';
      if (facts.ackedAt === null && after.ackedAt !== null) {
        const i = windowOf(after.ackedAt);
        if (i >= 0)
          for (const b of bucketsFor(i, after.severity, type)) {
            b.acks++;
            b.ackMsTotal += after.ackedAt - after.createdAt;
          }
      }
      if (!isClosedState(facts.state) && isClosedState(after.state)) {
        const i = windowOf(after.changedAt);
        if (i < 0) return;
        const target = targetOf(input.policy, after.severity, after.findingType);
        const c = clocksAt(input.policy, after, input.cal, after.changedAt);
        const slack = input.fromSlack(id, after.changedAt);
        for (const b of bucketsFor(i, after.severity, type)) {
          b.closures++;
          b.closeMsTotal += after.changedAt - after.createdAt;
          if (target && c) {
            b.withTarget++;
            if (c.close.state === 'met') b.withinSla++;
          }
          if (slack) b.fromSlack++;
        }
      }
    },
    finish(): ReportFigures {
      const overdue: ReportFigures['mostOverdue'] = [];
      for (const [findingId, facts] of clocks) {
        if (isClosedState(facts.state)) continue;
        const c = clocksAt(input.policy, facts, input.cal, input.until);
        if (!c) continue;
        const late = Math.max(lateBy(c.acknowledge), lateBy(c.close));
        if (late > 0)
          overdue.push({ findingId, severity: facts.severity, findingType: facts.findingType, lateMs: late });
      }
      overdue.sort((a, b) => b.lateMs - a.lateMs || a.findingId.localeCompare(b.findingId));
      return {
        windows,
        totals,
        bySeverity,
        byType,
        mostOverdue: overdue.slice(0, 10),
        findings: clocks.size,
        events,
      };
    },
  };
}

/** Means and shares of a bucket (undefined where nothing was counted). */
export function figuresOf(b: Bucket) {
  return {
    mttaMs: b.acks ? b.ackMsTotal / b.acks : undefined,
    mttrMs: b.closures ? b.closeMsTotal / b.closures : undefined,
    withinSla: b.withTarget ? b.withinSla / b.withTarget : undefined,
    fromSlack: b.closures ? b.fromSlack / b.closures : undefined,
  };
}
