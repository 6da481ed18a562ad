import type { Server } from 'node:http';
import type { App, Receiver } from '@slack/bolt';
import express from 'express';
import type { Config } from './config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE } from './config-file.js';
import { ContainFollower } from './delivery/contain-follower.js';
import { LifecycleRunner } from './delivery/lifecycle-runner.js';
import type { Poller } from './delivery/poller.js';
import { sweepRetention } from './delivery/retention.js';
import { ReviewRunner } from './delivery/review-runner.js';
import type { RollupPublisher } from './delivery/rollup-publisher.js';
import type { DeliveryWorker, WorkerOptions } from './delivery/worker.js';
import { StartupError } from './errors.js';
import { requestContext } from './http/request-context.js';
import { registerStepUpRoutes } from './http/step-up-routes.js';
import { registerConnectEvents } from './listeners/connect-events.js';
import { registerInstallEvents } from './listeners/install-events.js';
import type { PayloadOrigin } from './listeners/payloads.js';
import { recoverRequests } from './listeners/request-intents.js';
import { createLogger, type Logger } from './logger.js';
import { createMetrics, type Metrics } from './metrics.js';
import { registerOverdueGauge } from './metrics-sla.js';
import type { Clock, Ports, Timers } from './ports/index.js';
import type { Store } from './ports/store.js';
import { checkSlackToken } from './slack/auth-check.js';
import { createStore } from './store/create-store.js';
import type { TenantClientOptions } from './tenant/client.js';
import { realTimers } from './timers.js';
import { sweepEveryWorkspace } from './wiring/connect.js';
import { openDistributed } from './wiring/distributed.js';
import { wireIntake } from './wiring/intake.js';
import { createLifecycle } from './wiring/lifecycle.js';
import { wireOperations } from './wiring/operations.js';
import { buildPorts } from './wiring/ports.js';
import { slaJobs, slaReportRunner } from './wiring/sla.js';
import { createSlackApp, slackClientOptions } from './wiring/slack-app.js';
import { createTenantClient } from './wiring/tenant.js';
import { singleWorkspace } from './wiring/workspaces.js';

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
  ports: Ports;
  store: Store;
  worker: DeliveryWorker;
  poller: Poller | undefined;
  publisher: RollupPublisher;
  lifecycleRunner: LifecycleRunner;
  /** Access reviews' schedule (WARDEN_CONFIG `reviews`), when configured. */
  reviewRunner: ReviewRunner | undefined;
  metrics: Metrics;
  http: express.Application;
  start(port?: number): Promise<Server>;
  stop(deadlineMs?: number): Promise<void>;
}

