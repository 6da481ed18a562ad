import type { WorkCalendar } from '../domain/business-hours.js';
import type { ClockFacts, SlaPolicy } from '../domain/sla.js';

/**
 * SLA clocks kept in the store (issue 38), one row per finding Warden has seen, shared by
 * replicas: what the clocks know (domain/sla.ts `ClockFacts`), the workspace they belong to (its
 * warnings and breach replies go out with that workspace's ports), what the finding's cards say of
 * them, and when that next changes (the sweep claims rows as they come due).
 */
export interface SlaClockRow extends ClockFacts {
  findingId: string;
  /** The Slack workspace (team id) whose ports made the row; '' when Warden serves one workspace. */
  team: string;
  /** The clock line the finding's cards show (blockkit/sla-words.ts), null before any. */
  shown: string | null;
  /** When the line or a warning/breach is due next; null when nothing changes with time. */
  nextAt: number | null;
  /** Overdue now (as of the last look): the Home tab's Overdue section and the gauge count these. */
  overdue: boolean;
  /** When the row was last written (read only: the sweep's write-back checks it). */
  updatedAt?: number | undefined;
}

export interface SlaStore {
  slaClock(findingId: string): Promise<SlaClockRow | undefined>;
  /** Writes the row (new or not). */
  putSlaClock(row: SlaClockRow, now: number): Promise<void>;
  /** Takes rows whose `nextAt` has come (or whose last taker's lease ran out) for `leaseMs`. */
  claimDueSlaClocks(now: number, leaseMs: number, limit: number): Promise<SlaClockRow[]>;
  /**
   * The sweep's result for a row it claimed: what the cards show, when to look next, overdue.
   * Only if nobody wrote the row since it was claimed (`readAt`, its `updatedAt` then); otherwise
   * the row is left as the other writer made it, due now, so the next sweep looks at it afresh.
   */
  sweptSlaClock(
    findingId: string,
    swept: { shown: string | null; nextAt: number | null; overdue: boolean },
    readAt: number,
    now: number,
  ): Promise<void>;
  /** Overdue clocks, most overdue first (the oldest `nextAt`… by creation), at most `limit`. */
  overdueSlaClocks(limit: number, team?: string): Promise<SlaClockRow[]>;
  /** How many clocks are overdue, by severity (the `warden_findings_overdue` gauge). */
  overdueBySeverity(): Promise<Map<string, number>>;
}

/** What an operator set for SLA clocks, as use cases read it (Settings.sla; off when absent). */
export interface SlaSettings {
  policy: SlaPolicy;
  /** Working time of the policy (business hours, or every hour). */
  calendar: WorkCalendar;
  /** A user group named at a breach, by channel; else the four-eyes approvers. */
  escalateTo: Readonly<Record<string, string>>;
}

/** Draws a chart (SVG) as a PNG, in the process (slack/chart-png.ts). */
export interface ChartPort {
  png(svg: string, fontFile?: string): Promise<Buffer>;
}
