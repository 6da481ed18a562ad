import { describe, expect, it } from 'vitest';
import { parseConfigFile } from '../../src/config-file.js';
import { figuresOf } from '../../src/domain/sla-report.js';
import { computeSlaReport, postSlaReport } from '../../src/usecases/sla/sla-report.js';
import { ALICE, harnessPerTest, waitFor } from '../helpers/harness.js';
import { auditTrail, H, recompute, seedHistory, YAML } from '../helpers/sla-history.js';

/**
 * Issue 38, items 5–6: the SLA report's figures equal a recomputation, written here on its own
 * from the definitions, over the simulated tenant's `search/finding_audits` (read page by page over
 * HTTP, as any client would) for a seeded history of 5 weeks — ±0 — and it is posted with its CSV.
 */

const startOne = harnessPerTest({ lane: 'inprocess' });

describe('the SLA report', () => {
  // Over 3 s at times: a seeded history of 80 findings, three closures made in Slack.
  it('every figure equals a recomputation from search/finding_audits, ±0; posted with its CSV', async () => {
    const h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    const now = h.clock.now();
    seedHistory(h, now - 2 * H);
    // three closures made from Slack, through Warden (its audit log says so; the tenant names its principal)
    for (const id of ['FND_HIST_001', 'FND_HIST_002', 'FND_HIST_004']) {
      const f = h.tenant.findings.get(id);
      if (f?.state !== 'FINDING_STATE_OPEN') continue;
      await h.command(`suppress ${id} known noise`, { ...ALICE, channelId: 'C0SECOPS' });
      await waitFor(
        () => h.tenant.findings.get(id)?.state === 'FINDING_STATE_SUPPRESSED',
        5_000,
        `${id} suppressed`,
      );
    }
    const until = h.clock.now();
    const figures = await computeSlaReport(h.ports, { days: 7, until });
    const trail = await auditTrail(h, until);
    for (const [i, w] of figures.windows.entries()) {
      const want = recompute(trail, w.from, w.to);
      const got = figures.totals[i];
      expect(got).toMatchObject({
        acks: want.acks,
        ackMsTotal: want.ackMs,
        closures: want.closures,
        closeMsTotal: want.closeMs,
        withinSla: want.within,
        fromSlack: want.fromSlack,
      });
    }
    // the history is not trivial: every window has closures, this one has some from Slack
    expect(figures.totals.every((b) => b.closures > 0)).toBe(true);
    expect(figures.totals[0]?.fromSlack).toBeGreaterThan(0);
    expect(figuresOf(figures.totals[0] ?? fail()).withinSla).toBeGreaterThan(0);

    expect(await postSlaReport(h.ports, 'C0SECOPS', { days: 7, until })).toEqual({ chart: true });
    // one message: its words and blocks, the chart (a PNG with its alt text) and the CSV
    const message = h.slack.messages.find((m) => m.channel === 'C0SECOPS' && m.text.startsWith('SLA report'));
    expect(message?.text).toMatch(/^SLA report: the last 7 days: MTTA /);
    expect(JSON.stringify(message?.blocks)).toContain('Most overdue');
    expect(message?.files?.map((f) => f.mimetype)).toEqual(['image/png', 'text/csv']);
    expect(message?.files?.[0]?.alt).toMatch(/^Bar chart of findings closed per 7-day period/);
    const png = h.slack.files.find((f) => f.filename.endsWith('.png'));
    expect(png?.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const csv = await waitFor(() => h.slack.files.find((f) => f.filename.endsWith('.csv')), 5_000, 'the CSV');
    const first = csv.content.split('\n')[1]?.split(',') ?? [];
    expect(first.slice(0, 2)).toEqual(['all', 'this period']);
    expect(Number(first[6])).toBe(figures.totals[0]?.closures);
  });
});

describe('a chart that cannot be drawn', () => {
  it('the report goes out with its CSV and says so; the failure is logged and counted', async () => {
    const h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    const posted = await postSlaReport(h.ports, 'C0SECOPS', {
      days: 7,
      until: h.clock.now(),
      font: '/nonexistent/font.ttf',
    });
    expect(posted).toEqual({ chart: false });
    const message = h.slack.messages.find((m) => m.channel === 'C0SECOPS' && m.text.startsWith('SLA report'));
    expect(message?.files?.map((f) => f.mimetype)).toEqual(['text/csv']);
    expect(JSON.stringify(message?.blocks)).toContain('The chart could not be drawn');
    expect(h.logs.some((l) => l.includes('the chart could not be drawn'))).toBe(true);
    expect(await h.warden.metrics.registry.getSingleMetricAsString('warden_sla_reports_total')).toMatch(
      /outcome="chart_failed"\} 1/,
    );
  });
});

