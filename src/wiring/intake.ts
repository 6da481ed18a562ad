import type express from 'express';
import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import { Poller } from '../delivery/poller.js';
import { RollupPublisher } from '../delivery/rollup-publisher.js';
import { DeliveryWorker, type RoutedWorkerPorts, type WorkerOptions } from '../delivery/worker.js';
import { findingsHook } from '../http/hooks-findings.js';
import { createTenantWebhookVerifier } from '../intake/verify-tenant-webhook.js';
import type { Ports } from '../ports/index.js';
import type { ChatPort } from '../ports/slack.js';
import type { IntakeDeps } from '../usecases/findings/accept-alert.js';
import type { SetCore } from './background.js';
import { slaSettings } from './sla.js';

export interface IntakeOptions {
  config: Readonly<Config>;
  file: ConfigFile;
  /** What the intake and the poller use: no workspace's (alerts come from the tenant). */
  core: SetCore;
  findings: Ports['findings'];
  background: {
    /** The workspace a routed channel is in (the owner's copy of an alert is found there). */
    workspaceOf: (channel: string) => string | undefined;
    /** The worker's ports: each row's workspace's, with a Slack client that hands 429s back. */
    worker: RoutedWorkerPorts;
    /** The roll-up publisher's chat (paced, takes a slot only when free), by channel's workspace. */
    listingChat: ChatPort;
  };
  http: express.Application;
  workerOptions?: WorkerOptions | undefined;
  jwksCooldownMs?: number | undefined;
}

/**
 * How alerts come in and go out: POST /hooks/findings (tenant webhooks and signed posts), the
 * poller when ALERTS_POLL_INTERVAL is set, and the delivery worker that posts what was stored.
 */
export function wireIntake(opts: IntakeOptions): {
  worker: DeliveryWorker;
  poller: Poller | undefined;
  publisher: RollupPublisher;
} {
  const { config, core, findings, background } = opts;
  const { store } = core;
  const worker = new DeliveryWorker(background.worker, {
    onResult: (result) => core.metrics.deliveries.inc({ result }),
    ...opts.workerOptions,
  });
  const intake: IntakeDeps = {
    outbox: store,
    seen: store,
    lifecycle: store,
    // A finding's SLA clocks start when it arrives (its workspace: that of the channel it goes to).
    settings: { remindBeforeMs: opts.file.lifecycle.remindBefore, sla: slaSettings(opts.file) },
    sla: store,
    metrics: core.metrics,
    clock: core.clock,
    rules: opts.file.routing.rules,
    defaultChannel: config.alerts.defaultChannel,
    workspaceOf: background.workspaceOf,
    logger: core.logger.child({ component: 'intake' }),
    wake: () => worker.wake(),
    onAccepted: (source, duplicate) => core.metrics.intake.inc({ source, duplicate: String(duplicate) }),
  };
  const receiverUrl = config.http.publicUrl ? `${config.http.publicUrl}/hooks/findings` : undefined;
  if (!receiverUrl)
    core.logger.warn('WARDEN_PUBLIC_URL is not set: tenant webhooks to /hooks/findings will be refused');
  opts.http.use(
    findingsHook({
      ...intake,
      findings,
      verifyTenantWebhook: receiverUrl
        ? createTenantWebhookVerifier({
            tenantBaseUrl: config.tenant.baseUrl,
            receiverUrl,
            now: core.clock,
            ...(opts.jwksCooldownMs === undefined ? {} : { jwksCooldownMs: opts.jwksCooldownMs }),
          })
        : undefined,
      webhookSecret: config.alerts.webhookSecret,
      replays: store,
    }),
  );
  const poller = config.alerts.pollIntervalMs
    ? new Poller({
        findings,
        intake,
        filters: opts.file.poller,
        intervalMs: config.alerts.pollIntervalMs,
        timers: core.timers,
        logger: core.logger.child({ component: 'poller' }),
      })
    : undefined;
  // Roll-ups are published through the worker's Slack (paced, 429s handed back).
  const publisher = new RollupPublisher(
    {
      chat: background.listingChat,
      findings,
      logger: core.logger.child({ component: 'delivery' }),
      clock: core.clock,
      timers: core.timers,
      metrics: core.metrics,
      rollups: store,
    },
    { updateEveryMs: opts.file.delivery.rollup.updateEvery },
  );
  return { worker, poller, publisher };
}
