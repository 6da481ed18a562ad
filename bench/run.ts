/**
 * `npm run bench`: Warden against a bare Bolt baseline, on loopback, with the sandbox tenant and
 * the local Slack. Warden runs from its build (`node dist/main.js`, the production path) in its
 * own process; the load comes from another process (bench/load.ts). Results go to
 * bench/results/latest.json and latest.md, and the table is printed.
 *
 * Environment: BENCH_SECONDS (default 20 per scenario), BENCH_CONNECTIONS (default 50).
 * BENCH_ONLY=f runs only the flood (bench/flood.ts), BENCH_ONLY=r only the crash mid-change
 * (bench/restart.ts), BENCH_ONLY=v only access reviews' Certify unchanged (bench/reviews.ts); the
 * full run ends with (f) and (r).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  createLocalSlack,
  createSandboxTenant,
  type LocalSlack,
  type SandboxTenant,
  SEED_IDS,
  seedFindings,
  simulatorEnv,
} from '@warden/simulators';
import { request } from 'undici';
import { createFindingsPort } from '../src/adapters/findings-port.js';
import { renderCampaign } from '../src/blockkit/campaign.js';
import { entitlementsCsv, groupEntitlements } from '../src/domain/entitlements.js';
import { describeScope } from '../src/domain/scope.js';
import { SetupEntitlementAndScopeResponseSchema } from '../src/model/campaign.js';
import { Secret } from '../src/secret.js';
import { createStore } from '../src/store/create-store.js';
import { TenantClient } from '../src/tenant/client.js';
import { type FloodResult, floodTable, runFlood } from './flood.js';
import type { LoadConfig, LoadItem, LoadKind, LoadResult } from './load.js';
import { restartScenario } from './restart.js';
import { reviewsScenario } from './reviews.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHANNEL = 'C0BENCH';
const ALERTS = 'bench-alerts-secret-value';

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);
const round = (n: number, d = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** d) / 10 ** d : null);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function freePortSync(base: number): number {
  return base + Math.floor(Math.random() * 1000);
}

async function waitUp(url: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode < 500) return;
    } catch {
      // not yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not come up`);
    await sleep(100);
  }
}

/** Peak resident memory of a process so far (Linux VmHWM), in MB. */
function peakRssMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Where each process runs: the server under test (Warden or the baseline) alone on CPU 0; the
 * load generator and the simulators share CPU 1. Both get the same placement, so the comparison
 * is one core against one core. Without taskset (or one CPU) nothing is pinned.
 */
const PIN = existsSync('/usr/bin/taskset') && cpus().length >= 2;
function pinned(cpu: number, args: string[]): [string, string[]] {
  return PIN
    ? ['/usr/bin/taskset', ['-c', String(cpu), process.execPath, ...args]]
    : [process.execPath, args];
}

/** /metrics is an operator's (README "Operate"): the bench reads it with the token it gave Warden. */
const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';
const OPERATOR = { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } };

/** Total interactions shed so far (all kinds), from /metrics. */
async function shedSoFar(origin: string): Promise<number> {
  const res = await request(`${origin}/metrics`, OPERATOR);
  const text = await res.body.text();
  return [...text.matchAll(/^warden_interactions_total\{[^}]*outcome="shed"[^}]*\} (\d+)/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
}

/** Waits until Warden's work queue and outbox are empty (read from /metrics). */
async function drain(origin: string, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const res = await request(`${origin}/metrics`, OPERATOR);
    const text = await res.body.text();
    const queue = Number(/^warden_work_queue_size (\d+)/m.exec(text)?.[1] ?? 0);
    const pending = Number(/^warden_outbox_depth\{status="pending"\} (\d+)/m.exec(text)?.[1] ?? 0);
    const sending = Number(/^warden_outbox_depth\{status="sending"\} (\d+)/m.exec(text)?.[1] ?? 0);
    if (queue + pending + sending === 0) return true;
    await sleep(250);
  }
  return false;
}

