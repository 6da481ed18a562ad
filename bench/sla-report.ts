/**
 * Bench scenario (s), issue 38 "Speed and scale": the SLA report over 50,000 findings and
 * 500,000 audit events in the simulated tenant, computed by Warden in a process of its own
 * (bench/sla-report-child.ts) reading the trail page by page over HTTP. Reports the time, the
 * process's peak RSS and the tenant requests it made; the targets are ≤ 10 s and ≤ 300 MB.
 *
 *   npx tsx bench/sla-report.ts    # or BENCH_ONLY=s npm run bench
 *
 * BENCH_SLA_FINDINGS (default 50,000; ten events each) scales it; BENCH_SLA_LIMIT_S (default
 * 120) stops a run that takes longer, reported as not finished.
 */
import { spawn } from 'node:child_process';
import {
  type AuditEventType,
  createSandboxTenant,
  type SandboxTenant,
  seedFindings,
} from '@warden/simulators';
import type { ReportChildInput, ReportChildOutput } from './sla-report-child.js';

const FINDINGS = Number(process.env.BENCH_SLA_FINDINGS ?? 50_000);
const LIMIT_S = Number(process.env.BENCH_SLA_LIMIT_S ?? 120);
const H = 3_600_000;
const D = 24 * H;
const YAML = `sla:
  pauseWhile: [snoozed]
  severities:
    critical: { acknowledge: 2h, close: 3d }
    high: { acknowledge: 8h, close: 7d }
    medium: { acknowledge: 1d, close: 30d }
`;

export interface SlaReportResult {
  findings: number;
  events: number;
  finished: boolean;
  seconds: number | null;
  peakRssMb: number | null;
  /** The same process's peak before the report began (Node, its modules, the store). */
  rssBeforeMb: number | null;
  /** The report process's CPU time (user + system) while it made the report. */
  cpuSeconds: number | null;
  /** The simulated tenant's CPU time meanwhile (this process: its HTTP server and its pages). */
  tenantCpuSeconds: number;
  requests: { findingAudits: number; findingSearch: number; token: number; other: number };
  closures: number | null;
  targets: { atMost10s: boolean; rssAtMost300Mb: boolean };
}

/** A deterministic pseudo-random sequence (the same history every run). */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const SEVERITIES = ['FINDING_SEVERITY_CRITICAL', 'FINDING_SEVERITY_HIGH', 'FINDING_SEVERITY_MEDIUM'];
const BASES = ['FND_SA_UNOWNED', 'FND_UNUSED_SECRET', 'FND_NHI_UNOWNED'];
const PEOPLE = ['IU_ALICE', 'IU_BOB', 'IU_CAROL'];

type Step = { at: number; i: number; type: AuditEventType; state?: string; actor?: string };

/**
 * Ten events a finding over the last five weeks, recorded in time order as the tenant would
 * have: created, routed, evidence, an owner, comments, a snooze and its end, a closure (most),
 * sometimes reopened. Returns how many events the trail holds.
 */
export function seedHistory(tenant: SandboxTenant, count: number, now: number): number {
  const r = rng(38);
  const bases = BASES.map((id) => seedFindings().find((f) => f.id === id)).filter((f) => f !== undefined);
  const steps: Step[] = [];
  for (let i = 0; i < count; i++) {
    let t = now - Math.floor(r() * 35 * D) - 9 * H;
    const next = (ms: number) => (t = Math.min(now - 1_000, t + Math.floor(ms)));
    const who = PEOPLE[i % PEOPLE.length] ?? 'IU_ALICE';
    steps.push({ at: t, i, type: 'CREATED' });
    steps.push({ at: next(r() * 60_000), i, type: 'ROUTING_EVALUATED' });
    steps.push({ at: next(r() * H), i, type: 'EVIDENCE_UPDATED' });
    steps.push({ at: next(r() * 8 * H), i, type: 'OWNER_CHANGED', actor: who });
    steps.push({ at: next(r() * 4 * H), i, type: 'COMMENT', actor: who });
    steps.push({ at: next(r() * D), i, type: 'SNOOZED', state: 'FINDING_STATE_SNOOZED', actor: who });
    steps.push({ at: next(r() * 2 * D), i, type: 'SNOOZE_EXPIRED', state: 'FINDING_STATE_OPEN' });
    steps.push({ at: next(r() * H), i, type: 'COMMENT', actor: who });
    const close = r() < 0.5 ? 'RESOLVED' : 'SUPPRESSED';
    steps.push({ at: next(r() * 6 * D), i, type: close, state: `FINDING_STATE_${close}`, actor: who });
    if (r() < 0.2)
      steps.push({ at: next(r() * 2 * D), i, type: 'REOPENED', state: 'FINDING_STATE_OPEN', actor: who });
    else steps.push({ at: next(r() * D), i, type: 'COMMENT', actor: who });
  }
  steps.sort((a, b) => a.at - b.at);
  const id = (i: number) => `FND_SLA_${String(i).padStart(6, '0')}`;
  for (const s of steps) {
    if (s.type === 'CREATED') {
      const base = bases[s.i % bases.length];
      if (!base) throw new Error('seed missing');
      tenant.findings.put({
        ...base,
        id: id(s.i),
        state: 'FINDING_STATE_OPEN',
        severity: SEVERITIES[s.i % SEVERITIES.length],
        createdAt: new Date(s.at).toISOString(),
      });
      continue;
    }
    // The stored finding itself: its state is the one the tenant answers at the end.
    const f = tenant.findings.get(id(s.i), s.at);
    if (!f) continue;
    if (s.state) {
      f.state = s.state;
      if (s.state === 'FINDING_STATE_SNOOZED') f.snoozeUntil = undefined;
    }
    tenant.findings.audit.record(f, s.type, s.at, { actor: s.actor });
  }
  // The seed's own findings were recorded first, at now: one search puts the trail in order, as
  // a database's index would already be, so the report's first page does not pay for the seeding.
  tenant.findings.audit.search({ pageSize: 10 });
  return steps.length;
}

