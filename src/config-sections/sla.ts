import { z } from 'zod';
import { DAY_NAMES } from '../domain/business-hours.js';
import { parseDurationMs } from '../domain/duration.js';
import { normaliseSeverity, SEVERITY_RANK } from '../domain/routing.js';
import type { SlaPolicy, SlaTarget } from '../domain/sla.js';
import { isKnownTimeZone } from '../domain/when.js';
import { channelId, findingType } from './values.js';

/**
 * WARDEN_CONFIG `sla` (issue 38): targets to acknowledge and close findings by severity (and
 * optionally by finding type), when to warn, what pauses a clock, business hours, who is named
 * at a breach, and the weekly report. Off when absent.
 */

const YEAR_MS = 366 * 86_400_000;

/**
 * A target's duration: its milliseconds, and its days when written in days (`3d`): with business
 * hours a day is a working day (`from`–`to`), so "close: 3d" means three working days.
 */
interface Written {
  ms: number;
  days: number | undefined;
}

const positiveDuration = z.string().transform((v, ctx): Written => {
  const ms = parseDurationMs(v);
  if (ms === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be a duration such as 30m, 4h or 3d' });
    return z.NEVER;
  }
  if (ms <= 0) {
    ctx.addIssue({ code: 'custom', message: 'must be longer than zero (a clock of zero is always late)' });
    return z.NEVER;
  }
  if (ms > YEAR_MS) {
    ctx.addIssue({ code: 'custom', message: 'must be at most 366d' });
    return z.NEVER;
  }
  const days = /^\s*(\d+(?:\.\d+)?)\s*d\s*$/i.exec(v)?.[1];
  return { ms, days: days === undefined ? undefined : Number(days) };
});

const TargetSchema = z
  .object({ acknowledge: positiveDuration, close: positiveDuration })
  .strict()
  .superRefine((t, ctx) => {
    if (t.close.ms < t.acknowledge.ms)
      ctx.addIssue({ code: 'custom', path: ['close'], message: 'must not be shorter than acknowledge' });
  });
type WrittenTarget = z.output<typeof TargetSchema>;

/** A written target in milliseconds of clock time, a day being `dayMs` long. */
const targetMs = (t: WrittenTarget, dayMs: number): SlaTarget => {
  const ms = (w: Written) => (w.days === undefined ? w.ms : Math.round(w.days * dayMs));
  return { acknowledgeMs: ms(t.acknowledge), closeMs: ms(t.close) };
};

/**
 * A record whose keys and values are both checked in one pass, so a bad key and a bad value are
 * listed together (zod stops at a record's values before refining its keys).
 */
function checkedRecord<T>(
  keyOf: (key: string) => string | undefined,
  keyProblem: string,
  value: z.ZodType<T>,
) {
  return z.record(z.string(), z.unknown()).transform((record, ctx) => {
    const out: Record<string, T> = {};
    for (const [key, raw] of Object.entries(record)) {
      const normal = keyOf(key);
      if (normal === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: keyProblem });
        continue;
      }
      const parsed = value.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: 'custom', path: [key, ...issue.path.map(String)], message: issue.message });
        continue;
      }
      out[normal] = parsed.data;
    }
    return out;
  });
}

/** Targets keyed by severity as operators write them (`critical` or FINDING_SEVERITY_CRITICAL). */
const BySeveritySchema = checkedRecord(
  (key) => {
    const severity = normaliseSeverity(key);
    return severity in SEVERITY_RANK ? severity : undefined;
  },
  'is not a severity (info, low, medium, high, critical)',
  TargetSchema,
);

const minutesOf = (t: string): number => {
  const [h = 0, m = 0] = t.split(':').map(Number);
  return h * 60 + m;
};

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'must be a time of day like 09:00' });
const timeZone = z.string().refine(isKnownTimeZone, { message: 'is not a time zone (e.g. Europe/Berlin)' });
const dayName = z
  .string()
  .transform((d) => d.trim().toLowerCase().slice(0, 3))
  .refine((d) => (DAY_NAMES as readonly string[]).includes(d), {
    message: 'must be a day of the week (mon, tue, wed, thu, fri, sat, sun)',
  })
  .transform((d) => DAY_NAMES.indexOf(d as (typeof DAY_NAMES)[number]));

const BusinessHoursSchema = z
  .object({
    timezone: timeZone,
    days: z.array(dayName).min(1).default([1, 2, 3, 4, 5]),
    from: hhmm.default('09:00'),
    to: hhmm.default('17:00'),
  })
  .strict()
  .refine((b) => b.to > b.from, { message: '`to` must be later than `from`', path: ['to'] })
  .transform((b) => ({ ...b, days: [...new Set(b.days)].sort() }));

const ReportSchema = z
  .object({
    channel: channelId,
    /** The weekday it is posted on. */
    day: dayName.default(1),
    at: hhmm.default('09:00'),
    timezone: timeZone.default('UTC'),
    /**
     * `all`: every finding of the tenant; `routed`: the findings the routing rules send to this
     * channel (one report per team's channel).
     */
    findings: z.enum(['all', 'routed']).default('all'),
    /** A TrueType font file for the chart (the DejaVu Sans Warden ships when absent). */
    font: z.string().min(1).max(500).optional(),
  })
  .strict();

