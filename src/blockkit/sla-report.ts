import type { KnownBlock } from '@slack/types';
import { FINDING_TYPES } from '../domain/finding-type.js';
import { type Bucket, figuresOf, type ReportFigures } from '../domain/sla-report.js';
import { SLACK_LIMITS } from './limits.js';
import { safeMrkdwn, slackDate, truncate } from './mrkdwn.js';

/**
 * The SLA report (issue 38) as people read it: one message (the numbers, the ten most overdue,
 * the trend against the four weeks before) and its CSV. Pure: the figures and `now` come in.
 */

const H = 3_600_000;
const duration = (ms: number | undefined): string => {
  if (ms === undefined) return '–';
  if (ms >= 48 * H) return `${(ms / (24 * H)).toFixed(1)} d`;
  if (ms >= H) return `${(ms / H).toFixed(1)} h`;
  return `${Math.round(ms / 60_000)} min`;
};
const share = (x: number | undefined): string => (x === undefined ? '–' : `${Math.round(x * 100)} %`);
const sevWord = (s: string) => {
  const w = s.replace('FINDING_SEVERITY_', '').toLowerCase();
  return safeMrkdwn(w.charAt(0).toUpperCase() + w.slice(1), 40);
};
const typeWord = (t: string | null) =>
  safeMrkdwn(
    FINDING_TYPES.find((x) => x.searchValue === t)?.title ??
      (t ?? 'Unknown type').replace('FINDING_TYPE_', ''),
    60,
  );

function line(label: string, b: Bucket): string {
  const f = figuresOf(b);
  return `*${label}*: MTTA ${duration(f.mttaMs)} (${b.acks}) · MTTR ${duration(f.mttrMs)} (${b.closures}) · within SLA ${share(f.withinSla)} · from Slack ${share(f.fromSlack)}`;
}

const section = (text: string): KnownBlock => ({
  type: 'section',
  text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) },
});

export interface ReportView {
  figures: ReportFigures;
  days: number;
  /** Links to the most overdue findings' cards, by finding id. */
  links: ReadonlyMap<string, string>;
  /** The chart is attached (false: it could not be rendered, the numbers stand alone). */
  chart: boolean;
}

export function renderSlaReport(v: ReportView): { text: string; blocks: KnownBlock[] } {
  const f = v.figures;
  const [now, ...before] = f.totals;
  const w = f.windows[0];
  const head = `SLA report: the last ${v.days} day${v.days === 1 ? '' : 's'}`;
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: head } },
    section(
      `${w ? `${slackDate(new Date(w.from), '{date_short}')} – ${slackDate(new Date(w.to), '{date_short}')}` : ''}\n${line('All findings', now ?? { acks: 0, ackMsTotal: 0, closures: 0, closeMsTotal: 0, withTarget: 0, withinSla: 0, fromSlack: 0 })}`,
    ),
  ];
  const sev = [...f.bySeverity.entries()].sort(([a], [b]) => b.localeCompare(a));
  if (sev.length)
    blocks.push(section(['*By severity*', ...sev.map(([s, b]) => line(sevWord(s), b))].join('\n')));
  const types = [...f.byType.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (types.length)
    blocks.push(section(['*By finding type*', ...types.map(([t, b]) => line(typeWord(t), b))].join('\n')));
  const trend = before.map((b, i) => {
    const x = figuresOf(b);
    return `${i + 1} before: MTTR ${duration(x.mttrMs)}, within SLA ${share(x.withinSla)}, ${b.closures} closed`;
  });
  blocks.push(section(`*Trend* (the ${v.days}-day periods before)\n${trend.join('\n')}`));
  blocks.push(
    section(
      f.mostOverdue.length
        ? [
            '*Most overdue*',
            ...f.mostOverdue.map((o) => {
              const link = v.links.get(o.findingId);
              const name = `${typeWord(o.findingType)} \`${safeMrkdwn(o.findingId, 80)}\``;
              return `• ${link ? `<${link}|${name}>` : name} (${sevWord(o.severity)}): ${duration(o.lateMs)} past SLA`;
            }),
          ].join('\n')
        : '*Most overdue*\n_Nothing is past its SLA._',
    ),
  );
  if (!v.chart) blocks.push(section('_The chart could not be drawn this time; the numbers are in the CSV._'));
  const f0 = figuresOf(
    now ?? {
      acks: 0,
      ackMsTotal: 0,
      closures: 0,
      closeMsTotal: 0,
      withTarget: 0,
      withinSla: 0,
      fromSlack: 0,
    },
  );
  return {
    text: `${head}: MTTA ${duration(f0.mttaMs)}, MTTR ${duration(f0.mttrMs)}, within SLA ${share(f0.withinSla)}`,
    blocks,
  };
}

/** The numbers as CSV: one row per period, severity and finding type (exact milliseconds). */
export function slaReportCsv(f: ReportFigures): string {
  const esc = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const row = (scope: string, key: string, w: { from: number; to: number }, b: Bucket) => {
    const x = figuresOf(b);
    return [
      scope,
      key,
      new Date(w.from).toISOString(),
      new Date(w.to).toISOString(),
      b.acks,
      x.mttaMs === undefined ? '' : Math.round(x.mttaMs),
      b.closures,
      x.mttrMs === undefined ? '' : Math.round(x.mttrMs),
      b.withTarget,
      b.withinSla,
      b.fromSlack,
    ]
      .map((v) => esc(String(v)))
      .join(',');
  };
  const lines = [
    'scope,key,from,to,acknowledged,mtta_ms,closed,mttr_ms,closed_with_target,closed_within_sla,closed_from_slack',
  ];
  f.totals.forEach((b, i) => {
    const w = f.windows[i];
    if (w) lines.push(row('all', i === 0 ? 'this period' : `${i} before`, w, b));
  });
  const w0 = f.windows[0];
  if (w0) {
    for (const [s, b] of f.bySeverity) lines.push(row('severity', s, w0, b));
    for (const [t, b] of f.byType) lines.push(row('finding_type', t, w0, b));
  }
  for (const o of f.mostOverdue)
    lines.push(['overdue', esc(o.findingId), '', '', '', '', '', Math.round(o.lateMs), '', '', ''].join(','));
  return `${lines.join('\n')}\n`;
}

/** `/warden report` without SLA clocks configured. */
export const slaOffText = (): string =>
  'SLA clocks are off in this workspace: an operator sets targets in WARDEN_CONFIG `sla` first.';
/** Where `/warden report` went. */
export const reportSentText = (days: number): string =>
  `:bar_chart: The SLA report of the last ${days} day${days === 1 ? '' : 's'} is in your direct message with Warden.`;
