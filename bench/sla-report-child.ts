/**
 * The Warden side of bench scenario (s), in a process of its own so its RSS is Warden's alone:
 * the SLA report over the tenant's whole trail, as the weekly job computes and renders it
 * (figures streamed from `search/finding_audits` and the finding search, the message, the CSV,
 * the chart as a PNG). Reads its settings as JSON from argv[2]; prints one JSON line of figures.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFindingsPort } from '../src/adapters/findings-port.js';
import { slaChartSvg } from '../src/blockkit/sla-chart.js';
import { renderSlaReport, slaReportCsv } from '../src/blockkit/sla-report.js';
import { parseConfigFile } from '../src/config-file.js';
import { createLogger } from '../src/logger.js';
import { Secret } from '../src/secret.js';
import { renderPng } from '../src/slack/chart-png.js';
import { createStore } from '../src/store/create-store.js';
import { TenantClient } from '../src/tenant/client.js';
import { computeSlaReport } from '../src/usecases/sla/sla-report.js';
import { slaSettings } from '../src/wiring/sla.js';

export interface ReportChildInput {
  tenantUrl: string;
  clientId: string;
  clientSecret: string;
  slaYaml: string;
  until: number;
  days: number;
}

export interface ReportChildOutput {
  ms: number;
  /** CPU time (user + system) spent on it: what a loaded machine's wall time hides. */
  cpuMs: number;
  /** Peak resident memory of this process (VmHWM), and what it was before the report began. */
  peakRssMb: number;
  rssBeforeMb: number;
  findings: number;
  events: number;
  closures: number;
  pngBytes: number;
  csvBytes: number;
}

const hwmMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

async function main(): Promise<void> {
  const input = JSON.parse(process.argv[2] ?? '{}') as ReportChildInput;
  const dataDir = mkdtempSync(join(tmpdir(), 'warden-bench-sla-'));
  const store = await createStore({ dataDir });
  const client = new TenantClient({
    baseUrl: input.tenantUrl,
    auth: {
      kind: 'clientCredentials',
      clientId: input.clientId,
      clientSecret: new Secret(input.clientSecret),
    },
  });
  const sla = slaSettings(parseConfigFile(input.slaYaml, 'bench-sla.yaml'));
  const ports = {
    logger: createLogger('warn'),
    findings: createFindingsPort(client),
    audit: store,
    settings: { sla, attest: { rules: {}, routing: [], defaultChannel: undefined } },
  };
  const rssBeforeMb = hwmMb();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const figures = await computeSlaReport(ports, { days: input.days, until: input.until });
  const message = renderSlaReport({ figures, days: input.days, links: new Map(), chart: true });
  const csv = slaReportCsv(figures);
  const png = await renderPng(slaChartSvg(figures, input.days));
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const out: ReportChildOutput = {
    ms: Math.round(ms),
    cpuMs: Math.round((used.user + used.system) / 1_000),
    peakRssMb: Math.round(hwmMb()),
    rssBeforeMb: Math.round(rssBeforeMb),
    findings: figures.findings,
    events: figures.events,
    closures: figures.totals.reduce((n, b) => n + b.closures, 0),
    pngBytes: png.length,
    csvBytes: csv.length + message.text.length,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
  await client.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(`SLA report child failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
