/**
 * `npm run bench`: Warden against a bare Bolt baseline, on loopback, with the sandbox tenant and
 * the local Slack. Warden runs from its build (`node dist/main.js`, the production path) in its
 * own process; the load comes from another process (bench/load.ts). Results go to
 * bench/results/latest.json and latest.md, and the table is printed.
 *
 * Environment: BENCH_SECONDS (default 20 per scenario), BENCH_CONNECTIONS (default 50).
 * BENCH_ONLY=f runs only the flood (bench/flood.ts), BENCH_ONLY=r only the crash mid-change
 * (bench/restart.ts), BENCH_ONLY=v only access reviews' Certify unchanged (bench/reviews.ts),
 * BENCH_ONLY=s only the SLA's two (bench/sla-report.ts, bench/sla-clocks.ts), BENCH_ONLY=i only
 * the interactions (a)–(d) (bench/interactions.ts), the campaign (e) and the token stampede; the
 * full run ends with (f), (r) and (s). The SLA's scenarios fail the run (exit 1) when over their targets.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createLocalSlack, createSandboxTenant, simulatorEnv } from '@warden/simulators';
import { createStore } from '../src/store/create-store.js';
import { campaignScenario } from './campaign.js';
import { type FloodResult, floodTable, runFlood } from './flood.js';
import { ALERTS, CHANNEL, CONNECTIONS, interactionScenarios, SECONDS, seedAlerts } from './interactions.js';
import { BENCH_ADMIN_TOKEN, freePortSync, PIN, pinned, round, stopProcess, waitUp } from './processes.js';
import { restartScenario } from './restart.js';
import { renderMarkdown } from './results-md.js';
import { reviewsScenario } from './reviews.js';
import { slaScenarios } from './sla.js';
import { tokenStampede } from './token-stampede.js';

/** Scenario (f), a flood against Slack's rate limits (bench/flood.ts), on 1 and on 2 replicas. */
async function floodScenario(): Promise<string> {
  const results: FloodResult[] = [];
  for (const n of [1, 2] as const) {
    process.stderr.write(`(f) flood on ${n} replica(s)…\n`);
    results.push(await runFlood(n));
  }
  const table = `## (f) 600 findings in a burst (6 critical), Slack's limits on\n\n${floodTable(results)}\n`;
  writeFileSync('bench/results/flood.json', `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync('bench/results/flood.md', table);
  return table;
}

async function main(): Promise<void> {
  if (process.env.BENCH_ONLY === 'f') {
    mkdirSync('bench/results', { recursive: true });
    process.stdout.write(await floodScenario());
    return;
  }
  if (process.env.BENCH_ONLY === 'r') {
    process.stdout.write(await restartScenario());
    return;
  }
  if (process.env.BENCH_ONLY === 'v') {
    process.stdout.write(await reviewsScenario());
    return;
  }
  if (process.env.BENCH_ONLY === 's') {
    const sla = await slaScenarios();
    process.stdout.write(sla.table);
    if (!sla.met) process.exitCode = 1;
    return;
  }
  if (PIN) spawn('/usr/bin/taskset', ['-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  const work = mkdtempSync(join(tmpdir(), 'warden-bench-'));
  const tenant = await createSandboxTenant();
  const slack = await createLocalSlack({ timestampedTriggers: true });
  // (b) and (c): the tenant answers state changes in 200 ms
  tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 200, times: Number.POSITIVE_INFINITY });

  const pools = {
    button: seedAlerts(tenant, slack, 'FND_BTN_', 1),
    submit: seedAlerts(tenant, slack, 'FND_SUB_', 40_000),
    command: seedAlerts(tenant, slack, 'FND_CMD_', 40_000),
    sustained: seedAlerts(tenant, slack, 'FND_SUS_', 2_500),
  };
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  {
    // The message index Warden would have built when it posted these alerts.
    const store = await createStore({ dataDir });
    for (const item of [...pools.button, ...pools.submit, ...pools.command, ...pools.sustained]) {
      await store.upsertMessage(
        {
          findingId: item.findingId,
          channel: CHANNEL,
          ts: item.ts,
          lastState: 'FINDING_STATE_OPEN',
          lastRecurrence: 1,
        },
        Date.now(),
      );
    }
    await store.close();
  }

  const wardenPort = freePortSync(41_000);
  // BENCH_PROFILE=dir: write a V8 CPU profile of Warden (node --cpu-prof) for the whole run.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  // As in the Dockerfile: a bounded old space keeps the heap from ballooning under churn.
  const [wardenCmd, wardenArgs] = pinned(0, ['--max-old-space-size=160', ...profile, 'dist/main.js']);
  const warden: ChildProcess = spawn(wardenCmd, wardenArgs, {
    env: {
      PATH: process.env.PATH ?? '',
      ...simulatorEnv({ tenant, slack }),
      PORT: String(wardenPort),
      WARDEN_DATA_DIR: dataDir,
      ALERTS_WEBHOOK_SECRET: ALERTS,
      ALERTS_CHANNEL: CHANNEL,
      ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
      LOG_LEVEL: 'info',
    },
    // BENCH_WARDEN_LOG=file keeps Warden's log (its stdout) for a look afterwards.
    stdio: [
      'ignore',
      process.env.BENCH_WARDEN_LOG ? openSync(process.env.BENCH_WARDEN_LOG, 'w') : 'ignore',
      'inherit',
    ],
  });
  const wardenOrigin = `http://127.0.0.1:${wardenPort}`;
  await waitUp(`${wardenOrigin}/healthz`);

  const { rows, ratios, submitRow, sustainedRow } = await interactionScenarios({
    slack,
    warden,
    wardenOrigin,
    pools,
    work,
  });
  // Gone before the stampede: a Warden still draining would ask the tenant for a token of its own.
  await stopProcess(warden);

  const campaign = campaignScenario();
  const stampede = await tokenStampede(tenant);

  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 0),
    node: process.version,
  };
  const peak = Math.max(...rows.filter((r) => r.target === 'warden').map((r) => r.peakRssMb ?? 0));
  const targetsMet = {
    throughputAtLeast085: ratios.every((r) => (r.throughput ?? 0) >= 0.85),
    ackP99AtMost15x: ratios.every((r) => (r.ackP99 ?? Number.POSITIVE_INFINITY) <= 1.5),
    zeroErrors: rows.every((r) => r.errors === 0),
    completionP99bAtMost400ms: (submitRow?.completionP99 ?? Number.POSITIVE_INFINITY) <= 400,
    completionP99bAt100rpsAtMost400ms: (sustainedRow?.completionP99 ?? Number.POSITIVE_INFINITY) <= 400,
    oneTokenRequest: stampede.tokenRequests === 1,
    peakRssAtMost250Mb: peak <= 250,
    campaignPageAtMost5ms: campaign.pageP99Ms <= 5,
  };
  const { pageP99Ms: _, ...campaignFigures } = campaign;
  const results = {
    at: new Date().toISOString(),
    machine,
    settings: { secondsPerScenario: SECONDS, connections: CONNECTIONS, tenantStateLatencyMs: 200 },
    rows,
    ratios,
    campaign: campaignFigures,
    tokenStampede: stampede,
    targets: targetsMet,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  const md = renderMarkdown(results);
  writeFileSync('bench/results/latest.md', md);
  process.stdout.write(md);
  if (process.env.BENCH_ONLY !== 'i') {
    process.stdout.write(`\n${await floodScenario()}`);
    process.stdout.write(`\n${await restartScenario()}`);
    const sla = await slaScenarios();
    process.stdout.write(`\n${sla.table}`);
    if (!sla.met) process.exitCode = 1;
  }

  await tenant.close();
  await slack.close();
  rmSync(work, { recursive: true, force: true });
}

void main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
