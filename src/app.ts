import express from 'express';
import { createFindingsPort } from './adapters/findings-port.js';
import { DEFAULT_CONFIG_FILE } from './config-file.js';
import { LifecycleRunner } from './delivery/lifecycle-runner.js';
import { sweepRetention } from './delivery/retention.js';
import { requestContext } from './http/request-context.js';
import { registerStepUpRoutes } from './http/step-up-routes.js';
import { createLogger } from './logger.js';
import { createMetrics } from './metrics.js';
import { createStore } from './store/create-store.js';
import { realTimers } from './timers.js';
import { backgroundOf } from './wiring/background.js';
import { featureJobs } from './wiring/feature-jobs.js';
import { wireIntake } from './wiring/intake.js';
import { createLifecycle } from './wiring/lifecycle.js';
import { wireOperations } from './wiring/operations.js';
import { createSlackApp, slackClientOptions } from './wiring/slack-app.js';
import { createTenantClient } from './wiring/tenant.js';
import type { Warden, WardenOptions } from './wiring/warden.js';
import { slackSource } from './wiring/workspace-sources.js';

export type { Warden, WardenOptions } from './wiring/warden.js';

/**
 * Warden's boot order: Slack's word on the token, the edges (tenant, store, HTTP), the workspaces
 * (one path whatever the set-up: wiring/workspace-sources.ts), Slack, intake, operations, lifecycle.
 */
export async function createWarden(opts: WardenOptions): Promise<Warden> {
  const { config } = opts;
  const file = opts.file ?? DEFAULT_CONFIG_FILE;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const timers = opts.timers ?? realTimers;
  const clock = opts.clock ?? timers.now;
  // Before anything listens: a bot token Slack refuses, or a Slack out of reach, stops the start.
  const clientOptions = slackClientOptions(config, logger);
  const source = await slackSource(config, clientOptions);
  const metrics = createMetrics();
  const sleep = timers.sleep;
  const tenant = createTenantClient(config, metrics, { now: clock, sleep }, opts.tenantOverrides);
  const store = opts.store ?? (await createStore({ ...config.store, logger }));
  let draining = false;
  const http = express().disable('x-powered-by');
  http.use(requestContext({ metrics, logger, draining: () => draining }));

  const core = { clock, timers, logger, metrics, store };
  const { set, bolt, installs, lease } = await source.open({ ...core, config, file, tenant, clientOptions });
  const background = backgroundOf(set, core, { config, file, lease });
  const { app, work, socketMode } = createSlackApp({
    config,
    core,
    workspaces: set,
    privately: background.privately,
    bolt,
    http,
    clientOptions,
    replays: store,
    intents: store,
    instanceId: lease.id,
    workQueue: opts.workQueue,
    receiver: opts.receiver,
  });
  background.registerEvents(app, installs);
  const { worker, poller, publisher } = wireIntake({
    config,
    file,
    http,
    core,
    background,
    findings: createFindingsPort(tenant),
    workerOptions: opts.worker,
    jwksCooldownMs: opts.jwksCooldownMs,
  });
  const ops = { tenantAuth: tenant.auth, work, poller, pollIntervalMs: config.alerts.pollIntervalMs };
  const { admin } = wireOperations({ http, ports: core, store, ...ops, admin: config.admin });
  registerStepUpRoutes(http, background.stepUps, work);

  const tickMs = opts.lifecycleTickMs;
  const features = featureJobs({ set, core, app, lease, tickMs, file });
  const { slaReport, ...jobs } = features;
  const lifecycleRunner = new LifecycleRunner(background.jobs, file.digest, {
    ...(tickMs ? { tickMs } : {}),
    ...(slaReport ? { slaReport } : {}),
  });
  const lifecycle = createLifecycle({
    ...jobs,
    admin,
    lifecycleRunner,
    http,
    app,
    socketMode,
    core,
    work,
    worker,
    poller,
    publisher,
    lease,
    stopHomes: () => set.stopHomes(),
    sweeps: background.sweeps,
    setDraining: (value) => {
      draining = value;
    },
    sweepRetention: () => sweepRetention({ store, retention: file.retention, clock, timers, logger }),
    onStoreBack: (listener) => store.health.onBack(listener),
    close: async () => {
      await tenant.close();
      if (!opts.store) await store.close();
    },
  });
  const portsOf = (team?: string) => set.of(team)?.ports;
  const parts = { app, workspaces: set, portsOf, store, worker, poller, publisher, lifecycleRunner };
  return {
    ...parts,
    reviewRunner: features.reviewRunner,
    metrics,
    logger,
    http,
    start: (port = config.http.port) => lifecycle.start(port),
    stop: (deadlineMs = 20_000) => lifecycle.stop(deadlineMs),
  };
}
