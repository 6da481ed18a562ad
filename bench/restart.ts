/**
 * Bench scenario (r), a crash mid-change with Warden's default settings: a card is shown, the
 * tenant takes 2 s to apply a suppress, Warden gets SIGKILL while it does. On SQLite the process
 * is started again on the same data directory, and the seconds from the restart (process up) to
 * the card put right and to the person told ("Warden restarted…") are measured. On PostgreSQL two
 * replicas share a schema: the live one (B) takes up the change once A's lease is gone, measured
 * from the kill. Each run gets fresh simulators and a fresh store; BENCH_RESTART_RUNS runs (3).
 * The lease is WARDEN_INSTANCE_LEASE's default unless BENCH_RESTART_LEASE sets one (e.g. 3s).
 * A process renews its lease every third of it, and how long a dead one's lease outlives it depends
 * on where in that beat the kill lands: run i of N lets A run i/N of a beat longer before the
 * change, so the runs spread over the beat as kills at any moment would.
 *
 *   npx tsx bench/restart.ts          # written to bench/results/restart.{json,md}
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalSlack,
  createSandboxTenant,
  type LocalSlack,
  postSigned,
  type SandboxTenant,
  type SlackActor,
  simulatorEnv,
  slashCommandBody,
} from '@warden/simulators';
import { parseDurationMs } from '../src/domain/duration.js';
import { DEFAULT_LEASE_MS } from '../src/store/instance-lease.js';
import { freshSchema, waitUp } from './flood.js';

const RUNS = Number(process.env.BENCH_RESTART_RUNS ?? 3);
const ENTRY = process.env.WARDEN_ENTRY ?? 'dist/main.js';
const LEASE = process.env.BENCH_RESTART_LEASE;
const LEASE_MS = (LEASE && parseDurationMs(LEASE)) || DEFAULT_LEASE_MS;
const LIMIT_MS = Number(process.env.BENCH_RESTART_SECONDS ?? 60) * 1_000;
/** Issue 24 item 12: the card put right and the person told within 20 s of the restart. */
const TARGET_S = 20;
const FINDING = 'FND_SA_UNOWNED';
const ALICE: SlackActor = { userId: 'U0ALICE', userName: 'alice', teamId: 'T0WARDEN', channelId: 'C0SECOPS' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

export type RestartMode = 'sqlite' | 'postgres';

export interface RestartRun {
  /** SQLite: restart to process up (s). PostgreSQL: null, B was up all along. */
  upS: number | null;
  /** From the restart (process up) on SQLite, from the kill on PostgreSQL. */
  cardS: number | null;
  toldS: number | null;
  /** From the kill, both stores. */
  toldAfterKillS: number | null;
}

export interface RestartResult {
  mode: RestartMode;
  lease: string;
  from: 'restart (process up)' | 'kill (B live)';
  runs: RestartRun[];
}

interface World {
  tenant: SandboxTenant;
  slack: LocalSlack;
  store: Record<string, string>;
}

async function startWarden(w: World): Promise<{ child: ChildProcess; url: string; kill(): Promise<void> }> {
  const port = 45_000 + Math.floor(Math.random() * 1_000);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--max-old-space-size=160', ENTRY], {
    env: {
      PATH: process.env.PATH ?? '',
      ...simulatorEnv({ tenant: w.tenant, slack: w.slack }),
      ...w.store,
      PORT: String(port),
      WARDEN_PUBLIC_URL: url,
      ALERTS_CHANNEL: 'C0ALERTS',
      LOG_LEVEL: 'warn',
      // unset: the default, as operators run it
      ...(LEASE ? { WARDEN_INSTANCE_LEASE: LEASE } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await waitUp(`${url}/healthz`);
  return {
    child,
    url,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function until<T>(what: string, f: () => T | undefined, limitMs = LIMIT_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = f();
    if (v !== undefined) return v;
    if (Date.now() - started > limitMs) throw new Error(`${what}: not within ${limitMs / 1_000} s`);
    await sleep(100);
  }
}

function command(w: World, url: string, text: string): Promise<unknown> {
  const body = slashCommandBody(ALICE, {
    text,
    triggerId: w.slack.issueTriggerId(),
    responseUrl: w.slack.responseUrl(),
  });
  return postSigned(`${url}/slack/events`, body, w.slack.signingSecret);
}

/** One crash: show the card, suppress with the tenant slow, SIGKILL once the request is in. */
async function runOnce(mode: RestartMode, w: World, phase: number): Promise<RestartRun> {
  const a = await startWarden(w);
  const b = mode === 'postgres' ? await startWarden(w) : undefined;
  const alive = [a, ...(b ? [b] : [])];
  try {
    await sleep((phase * LEASE_MS) / 3);
    await command(w, a.url, `show ${FINDING}`);
    const card = await until('the card', () =>
      w.slack.messages.find((m) => !m.thread_ts && JSON.stringify(m.blocks).includes(FINDING)),
    );
    const sent = () => w.tenant.requests.filter((r) => r.path.endsWith(`${FINDING}/state`)).length;
    const before = sent();
    w.tenant.faults.add({ method: 'POST', path: /\/state$/, latencyMs: 2_000 });
    await command(w, a.url, `suppress ${FINDING} accepted by the platform team`);
    await until('the change sent', () => (sent() > before ? true : undefined));
    await a.kill();
    const killedAt = Date.now();
    const isRight = () =>
      w.slack.messages.some((m) => m.ts === card.ts && JSON.stringify(m.blocks).includes('Suppressed'))
        ? Date.now()
        : undefined;
    // both seen by polling (every 0.1 s), so the two times compare
    const told = () =>
      w.slack.ephemerals.some((e) => /Warden restarted/.test(e.text)) ? Date.now() : undefined;
    let from = killedAt;
    let upS: number | null = null;
    if (mode === 'sqlite') {
      await until('the tenant applying it', () =>
        w.tenant.findings.get(FINDING, Date.now())?.state === 'FINDING_STATE_SUPPRESSED' ? true : undefined,
      );
      const spawnedAt = Date.now();
      alive.push(await startWarden(w));
      from = Date.now();
      upS = secs(from - spawnedAt);
    }
    const cardAt = await until('the card put right', isRight).catch(() => null);
    const toldAt = await until('the person told', told, cardAt === null ? 0 : LIMIT_MS).catch(() => null);
    return {
      upS,
      cardS: secs(cardAt === null ? null : cardAt - from),
      toldS: secs(toldAt === null ? null : toldAt - from),
      toldAfterKillS: secs(toldAt === null ? null : toldAt - killedAt),
    };
  } finally {
    for (const p of alive) await p.kill();
  }
}

export async function runRestart(mode: RestartMode): Promise<RestartResult> {
  const runs: RestartRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    const tenant = await createSandboxTenant();
    const slack = await createLocalSlack({ rateLimits: true });
    const dir = mkdtempSync(join(tmpdir(), 'warden-restart-'));
    const db =
      mode === 'postgres'
        ? await freshSchema(
            process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
            'warden_restart',
          )
        : undefined;
    try {
      const store: Record<string, string> = db ? { DATABASE_URL: db.url } : { WARDEN_DATA_DIR: dir };
      const run = await runOnce(mode, { tenant, slack, store }, i / RUNS);
      process.stderr.write(`  run ${i + 1}: ${JSON.stringify(run)}\n`);
      runs.push(run);
    } finally {
      await db?.drop().catch(() => undefined);
      await slack.close();
      await tenant.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    mode,
    lease: LEASE ?? `${LEASE_MS / 1_000} s (default)`,
    from: mode === 'sqlite' ? 'restart (process up)' : 'kill (B live)',
    runs,
  };
}

/** "min / median / max" of the runs that got there, and how many did not. */
function spread(values: (number | null)[]): string {
  const got = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  const missed = values.length - got.length;
  if (got.length === 0) return `none within ${LIMIT_MS / 1_000} s`;
  const median = got[Math.floor((got.length - 1) / 2)];
  const text = `${got[0]} / ${median} / ${got[got.length - 1]}`;
  return missed ? `${text} (${missed} not within ${LIMIT_MS / 1_000} s)` : text;
}

export function restartTable(results: RestartResult[]): string {
  const head =
    '| store | lease | runs | measured from | card put right, s (min / median / max) | person told, s (min / median / max) | person told after the kill, s | process up after spawn, s |';
  const rows = results.map((r) => {
    const up = r.runs.map((x) => x.upS);
    return `| ${r.mode === 'sqlite' ? 'SQLite, restarted' : 'PostgreSQL, 2 replicas'} | ${r.lease} | ${r.runs.length} | ${r.from} | ${spread(r.runs.map((x) => x.cardS))} | ${spread(r.runs.map((x) => x.toldS))} | ${spread(r.runs.map((x) => x.toldAfterKillS))} | ${up.every((x) => x === null) ? '–' : spread(up)} |`;
  });
  const met = results.every((r) =>
    r.runs.every((x) => x.cardS !== null && x.toldS !== null && x.toldS <= TARGET_S),
  );
  return [
    head,
    '|---|---|---:|---|---|---|---|---|',
    ...rows,
    '',
    `Target: the card put right and the person told within ${TARGET_S} s (of the restart; of the kill with a live replica), every run: ${met ? '✅' : '❌'}`,
  ].join('\n');
}

/** Runs (r) on the stores in BENCH_RESTART_STORES (default both), writes bench/results/restart.*. */
export async function restartScenario(): Promise<string> {
  const results: RestartResult[] = [];
  for (const mode of (process.env.BENCH_RESTART_STORES ?? 'sqlite,postgres').split(',')) {
    if (mode !== 'sqlite' && mode !== 'postgres') continue;
    process.stderr.write(`(r) SIGKILL mid-change, ${mode}, ${RUNS} run(s)…\n`);
    results.push(await runRestart(mode));
  }
  const md = `## (r) SIGKILL while the tenant applies a change, default settings\n\n${restartTable(results)}\n`;
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/restart.json', `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync('bench/results/restart.md', md);
  return md;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await restartScenario());
}
