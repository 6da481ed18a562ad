/**
 * The SLA's bench scenarios (issue 38 "Speed and scale"): (s) the report over 50,000 findings and
 * 500,000 audit events (bench/sla-report.ts). Written to bench/results/sla.{json,md}; `met` is
 * false when any is over its targets (npm run bench then exits 1).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { slaReportScenario } from './sla-report.js';

export async function slaScenarios(): Promise<{ table: string; met: boolean }> {
  const report = await slaReportScenario();
  const met = Object.values(report.result.targets).every(Boolean);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/sla.json', `${JSON.stringify({ report: report.result }, null, 2)}\n`);
  writeFileSync('bench/results/sla.md', report.table);
  return { table: report.table, met };
}