describe('/warden report [days]', () => {
  it('sends the same report to the person alone, in their DM; a bad number of days is told with the usage', async () => {
    const h = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    await h.command('report 14', { ...ALICE, channelId: 'C0SECOPS' });
    await waitFor(
      () =>
        h.slack.ephemerals.find(
          (e) =>
            e.user === ALICE.userId &&
            e.text.includes('SLA report of the last 14 days is in your direct message'),
        ),
      10_000,
      'the word where the person typed it',
    );
    const dm = await waitFor(
      () =>
        h.slack.messages.find(
          (m) => m.channel === 'D0ALICE' && m.text.startsWith('SLA report: the last 14 days'),
        ),
      5_000,
      'the report in the DM',
    );
    expect(dm.files?.map((f) => f.mimetype)).toEqual(['image/png', 'text/csv']);
    expect(
      h.slack.messages.filter((m) => m.channel === 'C0SECOPS' && m.text.startsWith('SLA report')),
    ).toHaveLength(0);
    // a mistake is answered in the ack, with the subcommand's usage
    const ack = await h.command('report 900', { ...ALICE, channelId: 'C0SECOPS' });
    const told = (ack.body ? JSON.parse(ack.body) : {}) as { text?: string };
    expect(told.text).toMatch(/"900" is not a number of days from 1 to 90/);
    expect(told.text).toContain('/warden report');
  });
});

describe('the weekly SLA report', () => {
  it('is posted once at its weekday and time, with its CSV', async () => {
    // its time: 10 minutes from the test clock's now, today (UTC), not across midnight
    const probe = await startOne({ file: parseConfigFile(YAML, 'sla.yaml') });
    let at = new Date(Math.ceil((probe.clock.now() + 10 * 60_000) / 60_000) * 60_000);
    await probe.close();
    if (at.getUTCDate() !== new Date(at.getTime() - 10 * 60_000).getUTCDate())
      at = new Date(at.getTime() + 20 * 60_000);
    const days = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
    const yaml = `${YAML}  report: { channel: C0SECOPS, day: ${days[at.getUTCDay()]}, at: "${at.toISOString().slice(11, 16)}", timezone: UTC }\n`;
    const h = await startOne({ file: parseConfigFile(yaml, 'sla.yaml') });
    const reports = () =>
      h.slack.messages.filter((m) => m.channel === 'C0SECOPS' && m.text.startsWith('SLA report'));
    await h.clock.advance(at.getTime() - 60_000 - h.clock.now());
    expect(reports()).toHaveLength(0);
    await h.clock.advance('2m');
    await waitFor(() => reports()[0], 5_000, 'the weekly report');
    await waitFor(() => h.slack.files.find((f) => f.filename.endsWith('.csv')), 5_000, 'its CSV');
    expect(reports()[0]?.files?.length).toBe(2);
    await h.clock.advance('10m');
    await waitFor(() => h.slack.messages.length > 0, 1_000, 'settled');
    expect(reports()).toHaveLength(1);
  });
});

function fail(): never {
  throw new Error('expected a value');
}
