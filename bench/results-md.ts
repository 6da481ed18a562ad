/** `npm run bench`'s table of the interaction scenarios, the campaign and the token stampede. */
import type { Ratio, Row } from './interactions.js';

export function renderMarkdown(r: {
  at: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number | null; node: string };
  settings: { secondsPerScenario: number; connections: number };
  rows: Row[];
  ratios: Ratio[];
  campaign: {
    pageRenderMs: { p50: number | null; p99: number | null };
    csvMs: { p50: number | null; p99: number | null };
    groupOnceMs: number | null;
  };
  tokenStampede: { concurrentChanges: number; tokenRequests: number; failed: number };
  targets: Record<string, boolean>;
}): string {
  const lines = [
    `# Warden benchmark (${r.at})`,
    '',
    `Machine: ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGb} GB, Node ${r.machine.node}. Loopback; ${r.settings.connections} connections, ${r.settings.secondsPerScenario} s a scenario, load from a separate process.`,
    '',
    '| scenario | target | req/s | ack p50 ms | ack p99 ms | completion p99 ms | completed | shed (busy) | errors | peak RSS MB |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.rows.map(
      (x) =>
        `| ${x.scenario} | ${x.target} | ${x.rps ?? '–'} | ${x.ackP50 ?? '–'} | ${x.ackP99 ?? '–'} | ${x.completionP99 ?? '–'} | ${x.completed ?? '–'} | ${x.shed ?? '–'} | ${x.errors} | ${x.peakRssMb ?? '–'} |`,
    ),
    '',
    '| scenario | throughput Warden/baseline | ack p99 Warden/baseline |',
    '|---|---:|---:|',
    ...r.ratios.map((x) => `| ${x.scenario} | ${x.throughput ?? '–'} | ${x.ackP99 ?? '–'} |`),
    '',
    `(e) campaign of 10,000 entitlements: one page p50 ${r.campaign.pageRenderMs.p50} ms, p99 ${r.campaign.pageRenderMs.p99} ms; whole CSV p50 ${r.campaign.csvMs.p50} ms; grouping once ${r.campaign.groupOnceMs} ms.`,
    '',
    `Token stampede: ${r.tokenStampede.concurrentChanges} concurrent state changes with an expired token made ${r.tokenStampede.tokenRequests} token request(s) (${r.tokenStampede.failed} failed).`,
    '',
    'Targets: ' +
      Object.entries(r.targets)
        .map(([k, v]) => `${k} ${v ? '✅' : '❌'}`)
        .join(', '),
    '',
  ];
  return lines.join('\n');
}
