/**
 * The SLA's bench scenarios (issue 38 "Speed and scale"): (s) the report over 50,000 findings and
 * 500,000 audit events (bench/sla-report.ts); (t) 600 cards with clocks in one channel against
 * Slack's limits (bench/sla-clocks.ts). Written to bench/results/sla.{json,md}; `met` is false
 * when either is over its targets (npm run bench then exits 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { slaClocksScenario, slaClocksTable } from './sla-clocks.js';
import { slaReportScenario } from './sla-report.js';

export async function slaScenarios(): Promise<{ table: string; met: boolean }> {
  const report = await slaReportScenario();
  process.stderr.write('(t) 600 cards with SLA clocks…\n');
  const clocks = await slaClocksScenario();
  const met = [report.result.targets, clocks.targets].every((t) => Object.values(t).every(Boolean));
  const table = `${report.table}\n${slaClocksTable(clocks)}`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/sla.json',
    `${JSON.stringify({ at: new Date().toISOString(), report: report.result, clocks }, null, 2)}\n`,
  );
  writeFileSync('bench/results/sla.md', table);
  return { table, met };
}