function runLoad(cfg: LoadConfig, dir: string): Promise<LoadResult> {
  const file = join(dir, `load-${cfg.kind}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(cfg));
  return new Promise((resolve, reject) => {
    const [cmd, args] = pinned(1, ['--import', 'tsx', 'bench/load.ts', file]);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`load exited ${code}`)),
    );
  });
}

interface Row {
  scenario: string;
  target: 'warden' | 'baseline';
  rps: number | null;
  ackP50: number | null;
  ackP99: number | null;
  completionP99: number | null;
  completed: string | null;
  errors: number;
  /** Interactions Warden turned away as overloaded (acked "busy", no work done). */
  shed: number | null;
  peakRssMb: number | null;
}

function summarise(
  scenario: string,
  target: Row['target'],
  r: LoadResult,
  completions: number[] | undefined,
  rss: number | null,
  shed: number | null = null,
): Row {
  const done = completions ? [...completions].sort((a, b) => a - b) : undefined;
  return {
    scenario,
    target,
    rps: round(r.requests / (r.elapsedMs / 1_000), 0),
    ackP50: round(pct(r.ackMs, 50), 2),
    ackP99: round(pct(r.ackMs, 99), 2),
    completionP99: done ? round(pct(done, 99), 1) : null,
    completed: done ? `${done.length}/${r.requests}` : null,
    errors: r.errors,
    shed,
    peakRssMb: rss,
  };
}

/** Time from sending each request to its Slack side effect (matched by key), in ms. */
function completions(
  slack: LocalSlack,
  since: number,
  r: LoadResult,
  effect: (call: { method: string; args: Record<string, unknown> }) => string | undefined,
) {
  const firstEffect = new Map<string, number>();
  for (const call of slack.calls) {
    if (call.at < since) continue;
    const key = effect(call);
    if (key !== undefined && !firstEffect.has(`${key}@${call.at}`))
      firstEffect.set(`${key}@${call.at}`, call.at);
  }
  // Keys may repeat (the same alert used twice): match each send to the first effect after it.
  const byKey = new Map<string, number[]>();
  for (const k of firstEffect.keys()) {
    const [key = '', at = '0'] = k.split('@');
    const list = byKey.get(key) ?? [];
    list.push(Number(at));
    byKey.set(key, list);
  }
  for (const list of byKey.values()) list.sort((a, b) => a - b);
  const out: number[] = [];
  for (const [key, sentAt] of r.sent) {
    const list = byKey.get(key);
    const i = list?.findIndex((at) => at >= sentAt) ?? -1;
    if (list && i >= 0) {
      out.push((list[i] as number) - sentAt);
      list.splice(i, 1);
    }
  }
  return out;
}

function seedAlerts(tenant: SandboxTenant, slack: LocalSlack, prefix: string, n: number): LoadItem[] {
  const template = seedFindings().find((f) => f.id === 'FND_SA_UNOWNED');
  if (!template) throw new Error('seed missing');
  const items: LoadItem[] = [];
  for (let i = 0; i < n; i++) {
    const findingId = `${prefix}${i}`;
    tenant.findings.put({
      ...template,
      id: findingId,
      appUserTarget: { appId: SEED_IDS.apps.github, appUserId: `AU_${i}` },
    });
    items.push({ findingId, ts: slack.seedMessage(CHANNEL, `alert ${findingId}`) });
  }
  return items;
}

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
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const wardenOrigin = `http://127.0.0.1:${wardenPort}`;
  await waitUp(`${wardenOrigin}/healthz`);

  const base = {
    connections: CONNECTIONS,
    durationMs: SECONDS * 1_000,
    signingSecret: slack.signingSecret,
    alertsSecret: ALERTS,
    channel: CHANNEL,
    responseUrl: `${slack.url}/response/none`,
  };
  const rows: Row[] = [];
  const scenarios: {
    name: string;
    kind: LoadKind;
    items: LoadItem[];
    effect: Parameters<typeof completions>[3];
    baseline: boolean;
    rate?: number;
  }[] = [
    {
      name: '(a) button → loading modal',
      kind: 'button',
      items: pools.button,
      effect: (c) => (c.method === 'views.open' ? String(c.args.trigger_id) : undefined),
      baseline: true,
    },
    {
      name: '(b) modal submit → state change → update + thread reply',
      kind: 'submit',
      items: pools.submit,
      effect: (c) =>
        c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string'
          ? c.args.thread_ts
          : undefined,
      baseline: true,
    },
    {
      name: '(b) at a sustainable 100 req/s (open loop)',
      kind: 'submit',
      items: pools.sustained,
      effect: (c) =>
        c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string'
          ? c.args.thread_ts
          : undefined,
      baseline: false,
      rate: 100,
    },
    {
      name: '(c) slash-command snooze',
      kind: 'command',
      items: pools.command,
      effect: (c) =>
        c.method === 'chat.postMessage' && typeof c.args.thread_ts === 'string'
          ? c.args.thread_ts
          : undefined,
      baseline: true,
    },
    {
      name: '(d) alert webhook → stored → posted',
      kind: 'webhook',
      items: [],
      effect: (c) => {
        const meta = c.args.metadata;
        return c.method === 'chat.postMessage' &&
          typeof meta === 'object' &&
          meta !== null &&
          'event_payload' in meta
          ? String((meta.event_payload as { finding_id?: unknown }).finding_id)
          : undefined;
      },
      baseline: false,
    },
  ];

  for (const s of scenarios) {
    if (s.baseline) {
      const port = freePortSync(43_000);
      const [cmd, args] = pinned(0, [
        '--import',
        'tsx',
        'bench/baseline.ts',
        String(port),
        slack.signingSecret,
      ]);
      const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
      await waitUp(`http://127.0.0.1:${port}/slack/events`);
      process.stderr.write(`baseline ${s.name}…\n`);
      const r = await runLoad(
        { ...base, origin: `http://127.0.0.1:${port}`, kind: s.kind, items: s.items },
        work,
      );
      rows.push(summarise(s.name, 'baseline', r, undefined, peakRssMb(child.pid)));
      child.kill('SIGTERM');
    }
    process.stderr.write(`warden ${s.name}…\n`);
    const since = Date.now();
    const shedBefore = await shedSoFar(wardenOrigin);
    const r = await runLoad(
      { ...base, origin: wardenOrigin, kind: s.kind, items: s.items, ...(s.rate ? { rate: s.rate } : {}) },
      work,
    );
    // let the work after the last acks finish (up to a minute) before matching side effects,
    // so one scenario's backlog does not run into the next
    const drained = await drain(wardenOrigin, 60_000);
    await sleep(500);
    const shed = (await shedSoFar(wardenOrigin)) - shedBefore;
    rows.push(
      summarise(s.name, 'warden', r, completions(slack, since, r, s.effect), peakRssMb(warden.pid), shed),
    );
    if (!drained) process.stderr.write('  (work still queued after 60 s)\n');
    if (r.errorSamples.length) process.stderr.write(`  errors: ${r.errorSamples.join('; ')}\n`);
  }
  warden.kill('SIGTERM');

  // (e) rendering a campaign of 10,000 entitlements: one page, and the CSV
  const big = (() => {
    const list = Array.from({ length: 10_000 }, (_, i) => ({
      appPath: `$.expanded[${i % 20}]`,
      entitlementPath: '',
      policyPath: '',
      accessReviewEntitlement: {
        appId: `APP_${i % 20}`,
        appEntitlementId: `ENT_${i}`,
        policyId: 'POL',
        customPolicyId: i % 50 === 0 ? 'POL_X' : '',
        deletedAt: i % 97 === 0 ? '2026-01-01T00:00:00Z' : null,
      },
    }));
    const expanded = Array.from({ length: 20 }, (_, i) => ({ '@type': 'App', displayName: `App ${i}` }));
    return SetupEntitlementAndScopeResponseSchema.parse({ scopeV2: seedCampaignScope(), list, expanded });
  })();
  const scope = describeScope(big.scopeV2);
  const ents = groupEntitlements(big);
  const pageTimes: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    renderCampaign(scope, ents, { campaignId: 'CAMP_BENCH', page: i % 240 });
    pageTimes.push(performance.now() - t0);
  }
  pageTimes.sort((a, b) => a - b);
  const csvTimes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    entitlementsCsv(ents);
    csvTimes.push(performance.now() - t0);
  }
  csvTimes.sort((a, b) => a - b);
  const groupStart = performance.now();
  groupEntitlements(big);
  const groupMs = performance.now() - groupStart;

  // 1,000 concurrent state changes with an expired token: exactly one token request
  tenant.faults.clear();
  const client = new TenantClient({
    baseUrl: tenant.url,
    auth: {
      kind: 'clientCredentials',
      clientId: tenant.credentials.clientId,
      clientSecret: new Secret(tenant.credentials.clientSecret),
    },
  });
  await createFindingsPort(client)
    .change('FND_SUB_0', { kind: 'reopen' })
    .catch(() => undefined);
  tenant.auth.expireTokens();
  const before = tenant.auth.tokenRequests;
  const template = seedFindings()[0];
  const targets = Array.from({ length: 1_000 }, (_, i) => `FND_TOKEN_${i}`);
  for (const id of targets) if (template) tenant.findings.put({ ...template, id });
  const settled = await Promise.allSettled(
    targets.map((id) =>
      createFindingsPort(client).change(id, { kind: 'suppress', reason: 'token stampede' }),
    ),
  );
  const tokenRequests = tenant.auth.tokenRequests - before;
  await client.close();

  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: round(totalmem() / 2 ** 30, 0),
    node: process.version,
  };
  const get = (scenario: string, target: Row['target']) =>
    rows.find((r) => r.scenario === scenario && r.target === target);
  const ratios = scenarios
    .filter((s) => s.baseline)
    .map((s) => {
      const w = get(s.name, 'warden');
      const b = get(s.name, 'baseline');
      return {
        scenario: s.name,
        throughput: w?.rps && b?.rps ? round(w.rps / b.rps, 2) : null,
        ackP99: w?.ackP99 && b?.ackP99 ? round(w.ackP99 / b.ackP99, 2) : null,
      };
    });
  const b = get(scenarios[1]?.name ?? '', 'warden');
  const sustained = get(scenarios[2]?.name ?? '', 'warden');
  const peak = Math.max(...rows.filter((r) => r.target === 'warden').map((r) => r.peakRssMb ?? 0));
  const targetsMet = {
    throughputAtLeast085: ratios.every((r) => (r.throughput ?? 0) >= 0.85),
    ackP99AtMost15x: ratios.every((r) => (r.ackP99 ?? Number.POSITIVE_INFINITY) <= 1.5),
    zeroErrors: rows.every((r) => r.errors === 0),
    completionP99bAtMost400ms: (b?.completionP99 ?? Number.POSITIVE_INFINITY) <= 400,
    completionP99bAt100rpsAtMost400ms: (sustained?.completionP99 ?? Number.POSITIVE_INFINITY) <= 400,
    oneTokenRequest: tokenRequests === 1,
    peakRssAtMost250Mb: peak <= 250,
    campaignPageAtMost5ms: pct(pageTimes, 99) <= 5,
  };
  const results = {
    at: new Date().toISOString(),
    machine,
    settings: { secondsPerScenario: SECONDS, connections: CONNECTIONS, tenantStateLatencyMs: 200 },
    rows,
    ratios,
    campaign: {
      entitlements: 10_000,
      pageRenderMs: { p50: round(pct(pageTimes, 50), 3), p99: round(pct(pageTimes, 99), 3) },
      csvMs: { p50: round(pct(csvTimes, 50), 1), p99: round(pct(csvTimes, 99), 1) },
      groupOnceMs: round(groupMs, 1),
    },
    tokenStampede: {
      concurrentChanges: 1_000,
      tokenRequests,
      failed: settled.filter((s) => s.status === 'rejected').length,
    },
    targets: targetsMet,
  };
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
  const md = renderMarkdown(results);
  writeFileSync('bench/results/latest.md', md);
  process.stdout.write(md);
  process.stdout.write(`\n${await floodScenario()}`);
  process.stdout.write(`\n${await restartScenario()}`);

  await tenant.close();
  await slack.close();
  rmSync(work, { recursive: true, force: true });
}

function seedCampaignScope() {
  return { appAccess: {}, allUsers: {}, allAccounts: {}, allGrants: {}, allAccessConflicts: {} };
}

function renderMarkdown(r: {
  at: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number | null; node: string };
  settings: { secondsPerScenario: number; connections: number };
  rows: Row[];
  ratios: { scenario: string; throughput: number | null; ackP99: number | null }[];
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

void main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
