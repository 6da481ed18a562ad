import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalSlack,
  createTestClock,
  type EphemeralMessage,
  type LocalSlack,
  type SandboxTenant,
  type TestClock,
} from '@warden/simulators';
import { afterEach } from 'vitest';
import { createWarden, type Warden } from '../../src/app.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE } from '../../src/config-file.js';
import type { Ports } from '../../src/ports/index.js';
import type { Store } from '../../src/ports/store.js';
import { createStore } from '../../src/store/create-store.js';
import { ALICE } from './actors.js';
import { type FlowVerbs, flowVerbs } from './driver.js';
import { InProcessReceiver, type LaneName, loopbackDeliver } from './lanes.js';
import { freePort } from './net.js';
import { ADMIN_TOKEN } from './operator.js';
import { capturedLogger, simulatorConfig } from './setup.js';
import { FAST_RETRY, startSandbox } from './tenant.js';
import { FLOW_WAIT_MS, waitFor } from './wait.js';

export { ALICE, BOB } from './actors.js';
export type { Form } from './driver.js';
export type { LaneName } from './lanes.js';

export interface Harness extends FlowVerbs {
  tenant: SandboxTenant;
  slack: LocalSlack;
  warden: Warden;
  /** The ports of the one workspace this Warden serves (throws when it serves several). */
  readonly ports: Ports;
  /** Warden's base URL (http://127.0.0.1:port). */
  base: string;
  dataDir: string;
  url: string;
  signingSecret: string;
  /** Every log line Warden wrote during the test. */
  logs: string[];
  /**
   * The test's clock: Warden's clock and timers, the local Slack's and the tenant's clock (those
   * the harness started). `await h.clock.advance('1m')` instead of waiting. With the `clock`
   * option Warden reads that clock and real timers instead, and this one drives nothing.
   */
  clock: TestClock;
  /** How this harness's Slack requests reach Warden (HarnessOptions.lane). */
  lane: LaneName;
  /** The state changes the tenant received, as JSON bodies, oldest first. */
  stateChanges(): Record<string, unknown>[];
  /** Waits for the next ephemeral message (for `user`, if given) after the last one this returned. */
  nextEphemeral(user?: string, timeoutMs?: number): Promise<EphemeralMessage>;
  /** Posts a finding's alert in the channel through Warden and returns its ts. */
  postAlert(findingId: string, channel?: string): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /**
   * How Slack's requests reach Warden: `loopback` (the default) signs and POSTs them to its real
   * receiver; `inprocess` hands the same payloads to its Bolt app, without HTTP, signature or
   * replay guard (lanes.ts). Tests of signatures, HTTP codes and Socket Mode stay on loopback.
   */
  lane?: LaneName;
  file?: ConfigFile;
  requestTimeoutMs?: number;
  env?: Record<string, string>;
  /** Share a store (e.g. two instances on one PostgreSQL). */
  store?: Store;
  tenant?: SandboxTenant;
  slack?: LocalSlack;
  /** Reuse a data directory (a restart); it is then left in place on close. */
  dataDir?: string;
  /** Run in Socket Mode (SLACK_APP_TOKEN) instead of HTTP. */
  socketMode?: boolean;
  workQueue?: { concurrency: number; maxWaiting: number };
  /** Warden's clock (ms since the epoch), with real timers: the older way to move time (prefer `h.clock`). */
  clock?: () => number;
  /**
   * How fast the test clock runs by itself: virtual ms per real ms (default 1). Above 1, waits on
   * Slack's rate limits, pacing slots and Retry-After pass that much faster; Date.now() is then
   * not Warden's time (use h.clock.now()).
   */
  speed?: number;
  /** The test clock to use (a test that starts its own simulators on it); else one at `speed`. */
  testClock?: TestClock;
  /**
   * Roll up floods as configured (WARDEN_CONFIG `delivery.rollup`). Off unless asked: tests of
   * other flows post more than a roll-up's threshold of cards and look at each.
   */
  rollup?: boolean;
  /** How often reminders, ends and digests are looked for (Warden's default is 10 s). */
  lifecycleTickMs?: number;
  /** Warden's port, when a test must know it first (e.g. a provider's redirect URI). */
  port?: number;
}

/** The file with roll-ups switched off. */
function withoutRollup(file: ConfigFile): ConfigFile {
  return { ...file, delivery: { ...file.delivery, rollup: { ...file.delivery.rollup, enabled: false } } };
}

export { freePort } from './net.js';
export { settle, waitFor } from './wait.js';

/**
 * A migrated SQLite file, made once per test worker: a harness's own data directory starts with a
 * copy of it, as after any Warden's first start. Migrating a fresh file cost ~15 ms of CPU, and a
 * run starts hundreds of harnesses; migrations on fresh files stay tested where they are the
 * point (store tests, the process tests, a custom `dataDir`).
 */