export async function slaReportScenario(): Promise<{ result: SlaReportResult; table: string }> {
  const tenant = await createSandboxTenant();
  try {
    const now = tenant.clock.now();
    process.stderr.write(`(s) seeding ${FINDINGS} findings…\n`);
    const events = seedHistory(tenant, FINDINGS, now);
    tenant.requests.length = 0;
    const input: ReportChildInput = {
      tenantUrl: tenant.url,
      clientId: tenant.credentials.clientId,
      clientSecret: tenant.credentials.clientSecret,
      slaYaml: YAML,
      until: now,
      days: 7,
    };
    process.stderr.write(`(s) the SLA report over ${events} audit events…\n`);
    const tenantCpu = process.cpuUsage();
    const out = await runChild(input);
    const tenantUsed = process.cpuUsage(tenantCpu);
    const count = (p: RegExp) => tenant.requests.filter((q) => p.test(q.path)).length;
    const requests = {
      findingAudits: count(/\/search\/finding_audits$/),
      findingSearch: count(/\/findings\/search$/),
      token: count(/\/auth\/v1\/token$/),
      other: 0,
    };
    requests.other =
      tenant.requests.length - requests.findingAudits - requests.findingSearch - requests.token;
    const seconds = out ? out.ms / 1_000 : null;
    const result: SlaReportResult = {
      findings: FINDINGS,
      events,
      finished: out !== undefined,
      seconds,
      peakRssMb: out?.peakRssMb ?? null,
      rssBeforeMb: out?.rssBeforeMb ?? null,
      cpuSeconds: out ? out.cpuMs / 1_000 : null,
      tenantCpuSeconds: Math.round((tenantUsed.user + tenantUsed.system) / 1_000) / 1_000,
      requests,
      closures: out?.closures ?? null,
      targets: {
        atMost10s: seconds !== null && seconds <= 10,
        rssAtMost300Mb: out !== undefined && out.peakRssMb <= 300,
      },
    };
    return { result, table: slaReportTable(result) };
  } finally {
    tenant.requests.length = 0;
    await tenant.close();
  }
}

function runChild(input: ReportChildInput): Promise<ReportChildOutput | undefined> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // BENCH_PROFILE=dir: a V8 CPU profile of the report's process (node --cpu-prof)
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
        '--import',
        'tsx',
        'bench/sla-report-child.ts',
        JSON.stringify(input),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), LIMIT_S * 1_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGTERM') resolve(undefined);
      else if (code === 0) resolve(JSON.parse(out) as ReportChildOutput);
      else reject(new Error(`the SLA report's process exited ${code}`));
    });
  });
}

export function slaReportTable(r: SlaReportResult): string {
  const ok = (b: boolean) => (b ? '✅' : '❌');
  return [
    `## (s) SLA report over ${r.findings.toLocaleString('en')} findings and ${r.events.toLocaleString('en')} audit events`,
    '',
    '| time s | CPU s | tenant CPU s | peak RSS MB (before it began) | finding_audits requests | findings search requests | token requests | other requests | closures counted |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${r.finished ? r.seconds : `not finished in ${LIMIT_S}`} | ${r.cpuSeconds ?? '–'} | ${r.tenantCpuSeconds} | ${r.peakRssMb ?? '–'} (${r.rssBeforeMb ?? '–'}) | ${r.requests.findingAudits} | ${r.requests.findingSearch} | ${r.requests.token} | ${r.requests.other} | ${r.closures ?? '–'} |`,
    '',
    `Targets: ≤ 10 s ${ok(r.targets.atMost10s)}, RSS ≤ 300 MB ${ok(r.targets.rssAtMost300Mb)}`,
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('sla-report.ts')) {
  void slaReportScenario().then(
    ({ result, table }) => {
      process.stdout.write(`${table}\n${JSON.stringify(result)}\n`);
      process.exit(Object.values(result.targets).every(Boolean) ? 0 : 1);
    },
    (error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
}