export type SlaReportSpec = z.output<typeof ReportSchema>;

export const SlaSchema = z
  .object({
    /** Share of a target at which the owner is nudged: 0.75 = when three quarters of it are spent. */
    warnAt: z
      .number({ message: 'must be a number between 0 and 1, e.g. 0.75' })
      .gt(0, { message: 'must be more than 0 (a share of the target, e.g. 0.75)' })
      .lt(1, { message: 'must be less than 1 (a share of the target, e.g. 0.75)' })
      .default(0.75),
    /** States in which a clock stands still. */
    pauseWhile: z.array(z.enum(['snoozed', 'riskAccepted'])).default([]),
    severities: BySeveritySchema,
    /** Targets for a finding type (`decoyCredentialUsed: { critical: {…} }`), over `severities`. */
    findingTypes: checkedRecord(
      (key) => {
        const parsed = findingType.safeParse(key);
        return parsed.success ? parsed.data : undefined;
      },
      'is not a finding type (e.g. serviceAccountUnowned or FINDING_TYPE_SERVICE_ACCOUNT_UNOWNED)',
      BySeveritySchema,
    ).default({}),
    businessHours: BusinessHoursSchema.optional(),
    /** Who is named at a breach besides the owner, by channel (a user group); else the approvers. */
    escalateTo: z
      .record(channelId, z.string().regex(/^S[A-Z0-9]{2,}$/, { message: 'must be a user group id (S…)' }))
      .default({}),
    /** The weekly report: one channel, or a list (one per channel). */
    report: z
      .union([ReportSchema, z.array(ReportSchema).max(20)])
      .optional()
      .transform((r) => (r === undefined ? [] : Array.isArray(r) ? r : [r]))
      .refine((all) => new Set(all.map((r) => r.channel)).size === all.length, {
        message: 'one report per channel',
      }),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (Object.keys(s.severities).length === 0 && Object.keys(s.findingTypes).length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['severities'],
        message: 'name at least one severity, e.g. critical: { acknowledge: 1h, close: 3d }',
      });
  })
  .transform((s) => {
    const b = s.businessHours;
    const dayMs = b ? (minutesOf(b.to) - minutesOf(b.from)) * 60_000 : 86_400_000;
    const targets = (r: Record<string, WrittenTarget>) =>
      Object.fromEntries(Object.entries(r).map(([k, t]) => [k, targetMs(t, dayMs)]));
    return {
      ...s,
      severities: targets(s.severities),
      findingTypes: Object.fromEntries(Object.entries(s.findingTypes).map(([k, r]) => [k, targets(r)])),
    };
  })
  .optional();

export type SlaConfig = NonNullable<z.output<typeof SlaSchema>>;

/** The clocks' policy as the domain reads it. */
export function slaPolicyOf(c: SlaConfig): SlaPolicy {
  return {
    warnAt: c.warnAt,
    pauseWhile: c.pauseWhile,
    bySeverity: c.severities,
    byType: c.findingTypes,
    businessHours: c.businessHours,
  };
}

const words = (ms: number, dayMs: number): string => {
  if (dayMs !== 86_400_000 && ms % dayMs === 0) return `${ms / dayMs} working day${ms === dayMs ? '' : 's'}`;
  for (const [unit, size] of [
    ['d', 86_400_000],
    ['h', 3_600_000],
    ['m', 60_000],
  ] as const)
    if (ms % size === 0) return `${ms / size}${unit}`;
  return `${Math.round(ms / 1000)}s`;
};

const sevWord = (s: string) => s.replace('FINDING_SEVERITY_', '').toLowerCase();

/** What `--check-config` says about it. */
export function describeSla(c: SlaConfig | undefined): string {
  if (!c) return 'SLA clocks: off (WARDEN_CONFIG sla).';
  const b = c.businessHours;
  const dayMs = b ? (minutesOf(b.to) - minutesOf(b.from)) * 60_000 : 86_400_000;
  const targets = Object.entries(c.severities)
    .sort(([a], [b]) => (SEVERITY_RANK[b] ?? 0) - (SEVERITY_RANK[a] ?? 0))
    .map(
      ([s, t]) =>
        `${sevWord(s)} acknowledge ${words(t.acknowledgeMs, dayMs)} / close ${words(t.closeMs, dayMs)}`,
    );
  const types = Object.keys(c.findingTypes).length;
  const hours = c.businessHours
    ? `business hours ${c.businessHours.days.map((d) => DAY_NAMES[d]).join(',')} ${c.businessHours.from}-${c.businessHours.to} ${c.businessHours.timezone}`
    : 'every hour counts';
  const paused = c.pauseWhile.length ? `paused while ${c.pauseWhile.join(' or ')}` : 'never paused';
  const reports = c.report.length
    ? c.report
        .map(
          (r) =>
            `${r.channel} ${DAY_NAMES[r.day]} ${r.at} ${r.timezone}${r.findings === 'routed' ? ' (its routed findings)' : ''}`,
        )
        .join(', ')
    : 'none';
  return `SLA clocks: ${targets.join('; ') || 'by finding type only'}${types ? `; ${types} finding type(s) with their own targets` : ''}; warn at ${Math.round(c.warnAt * 100)}%; ${paused}; ${hours}; weekly report: ${reports}.`;
}
