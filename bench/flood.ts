/**
 * Bench scenario (f), a flood: 600 findings posted to /hooks/findings in a burst (6 critical),
 * against a local Slack that enforces Slack's rate limits. Reports the seconds until every finding
 * is visible in Slack (its own message, or a line of a roll-up's thread), the seconds until each
 * critical has its own message, top-level messages posted, 429s received, lost and doubled — on
 * one Warden, and on two replicas sharing one PostgreSQL (BENCH_DATABASE_URL, default the local
 * test database). Warden runs from its build (WARDEN_ENTRY, default dist/main.js).
 *
 *   npx tsx bench/flood.ts            # both, written to bench/results/flood.{json,md}
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalSlack, createSandboxTenant, postFlood, simulatorEnv } from '@warden/simulators';
import pg from 'pg';
import { request } from 'undici';

const COUNT = Number(process.env.BENCH_FLOOD_COUNT ?? 600);
const CRITICAL_EVERY = 100; // 6 in 600
const CHANNEL = 'C0FLOOD';
const ALERTS = 'bench-flood-alerts-secret';
const ENTRY = process.env.WARDEN_ENTRY ?? 'dist/main.js';
const LIMIT_S = Number(process.env.BENCH_FLOOD_SECONDS ?? 180);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface FloodResult {
  replicas: number;
  findings: number;
  /** How long posting the burst took (every alert stored and acknowledged). */
  postedS: number;
  allVisibleS: number | null;
  visibleAfter90s: number;
  criticalOwnMessageMaxS: number | null;
  criticalsWithOwnMessage: string;
  topLevelMessages: number;
  http429: number;
  lost: number;
  doubled: number;
}

export async function waitUp(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await request(url);
      await res.body.dump();
      if (res.statusCode === 200) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not come up`);
}

/** A fresh PostgreSQL schema for the replicas, dropped afterwards (bench/restart.ts uses it too). */
export async function freshSchema(
  url: string,
  prefix = 'warden_flood',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

export async function runFlood(replicas: 1 | 2): Promise<FloodResult> {
  const tenant = await createSandboxTenant();
  const slack = await createLocalSlack({ rateLimits: true });
  const work = mkdtempSync(join(tmpdir(), 'warden-flood-'));
  const db =
    replicas > 1
      ? await freshSchema(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
      : undefined;
  const wardens: { child: ChildProcess; url: string }[] = [];
  try {
    for (let i = 0; i < replicas; i++) {
      const port = 44_000 + Math.floor(Math.random() * 1_000) + i;
      const dataDir = join(work, `data-${i}`);
      mkdirSync(dataDir);
      const child = spawn(process.execPath, ['--max-old-space-size=160', ENTRY], {
        env: {
          PATH: process.env.PATH ?? '',
          ...simulatorEnv({ tenant, slack }),
          PORT: String(port),
          WARDEN_DATA_DIR: dataDir,
          ...(db ? { DATABASE_URL: db.url } : {}),
          ALERTS_WEBHOOK_SECRET: ALERTS,
          ALERTS_CHANNEL: CHANNEL,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const url = `http://127.0.0.1:${port}`;
      await waitUp(`${url}/healthz`);
      wardens.push({ child, url });
    }
    const started = Date.now();
    const severity = (i: number) =>
      i % CRITICAL_EVERY === 0
        ? 'FINDING_SEVERITY_CRITICAL'
        : i % 3
          ? 'FINDING_SEVERITY_MEDIUM'
          : 'FINDING_SEVERITY_HIGH';
    const share = COUNT / replicas;
    const batches = await Promise.all(
      wardens.map((w) => postFlood({ tenant, wardenUrl: w.url, alertsSecret: ALERTS }, share, severity)),
    );
    const postedS = Math.round((Date.now() - started) / 100) / 10;
    const ids = batches.flat();
    const criticals = batches.flatMap((b) => b.filter((_, i) => severity(i) === 'FINDING_SEVERITY_CRITICAL'));
    const seenAt = new Map<string, number>();
    const criticalAt = new Map<string, number>();
    let visibleAfter90s = 0;
    const rendered = () =>
      slack.messages
        .filter((m) => m.channel === CHANNEL)
        .map((m) => ({ text: JSON.stringify(m.blocks ?? []), top: !m.thread_ts }));
    const shows = (id: string, t: { text: string }) => t.text.includes(`\`${id}\``);
    for (;;) {
      const now = Date.now();
      const inChannel = rendered();
      for (const id of ids) if (!seenAt.has(id) && inChannel.some((t) => shows(id, t))) seenAt.set(id, now);
      for (const id of criticals)
        if (!criticalAt.has(id) && inChannel.some((t) => t.top && shows(id, t))) criticalAt.set(id, now);
      if (now - started <= 90_000) visibleAfter90s = seenAt.size;
      if (seenAt.size === ids.length && criticalAt.size === criticals.length) break;
      if (now - started > LIMIT_S * 1_000) break;
      await sleep(200);
    }
    await sleep(2_000); // anything posted late (a double) shows up
    const final = rendered();
    const topLevel = final.filter((m) => m.top);
    const times = (id: string) => final.filter((m) => shows(id, m)).length;
    const secs = (at: number | undefined) =>
      at === undefined ? null : Math.round((at - started) / 100) / 10;
    return {
      replicas,
      findings: ids.length,
      postedS,
      allVisibleS: seenAt.size === ids.length ? secs(Math.max(...seenAt.values())) : null,
      visibleAfter90s,
      criticalOwnMessageMaxS:
        criticalAt.size === criticals.length ? secs(Math.max(...criticalAt.values())) : null,
      criticalsWithOwnMessage: `${criticalAt.size}/${criticals.length}`,
      topLevelMessages: topLevel.length,
      http429: slack.rateLimits.total(),
      lost: ids.filter((id) => times(id) === 0).length,
      doubled: ids.filter((id) => times(id) > 1).length,
    };
  } finally {
    for (const w of wardens) w.child.kill('SIGTERM');
    await sleep(500);
    await db?.drop().catch(() => undefined);
    await slack.close();
    await tenant.close();
    rmSync(work, { recursive: true, force: true });
  }
}

export function floodTable(results: FloodResult[]): string {
  const head =
    '| replicas | burst posted in (s) | visible: all (s) | visible after 90 s | each critical own message (max s) | top-level messages | 429s | lost | doubled |';
  const rows = results.map(
    (r) =>
      `| ${r.replicas} | ${r.postedS} | ${r.allVisibleS ?? `not within ${LIMIT_S} s`} | ${r.visibleAfter90s}/${r.findings} | ${r.criticalOwnMessageMaxS ?? `only ${r.criticalsWithOwnMessage}`} | ${r.topLevelMessages} | ${r.http429} | ${r.lost} | ${r.doubled} |`,
  );
  return [head, '|---|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results: FloodResult[] = [];
  for (const n of (process.env.BENCH_FLOOD_REPLICAS ?? '1,2').split(',').map(Number)) {
    process.stderr.write(`(f) flood on ${n} replica(s)…\n`);
    results.push(await runFlood(n === 2 ? 2 : 1));
  }
  const table = floodTable(results);
  mkdirSync('bench/results', { recursive: true });
  const name = process.env.BENCH_FLOOD_OUT ?? 'flood';
  writeFileSync(`bench/results/${name}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(
    `bench/results/${name}.md`,
    `## (f) 600 findings in a burst, Slack's limits on\n\n${table}\n`,
  );
  process.stdout.write(`${table}\n`);
}
