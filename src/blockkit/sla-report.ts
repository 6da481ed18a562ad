import type { KnownBlock } from '@slack/types';
import { FINDING_TYPES } from '../domain/finding-type.js';
import { type Bucket, figuresOf, type ReportFigures } from '../domain/sla-report.js';
import { t } from '../i18n/speak.js';
import type { Finding } from '../model/finding.js';
import { severityOf } from './finding-state.js';
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
const KNOWN_SEVERITY = /^FINDING_SEVERITY_(CRITICAL|HIGH|MEDIUM|LOW|INFO)$/;
const sevWord = (s: string) => {
  // The card's words for a known severity (its group translates them); others as they came.
  if (KNOWN_SEVERITY.test(s)) return safeMrkdwn(severityOf({ severity: s } as Finding).label, 40);
  const w = s.replace('FINDING_SEVERITY_', '').toLowerCase();
  return safeMrkdwn(w.charAt(0).toUpperCase() + w.slice(1), 40);
};
const typeWord = (type: string | null) =>
  safeMrkdwn(
    FINDING_TYPES.find((x) => x.searchValue === type)?.title ??
      (type ?? t('slaReport.unknownType')).replace('FINDING_TYPE_', ''),
    60,
  );

function line(label: string, b: Bucket): string {
  const f = figuresOf(b);
  return t('slaReport.line', {
    label,
    mtta: duration(f.mttaMs),
    acks: b.acks,
    mttr: duration(f.mttrMs),
    closures: b.closures,
    within: share(f.withinSla),
    fromSlack: share(f.fromSlack),
  });
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
  const head = t('slaReport.head', { days: v.days });
  const blocks: KnownBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: head } },
    section(
      `${w ? `${slackDate(new Date(w.from), '{date_short}')} – ${slackDate(new Date(w.to), '{date_short}')}` : ''}\n${line(t('slaReport.all'), now ?? { acks: 0, ackMsTotal: 0, closures: 0, closeMsTotal: 0, withTarget: 0, withinSla: 0, fromSlack: 0 })}`,
    ),
  ];
  const sev = [...f.bySeverity.entries()].sort(([a], [b]) => b.localeCompare(a));
  if (sev.length)
    blocks.push(section([t('slaReport.bySeverity'), ...sev.map(([s, b]) => line(sevWord(s), b))].join('\n')));
  const types = [...f.byType.entries()].sort(([a], [b]) => a.localeCompare(b));
  if (types.length)
    blocks.push(
      section([t('slaReport.byType'), ...types.map(([type, b]) => line(typeWord(type), b))].join('\n')),
    );
  const trend = before.map((b, i) => {
    const x = figuresOf(b);
    return t('slaReport.trendLine', {
      n: i + 1,
      mttr: duration(x.mttrMs),
      within: share(x.withinSla),
      closures: b.closures,
    });
  });
  blocks.push(section(`${t('slaReport.trendHead', { days: v.days })}\n${trend.join('\n')}`));
  blocks.push(
    section(
      f.mostOverdue.length
        ? [
            t('slaReport.mostOverdue'),
            ...f.mostOverdue.map((o) => {
              const link = v.links.get(o.findingId);
              const name = `${typeWord(o.findingType)} \`${safeMrkdwn(o.findingId, 80)}\``;
              return t('slaReport.overdueLine', {
                name: link ? `<${link}|${name}>` : name,
                severity: sevWord(o.severity),
                late: duration(o.lateMs),
              });
            }),
          ].join('\n')
        : `${t('slaReport.mostOverdue')}\n${t('sla.overdueNone')}`,
    ),
  );
  if (!v.chart) blocks.push(section(t('slaReport.noChart')));
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
    text: t('slaReport.text', {
      head,
      mtta: duration(f0.mttaMs),
      mttr: duration(f0.mttrMs),
      within: share(f0.withinSla),
    }),
    blocks,
  };
}

/** The numbers as CSV: one row per period, severity and finding type (exact milliseconds). */
/** The CSV stays English: its headers and keys are read by tools, not people. */
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
    for (const [type, b] of f.byType) lines.push(row('finding_type', type, w0, b));
  }
  for (const o of f.mostOverdue)
    lines.push(['overdue', esc(o.findingId), '', '', '', '', '', Math.round(o.lateMs), '', '', ''].join(','));
  return `${lines.join('\n')}\n`;
}

/** `/warden report` without SLA clocks configured. */
export const slaOffText = (): string => t('slaReport.off');
/** Where `/warden report` went. */
export const reportSentText = (days: number): string => t('slaReport.sent', { days });
