import type { Server } from 'node:http';
import type { App, Receiver } from '@slack/bolt';
import type express from 'express';
import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import type { LifecycleRunner } from '../delivery/lifecycle-runner.js';
import type { Poller } from '../delivery/poller.js';
import type { ReviewRunner } from '../delivery/review-runner.js';
import type { RollupPublisher } from '../delivery/rollup-publisher.js';
import type { DeliveryWorker, WorkerOptions } from '../delivery/worker.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Clock, Ports, Timers } from '../ports/index.js';
import type { Store } from '../ports/store.js';
import type { TenantClientOptions } from '../tenant/client.js';
import type { WorkspaceSet } from './workspace-set.js';

/** What createWarden (app.ts) is given, and what it answers. */

export interface WardenOptions {
  config: Readonly<Config>;
  file?: ConfigFile;
  logger?: Logger;
  /** Warden's one clock (ms since the epoch); tests pass their own. */
  clock?: Clock;
  /** The timers every background job waits on (tickers, pacing, poller, back-offs); `clock` defaults to theirs. */
  timers?: Timers;
  /** Tests shorten the tenant's timeouts and retry delays, the worker's idle time, the JWKS cooldown. */
  tenantOverrides?: Pick<TenantClientOptions, 'requestTimeoutMs' | 'retry'>;
  worker?: WorkerOptions;
  jwksCooldownMs?: number;
  /** A store opened elsewhere (tests share one between two instances). */
  store?: Store;
  /** Post-ack work: how many run at once, how many may wait before Warden turns clicks away. */
  workQueue?: { concurrency: number; maxWaiting: number };
  /** How often reminders, ends and digests are looked for (tests shorten it). */
  lifecycleTickMs?: number;
  /** Slack's requests through this receiver instead of POST /slack/events (tests: wiring/slack-app.ts). */
  receiver?: Receiver;
}

export interface Warden {
  app: App;
  /** The workspaces served (one, with SLACK_BOT_TOKEN), each with its own ports. */
  workspaces: WorkspaceSet;
  /** A workspace's ports; with one workspace served, `portsOf()` is its. */
  portsOf(teamId?: string): Ports | undefined;
  store: Store;
  worker: DeliveryWorker;
  poller: Poller | undefined;
  publisher: RollupPublisher;
  lifecycleRunner: LifecycleRunner;
  /** Access reviews' schedule (WARDEN_CONFIG `reviews`), when configured. */
  reviewRunner: ReviewRunner | undefined;
  metrics: Metrics;
  logger: Logger;
  http: express.Application;
  start(port?: number): Promise<Server>;
  stop(deadlineMs?: number): Promise<void>;
}