let migrated: Promise<string> | undefined;
function migratedTemplate(): Promise<string> {
  migrated ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-template-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'warden.sqlite');
    await (await createStore({ sqliteFile: file })).close();
    return file;
  })();
  return migrated;
}

/** A fresh data directory whose store is already migrated (unless the test brings its own store). */
async function freshDataDir(migrate: boolean): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'warden-data-'));
  if (migrate) copyFileSync(await migratedTemplate(), join(dir, 'warden.sqlite'));
  return dir;
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const clock = opts.testClock ?? createTestClock({ speed: opts.speed ?? 1 });
  // The simulators the harness starts read the test clock (a test's own keep theirs).
  const shared = opts.clock ? {} : { now: clock.now };
  const tenant = opts.tenant ?? (await startSandbox(shared));
  const slack = opts.slack ?? (await createLocalSlack(shared));
  const { signingSecret } = slack;
  const lane = opts.lane ?? 'loopback';
  if (lane === 'inprocess' && opts.socketMode) throw new Error('Socket Mode runs on the loopback lane');
  const receiver = lane === 'inprocess' ? new InProcessReceiver() : undefined;
  const dataDir = opts.dataDir ?? (await freshDataDir(!opts.store && !opts.env?.DATABASE_URL));
  const port = opts.port ?? (await freePort());
  const config = simulatorConfig(
    tenant,
    slack,
    {
      WARDEN_DATA_DIR: dataDir,
      WARDEN_PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALERTS_WEBHOOK_SECRET: 'test-alerts-webhook-secret',
      ALERTS_CHANNEL: 'C0ALERTS',
      ADMIN_TOKEN,
      ...opts.env,
    },
    opts.socketMode === true,
  );
  const { logger, logs } = capturedLogger();
  const warden = await createWarden({
    config,
    logger,
    tenantOverrides: { requestTimeoutMs: opts.requestTimeoutMs ?? 5_000, retry: FAST_RETRY },
    worker: { idleMs: 50, maxBackoffMs: 200, maxStorePauseMs: 250 },
    jwksCooldownMs: 0,
    file: opts.rollup ? (opts.file ?? DEFAULT_CONFIG_FILE) : withoutRollup(opts.file ?? DEFAULT_CONFIG_FILE),
    ...(opts.store ? { store: opts.store } : {}),
    ...(opts.workQueue ? { workQueue: opts.workQueue } : {}),
    ...(opts.clock ? { clock: opts.clock } : { timers: clock }),
    lifecycleTickMs: opts.lifecycleTickMs ?? 200,
    ...(receiver ? { receiver } : {}),
  });
  await warden.start(port);
  const base = `http://127.0.0.1:${port}`;
  const url = `${base}/slack/events`;

  // Requests are signed with Warden's time, as Slack's clock and Warden's agree.
  const deliver = receiver?.deliver ?? loopbackDeliver(url, signingSecret, opts.clock ?? clock.now);
  let ephemeralCursor = 0;

  const harness: Harness = {
    tenant,
    slack,
    warden,
    get ports() {
      const ports = warden.portsOf();
      if (!ports) throw new Error('this Warden serves several workspaces: use warden.portsOf(team)');
      return ports;
    },
    base,
    dataDir,
    url,
    signingSecret,
    logs,
    clock,
    lane,
    ...flowVerbs(slack, deliver),
    stateChanges() {
      return tenant.requests
        .filter((r) => r.method === 'POST' && r.path.endsWith('/state'))
        .map((r) => JSON.parse(r.body) as Record<string, unknown>);
    },
    async nextEphemeral(user, timeoutMs = FLOW_WAIT_MS) {
      const found = await waitFor(
        () => {
          const next = slack.ephemerals.findIndex(
            (e, i) => i >= ephemeralCursor && (!user || e.user === user),
          );
          return next >= 0 ? next + 1 : undefined;
        },
        timeoutMs,
        'an ephemeral message',
      );
      ephemeralCursor = found;
      const message = slack.ephemerals[found - 1];
      if (!message) throw new Error('ephemeral message vanished');
      return message;
    },
    async postAlert(findingId, channel = ALICE.channelId) {
      const { showFinding } = await import('../../src/usecases/findings/show-finding.js');
      const card = await showFinding(harness.ports, findingId, channel);
      if (!card?.ts) throw new Error('no ts');
      return card.ts;
    },
    async close() {
      await warden.stop();
      if (!opts.slack) await slack.close();
      if (!opts.tenant) await tenant.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/**
 * Starts harnesses within a test and closes them after it (registers an afterEach). `defaults`
 * apply to each (e.g. `{ lane: 'inprocess' }` for a file of flows); a test's options win.
 */
export function harnessPerTest(defaults: HarnessOptions = {}): (opts?: HarnessOptions) => Promise<Harness> {
  const open: Harness[] = [];
  afterEach(async () => {
    for (const harness of open.splice(0)) await harness.close();
  });
  return async (opts = {}) => {
    const harness = await startHarness({ ...defaults, ...opts });
    open.push(harness);
    return harness;
  };
}
