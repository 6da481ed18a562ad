import type express from 'express';
import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import { Poller } from '../delivery/poller.js';
import { RollupPublisher } from '../delivery/rollup-publisher.js';
import { DeliveryWorker, type WorkerOptions } from '../delivery/worker.js';
import { findingsHook } from '../http/hooks-findings.js';
import { createTenantWebhookVerifier } from '../intake/verify-tenant-webhook.js';
import type { Ports } from '../ports/index.js';
import type { RollupRecords } from '../ports/rollups.js';
import type { ReplayMemory } from '../ports/store.js';
import type { IntakeDeps } from '../usecases/findings/accept-alert.js';
import type { DeliveryPorts } from './ports.js';

export interface IntakeOptions {
  config: Readonly<Config>;
  file: ConfigFile;
  ports: Ports;
  /** The worker's ports: a Slack client that hands 429s back (wiring/ports.ts). */
  deliveryPorts: DeliveryPorts;
  http: express.Application;
  /** The store: tenant webhook token ids already taken, roll-up membership and publishing. */
  store: ReplayMemory & RollupRecords;
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
  const { config, ports } = opts;
  const worker = new DeliveryWorker(opts.deliveryPorts, {
    onResult: (result) => ports.metrics.deliveries.inc({ result }),
    ...opts.workerOptions,
  });
  const intake: IntakeDeps = {
    outbox: ports.outbox,
    seen: ports.seen,
    lifecycle: ports.lifecycle,
    settings: ports.settings,
    ...(ports.sla ? { sla: ports.sla } : {}),
    metrics: ports.metrics,
    clock: ports.clock,
    rules: opts.file.routing.rules,
    defaultChannel: config.alerts.defaultChannel,
    logger: ports.logger.child({ component: 'intake' }),
    wake: () => worker.wake(),
    onAccepted: (source, duplicate) => ports.metrics.intake.inc({ source, duplicate: String(duplicate) }),
  };
  const receiverUrl = config.http.publicUrl ? `${config.http.publicUrl}/hooks/findings` : undefined;
  if (!receiverUrl)
    ports.logger.warn('WARDEN_PUBLIC_URL is not set: tenant webhooks to /hooks/findings will be refused');
  opts.http.use(
    findingsHook({
      ...intake,
      findings: ports.findings,
      verifyTenantWebhook: receiverUrl
        ? createTenantWebhookVerifier({
            tenantBaseUrl: config.tenant.baseUrl,
            receiverUrl,
            now: ports.clock,
            ...(opts.jwksCooldownMs === undefined ? {} : { jwksCooldownMs: opts.jwksCooldownMs }),
          })
        : undefined,
      webhookSecret: config.alerts.webhookSecret,
      replays: opts.store,
    }),
  );
  const poller = config.alerts.pollIntervalMs
    ? new Poller({
        findings: ports.findings,
        intake,
        filters: opts.file.poller,
        intervalMs: config.alerts.pollIntervalMs,
        timers: ports.timers,
        logger: ports.logger.child({ component: 'poller' }),
      })
    : undefined;
  // Roll-ups are published through the worker's Slack (paced, 429s handed back).
  const publisher = new RollupPublisher(
    {
      ...opts.deliveryPorts,
      chat: opts.deliveryPorts.listingChat,
      findings: ports.findings,
      metrics: ports.metrics,
      rollups: opts.store,
    },
    { updateEveryMs: opts.file.delivery.rollup.updateEvery },
  );
  return { worker, poller, publisher };
}
