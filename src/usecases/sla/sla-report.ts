import { messageLink } from '../../blockkit/links.js';
import { slaChartAlt, slaChartSvg } from '../../blockkit/sla-chart.js';
import { renderSlaReport, reportSentText, slaOffText, slaReportCsv } from '../../blockkit/sla-report.js';
import { findingTypeOf } from '../../domain/finding-type.js';
import { routeAlert } from '../../domain/routing.js';
import { type ReportFigures, reportAggregator } from '../../domain/sla-report.js';
import type { Ports, Settings } from '../../ports/index.js';
import type { LifecycleJob } from '../../ports/lifecycle.js';
import type { Audience } from '../../ports/slack.js';
import { channelCards, type JobResult, undeliverableCode } from '../shared/lifecycle-job.js';
import { inChannel } from '../shared/speech.js';
import { inRangeOrder, trailRanges } from './sla-trail.js';

/**
 * The SLA report (issue 38): every figure computed from the tenant's own audit trail
 * (`search/finding_audits`, streamed in time ranges read side by side, sla-trail.ts, one small
 * record per finding) and the finding
 * types from its finding search; "from Slack" from Warden's audit log of the closures it made.
 * Posted in a channel with its numbers as a CSV (weekly, WARDEN_CONFIG `sla.report`).
 */
export type ReportPorts = Pick<
  Ports,
  'clock' | 'logger' | 'metrics' | 'findings' | 'audit' | 'cards' | 'chat' | 'files' | 'settings'
> &
  Partial<Pick<Ports, 'charts'>>;

export interface ReportRequest {
  days: number;
  until: number;
  /** A routed report counts only the findings the routing rules send to this channel. */
  routedTo?: string | undefined;
}

/** Closures Warden made: a closure in the trail within this of one of them is from Slack. */
const MATCH_MS = 10 * 60_000;

/** What computing the figures reads (the bench runs it alone, over a large trail). */
export type FigurePorts = Pick<Ports, 'logger' | 'findings' | 'audit'> & {
  settings: Pick<Settings, 'sla' | 'attest'>;
};

/** Ranges of the trail read side by side, and the events each may hold before it is read. */
const TRAIL = { parts: 40, concurrent: 4, buffered: 2_000 };

export async function computeSlaReport(p: FigurePorts, r: ReportRequest): Promise<ReportFigures> {
  const sla = p.settings.sla;
  if (!sla) throw new Error('no SLA policy');
  let unreadable = 0;
  // The oldest period's start: each finding's history before it is one range, the periods others.
  const from = r.until - 5 * r.days * 86_400_000;
  const trail = inRangeOrder(
    (range) => p.findings.auditEvents(range, { onUnreadable: () => void unreadable++ }),
    trailRanges(from, r.until, TRAIL.parts),
    TRAIL,
  );
  // The trail's first reads go out now, beside the finding search (the figures need its types first).
  const first = trail.next();
  first.catch(() => undefined);
  try {
    const { types, routed } = await findingFacts(p, r.routedTo);
    const agg = await aggregator(p, r, sla, types, routed);
    for (let batch = await first; !batch.done; batch = await trail.next())
      for (const e of batch.value) agg.add(e);
    if (unreadable) p.logger.warn({ unreadable }, 'SLA report: audit events Warden cannot read were skipped');
    return agg.finish();
  } finally {
    // a report that failed stops the reads still going
    void trail.return(undefined).catch(() => undefined);
  }
}

/** Each finding's type (search value), and which findings the routing sends to `routedTo`. */
async function findingFacts(p: FigurePorts, routedTo: string | undefined) {
  const types = new Map<string, string | null>();
  const routed = new Set<string>();
  // Routing reads the whole finding; the type alone reads one member of it, far cheaper.
  if (!routedTo) {
    for await (const f of p.findings.searchTypes({})) types.set(f.id, findingTypeOf(f)?.searchValue ?? null);
    return { types, routed };
  }
  for await (const f of p.findings.search({}, { pageSize: 100 })) {
    types.set(f.id, findingTypeOf(f)?.searchValue ?? null);
    const route = routeAlert(f, p.settings.attest.routing, p.settings.attest.defaultChannel);
    if ('channel' in route && route.channel === routedTo) routed.add(f.id);
  }
  return { types, routed };
}

