/**
 * What the interaction scenarios of `npm run bench` (bench/run.ts) share: waiting for a server,
 * a process's peak memory, where each process runs (pinned to a core), Warden's /metrics read
 * as its operator, and the load generator in a process of its own (bench/load.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { LoadConfig, LoadResult } from './load.js';

export const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);
export const round = (n: number, d = 1) => (Number.isFinite(n) ? Math.round(n * 10 ** d) / 10 ** d : null);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePortSync(base: number): number {
  return base + Math.floor(Math.random() * 1000);
}

export async function waitUp(url: string, timeoutMs = 30_000): Promise<void> {
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
export function peakRssMb(pid: number | undefined): number | null {
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
export const PIN = existsSync('/usr/bin/taskset') && cpus().length >= 2;
export function pinned(cpu: number, args: string[]): [string, string[]] {
  return PIN
    ? ['/usr/bin/taskset', ['-c', String(cpu), process.execPath, ...args]]
    : [process.execPath, args];
}

/** /metrics is an operator's (README "Operate"): the bench reads it with the token it gave Warden. */
export const BENCH_ADMIN_TOKEN = 'bench-admin-token-0123456789';
export const OPERATOR = { headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` } };

/** Total interactions shed so far (all kinds), from /metrics. */
export async function shedSoFar(origin: string): Promise<number> {
  const res = await request(`${origin}/metrics`, OPERATOR);
  const text = await res.body.text();
  return [...text.matchAll(/^warden_interactions_total\{[^}]*outcome="shed"[^}]*\} (\d+)/gm)].reduce(
    (n, m) => n + Number(m[1]),
    0,
  );
}

/** Waits until Warden's work queue and outbox are empty (read from /metrics). */
export async function drain(origin: string, timeoutMs: number): Promise<boolean> {
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

export function runLoad(cfg: LoadConfig, dir: string): Promise<LoadResult> {
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

/** SIGTERM, then waits for the process to exit (SIGKILL after `graceMs`). */
export function stopProcess(child: ChildProcess, graceMs = 30_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