/** Warden's boot order: the edges (tenant, store, HTTP), the ports, Slack, intake, operations. */
export async function createWarden(opts: WardenOptions): Promise<Warden> {
  const { config } = opts;
  const file = opts.file ?? DEFAULT_CONFIG_FILE;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const timers = opts.timers ?? realTimers;
  const clock = opts.clock ?? timers.now;
  // Before anything listens: a token Slack refuses, or a Slack out of reach, stops the start.
  // (Installed by OAuth there is no token yet: each installation's is used as it comes.)
  const clientOptions = slackClientOptions(config, logger);
  const identity = config.slack.oauth
    ? undefined
    : await checkSlackToken({
        token: config.slack.botToken.reveal(),
        apiUrl: config.slack.apiUrl,
        teamId: config.slack.teamId,
        clientOptions: {
          slackApiUrl: config.slack.apiUrl,
          ...(clientOptions.logger ? { logger: clientOptions.logger } : {}),
        },
      });
  if (identity && !identity.ok) throw new StartupError(identity.problem);
  const metrics = createMetrics();
  const tenant = createTenantClient(
    config,
    metrics,
    { now: clock, sleep: timers.sleep },
    opts.tenantOverrides,
  );
  const store = opts.store ?? (await createStore({ ...config.store, logger }));
  let draining = false;
  const http = express().disable('x-powered-by');
  http.use(requestContext({ metrics, logger, draining: () => draining }));

  const input = {
    config,
    file,
    clock,
    timers,
    logger,
    metrics,
    store,
    tenant,
    clientOptions,
    workspaceUrl: identity?.url,
    workspaceName: identity?.team,
  };
  const distributed = config.slack.oauth ? await openDistributed(input, config.slack.oauth) : undefined;
  const built = distributed?.primary ?? buildPorts({ ...input, workspace: singleWorkspace(config) });
  const { ports } = built;
  const slack = createSlackApp({
    config,
    logger,
    ports,
    http,
    clientOptions,
    replays: store,
    intents: store,
    workQueue: opts.workQueue,
    identity,
    receiver: opts.receiver,
    ...(distributed
      ? {
          oauth: {
            receiver: distributed.receiver,
            workspaces: {
              portsFor: (team: string | undefined) => distributed.set.served(team)?.ports,
              refuses: (origin: PayloadOrigin) => distributed.set.refuses(origin),
            },
          },
        }
      : {}),
  });
  registerConnectEvents(slack.app, (team) => distributed?.set.served(team)?.ports ?? ports);
  if (distributed)
    registerInstallEvents(slack.app, {
      set: distributed.set,
      installations: distributed.installations,
      ports,
    });
  const intake = {
    workerOptions: opts.worker,
    jwksCooldownMs: opts.jwksCooldownMs,
    deliveryPorts: distributed?.delivery ?? built.delivery,
  };
  const { worker, poller, publisher } = wireIntake({ config, file, ports, http, store, ...intake });
  const { work } = slack;
  const ops = { tenantAuth: tenant.auth, work, poller, pollIntervalMs: config.alerts.pollIntervalMs };
  const { admin } = wireOperations({ http, ports, store, ...ops, admin: config.admin });
  registerStepUpRoutes(http, ports, work);

  const { app, socketMode } = slack;
  const slaStore = ports.sla;
  if (ports.settings.sla && slaStore)
    registerOverdueGauge(metrics.registry, () => slaStore.overdueBySeverity());
  const home = distributed?.homes ?? built.home;
  const lifecycleRunner = new LifecycleRunner(distributed?.background ?? ports, file.digest, {
    refreshHome: (users) => home.refresh(users),
    slaReport: slaReportRunner(distributed?.background ?? ports, file.sla?.report ?? []),
    ...(opts.lifecycleTickMs ? { tickMs: opts.lifecycleTickMs } : {}),
  });
  // Each review job and each containment runs with the ports of the workspace it names (never another's).
  const portsForTeam = (team: string) =>
    distributed ? distributed.set.served(team)?.ports : team === ports.settings.teamId ? ports : undefined;
  const reviewRunner = ports.accessReviews
    ? new ReviewRunner(ports, {
        portsOf: portsForTeam,
        teams: () => (distributed ? distributed.set.teams : [ports.settings.teamId]),
        ...(opts.lifecycleTickMs ? { tickMs: opts.lifecycleTickMs } : {}),
      })
    : undefined;
  const containFollower = {
    follower: new ContainFollower(ports, portsForTeam),
    everyMs: Math.min(opts.lifecycleTickMs ?? 5_000, 5_000),
  };
  const lifecycle = createLifecycle({
    containFollower,
    lifecycleRunner,
    home,
    http,
    app,
    socketMode,
    ports,
    work,
    worker,
    poller,
    publisher,
    setDraining: (value) => {
      draining = value;
    },
    sweepRetention: () => sweepRetention({ store, retention: file.retention, clock, timers, logger }),
    lease: built.lease,
    sla: slaJobs({
      ports: distributed?.background ?? ports,
      listingChat: intake.deliveryPorts.listingChat,
      pacing: store,
      reports: file.sla?.report ?? [],
    }),
    onStoreBack: (listener) => store.health.onBack(listener),
    admin,
    connectSweeps: sweepEveryWorkspace(() =>
      distributed
        ? distributed.set.teams.map((t) => distributed.set.served(t)?.ports.connect)
        : [ports.connect],
    ),
    recoverRequests: () => recoverRequests({ app, intents: store, lease: built.lease, clock, logger }),
    close: async () => {
      await tenant.close();
      if (!opts.store) await store.close();
    },
  });
  return {
    app,
    ports,
    store,
    worker,
    poller,
    publisher,
    lifecycleRunner,
    reviewRunner,
    metrics,
    http,
    async start(port = config.http.port) {
      const server = await lifecycle.start(port);
      reviewRunner?.start();
      return server;
    },
    async stop(deadlineMs = 20_000) {
      await reviewRunner?.stop();
      await lifecycle.stop(deadlineMs);
    },
  };
}