/** The figures' aggregator, with "from Slack" from Warden's own audit log of the closures it made. */
async function aggregator(
  p: FigurePorts,
  r: ReportRequest,
  sla: NonNullable<Settings['sla']>,
  types: Map<string, string | null>,
  routed: Set<string>,
) {
  const made = new Map<string, number[]>();
  for (const e of await p.audit.auditLog({ limit: 20_000 })) {
    if (e.outcome !== 'ok' || (e.action !== 'resolve' && e.action !== 'suppress')) continue;
    made.set(e.finding_id, [...(made.get(e.finding_id) ?? []), e.at]);
  }
  return reportAggregator({
    policy: sla.policy,
    cal: sla.calendar,
    until: r.until,
    days: r.days,
    typeOf: (id) => types.get(id),
    includes: (id) => !r.routedTo || routed.has(id),
    fromSlack: (id, at) => (made.get(id) ?? []).some((t) => Math.abs(t - at) <= MATCH_MS),
  });
}

/**
 * Posts a report in `channel` as one message: its words, the chart (PNG, alt text set) and the
 * CSV. A chart that cannot be drawn is logged and counted; the report then goes out with the CSV.
 */
export async function postSlaReport(
  p: ReportPorts,
  channel: string,
  r: ReportRequest & { font?: string | undefined },
): Promise<{ chart: boolean }> {
  const figures = await computeSlaReport(p, r);
  const links = new Map<string, string>();
  for (const o of figures.mostOverdue) {
    const card = (await channelCards(p, o.findingId).catch(() => [])).at(-1);
    const link = card && messageLink(p.settings.workspaceUrl, card.channel, card.ts);
    if (link) links.set(o.findingId, link);
  }
  const date = new Date(r.until).toISOString().slice(0, 10);
  let png: Buffer | undefined;
  try {
    if (!p.charts) throw new Error('no chart renderer');
    png = await p.charts.png(slaChartSvg(figures, r.days), r.font);
  } catch (error) {
    p.logger.error(
      { err: error, channel },
      'SLA report: the chart could not be drawn; the report goes out without it',
    );
    p.metrics.slaReports.inc({ outcome: 'chart_failed' });
  }
  const message = renderSlaReport({ figures, days: r.days, links, chart: png !== undefined });
  const csv = {
    filename: `sla-report-${date}.csv`,
    title: `SLA report, the last ${r.days} days (CSV)`,
    bytes: Buffer.from(slaReportCsv(figures), 'utf8'),
  };
  const chart = png && {
    filename: `sla-report-${date}.png`,
    title: `SLA report, the last ${r.days} days`,
    bytes: png,
    altText: slaChartAlt(figures, r.days),
  };
  await p.files.share({ channel, ...message }, chart ? [chart, csv] : [csv]);
  return { chart: chart !== undefined };
}

/** The weekly report's job (one per channel and week: its key says which). */
export async function weeklySlaReport(
  p: ReportPorts,
  job: LifecycleJob,
  routed: boolean,
  font?: string,
): Promise<JobResult> {
  const channel = job.subject;
  if (!channel) return { status: 'failed', outcome: 'unreadable job' };
  try {
    // The channel's report speaks the channel's language (its routing rule's `locale`).
    const posted = await inChannel(p, channel, () =>
      postSlaReport(p, channel, { days: 7, until: job.dueAt, routedTo: routed ? channel : undefined, font }),
    );
    p.metrics.slaReports.inc({ outcome: posted.chart ? 'posted' : 'text_only' });
    return { status: 'done', outcome: 'posted' };
  } catch (error) {
    const code = undeliverableCode(error);
    p.metrics.slaReports.inc({ outcome: 'failed' });
    if (code) return { status: 'failed', outcome: `undeliverable: ${code}`, undelivered: 1 };
    return { retryInMs: 300_000, error: `SLA report not posted: ${String(error).slice(0, 200)}` };
  }
}

/**
 * `/warden report [days]`: the same report, to the person alone — in their direct message with
 * Warden (files cannot be ephemeral), and a word where they typed it.
 */
export async function reportPrivately(
  p: ReportPorts & Pick<Ports, 'privately'>,
  o: { userId: string; days: number; audience: Audience },
): Promise<void> {
  if (!p.settings.sla) {
    await p.privately.tell(o.audience, slaOffText());
    return;
  }
  const dm = await p.files.openDm(o.userId);
  await postSlaReport(p, dm, { days: o.days, until: p.clock() });
  p.metrics.slaReports.inc({ outcome: 'on_demand' });
  await p.privately.tell(o.audience, reportSentText(o.days));
}
