/**
 * Scenarios (a)–(d) of `npm run bench`: clicks, submissions, commands and alert webhooks as load
 * against Warden (and, for (a)–(c), against a bare Bolt baseline on the same core), each matched
 * to its side effect in the local Slack for the time to completion.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type LocalSlack, type SandboxTenant, SEED_IDS, seedFindings } from '@warden/simulators';
import type { LoadItem, LoadKind, LoadResult } from './load.js';
import {
  drain,
  freePortSync,
  pct,
  peakRssMb,
  pinned,
  round,
  runLoad,
  shedSoFar,
  sleep,
  waitUp,
} from './processes.js';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const CHANNEL = 'C0BENCH';
export const ALERTS = 'bench-alerts-secret-value';

export interface Row {
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

export function summarise(
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

export function seedAlerts(tenant: SandboxTenant, slack: LocalSlack, prefix: string, n: number): LoadItem[] {
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

export interface Ratio {
  scenario: string;
  throughput: number | null;
  ackP99: number | null;
}

/** Runs (a)–(d) against Warden at `wardenOrigin` (and the baseline where there is one). */
export async function interactionScenarios(o: {
  slack: LocalSlack;
  warden: ChildProcess;
  wardenOrigin: string;
  pools: Record<'button' | 'submit' | 'command' | 'sustained', LoadItem[]>;
  work: string;
}): Promise<{ rows: Row[]; ratios: Ratio[]; submitRow: Row | undefined; sustainedRow: Row | undefined }> {
  const { slack, warden, wardenOrigin, pools, work } = o;
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

  // BENCH_SCENARIOS=a,c: only those of (a)–(d) (the letter in each name), e.g. for a before/after.
  const only = process.env.BENCH_SCENARIOS?.split(',').map((l) => `(${l.trim()})`);
  for (const s of scenarios.filter((x) => !only || only.some((l) => x.name.startsWith(l)))) {
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
  return {
    rows,
    ratios,
    submitRow: get(scenarios[1]?.name ?? '', 'warden'),
    sustainedRow: get(scenarios[2]?.name ?? '', 'warden'),
  };
}
