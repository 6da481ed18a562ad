import type { Server } from 'node:http';
import { App, ExpressReceiver, SocketModeReceiver } from '@slack/bolt';
import type { WebClientOptions } from '@slack/web-api';
import express from 'express';
import type { Config } from './config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE, loadConfigFile } from './config-file.js';
import { Poller } from './delivery/poller.js';
import { DeliveryWorker } from './delivery/worker.js';
import type { Policy } from './domain/policy.js';
import { registerHealthRoutes } from './http/health.js';
import { findingsHook } from './http/hooks-findings.js';
import { REQUEST_ID_HEADER, requestContext } from './http/request-context.js';
import { createTenantWebhookVerifier } from './intake/verify-tenant-webhook.js';
import { registerListeners } from './listeners/index.js';
import { createLogger, type Logger, toBoltLogger } from './logger.js';
import { createMetrics, type Metrics, registerStateGauges } from './metrics.js';
import { MeteredWebClient } from './slack/metered-web-client.js';
import { RecentKeys } from './slack/recent-keys.js';
import { UserDirectory } from './slack/user-directory.js';
import { UsergroupDirectory } from './slack/usergroups.js';
import { WorkQueue } from './slack/work-queue.js';
import { createStore } from './store/create-store.js';
import type { Store } from './store/store.js';
import { TenantClient, type TenantClientOptions } from './tenant/client.js';
import type { IntakeDeps } from './usecases/accept-alert.js';
import { expireApprovals } from './usecases/approvals.js';
import { CampaignCache } from './usecases/campaign-cache.js';
import type { WardenDeps } from './usecases/deps.js';

export interface WardenOptions {
  config: Readonly<Config>;
  file?: ConfigFile;
  logger?: Logger;
  now?: () => Date;
  /** Adjustments to the tenant client (tests shorten timeouts and retry delays). */
  tenantOverrides?: Pick<TenantClientOptions, 'requestTimeoutMs' | 'retry'>;
  /** A store opened elsewhere (tests share one between two instances). */
  store?: Store;
  /** Options for the delivery worker (tests shorten its idle time). */
  worker?: { idleMs?: number; leaseMs?: number; maxBackoffMs?: number };
  /** Minimum time between two fetches of the tenant's JWKS (tests shorten it). */
  jwksCooldownMs?: number;
  /** Post-ack work: how many run at once, how many may wait before Warden turns clicks away. */
  workQueue?: { concurrency: number; maxWaiting: number };
}

export interface Warden {
  app: App;
  deps: WardenDeps;
  worker: DeliveryWorker;
  poller: Poller | undefined;
  metrics: Metrics;
  /** The express app that serves /slack/events (HTTP mode) and Warden's own routes. */
  http: express.Application;
  /** Listens on `port` (default: PORT; 0 picks a free one). */
  start(port?: number): Promise<Server>;
  /**
   * Graceful stop: refuse new requests, let interactions and the delivery batch in flight
   * finish (up to `deadlineMs`), then close connections and the store. Unfinished alerts stay
   * in the outbox for the next start.
   */
  stop(deadlineMs?: number): Promise<void>;
}

/** The permissions section of WARDEN_CONFIG as the policy evaluator reads it. */
function policyFrom(file: ConfigFile): Policy {
  const { channels, ...actions } = file.permissions;
  return { actions, channels };
}

/** Slack's own response_url host, plus the configured API's origin (the local Slack in tests). */
function responseUrlOrigins(apiUrl: string): string[] {
  return [...new Set(['https://hooks.slack.com', new URL(apiUrl).origin])];
}

export async function createWarden(opts: WardenOptions): Promise<Warden> {
  const { config } = opts;
  const file = opts.file ?? DEFAULT_CONFIG_FILE;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const boltLogger = toBoltLogger(logger);
  const nowDate = opts.now ?? (() => new Date());
  const now = () => nowDate().getTime();
  const metrics = createMetrics();
  const tenant = new TenantClient({
    baseUrl: config.tenant.baseUrl,
    auth: config.tenant.auth,
    connectTimeoutMs: config.tenant.connectTimeoutMs,
    requestTimeoutMs: config.tenant.requestTimeoutMs,
    retry: { maxRetries: config.tenant.maxRetries },
    observer: {
      request: (operation, status, seconds) => metrics.tenantRequests.observe({ operation, status }, seconds),
      tokenRequest: () => metrics.tokenRequests.inc(),
    },
    ...opts.tenantOverrides,
  });
  const store =
    opts.store ??
    (await createStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir }));
  const ownsStore = opts.store === undefined;

  let draining = false;
  const http = express();
  http.disable('x-powered-by');
  http.use(requestContext({ metrics, logger, draining: () => draining }));

  // The Web API client uses fetch (keep-alive) and queues past 100 concurrent calls per client.
  const clientOptions: WebClientOptions = {
    slackApiUrl: config.slack.apiUrl,
    timeout: 10_000,
    // People are waiting on these calls: wait out a 429's Retry-After, retry other failures briefly.
    rejectRateLimitedCalls: false,
    retryConfig: { retries: 3, factor: 2, minTimeout: 250, maxTimeout: 4_000 },
    logger: boltLogger,
  };
  const countSlackError = (method: string, error: string) => metrics.slackErrors.inc({ method, error });
  const botToken = config.slack.botToken.reveal();
  // The request id rides into every listener as context.requestId.
  const requestIdOf = (headers: Record<string, unknown>) => ({
    requestId: String(headers[REQUEST_ID_HEADER] ?? ''),
  });

  const appToken = config.slack.appToken;
  const receiver = appToken
    ? new SocketModeReceiver({
        appToken: appToken.reveal(),
        logger: boltLogger,
        installerOptions: { clientOptions: { slackApiUrl: config.slack.apiUrl } },
        customPropertiesExtractor: (args) => ({
          requestId: `sock-${String(args.envelope_id ?? '').slice(0, 24)}`,
        }),
      })
    : new ExpressReceiver({
        signingSecret: config.slack.signingSecret?.reveal() ?? '',
        endpoints: '/slack/events',
        logger: boltLogger,
        processBeforeResponse: false,
        app: http,
        customPropertiesExtractor: (req) => requestIdOf(req.headers),
      });
  const app = new App({ token: botToken, receiver, logger: boltLogger, clientOptions });

  // Warden's own calls go through a metered client; the worker's hands 429s back to be rescheduled.
  const slack = new MeteredWebClient(botToken, clientOptions, countSlackError);
  const workerSlack = new MeteredWebClient(
    botToken,
    { ...clientOptions, rejectRateLimitedCalls: true, retryConfig: { retries: 0 } },
    countSlackError,
  );
  const worker = new DeliveryWorker({
    store,
    slack: workerSlack,
    logger: logger.child({ component: 'delivery' }),
    now,
    onResult: (result) => metrics.deliveries.inc({ result }),
    ...opts.worker,
  });

  const deps: WardenDeps = {
    tenant,
    slack,
    users: new UserDirectory(slack),
    logger,
    now: nowDate,
    limits: file.limits,
    inflight: new Set(),
    delivered: new RecentKeys(10 * 60_000),
    responseUrlOrigins: responseUrlOrigins(config.slack.apiUrl),
    slashCommand: config.slack.command,
    campaigns: new CampaignCache(tenant),
    store,
    teamId: config.slack.teamId,
    usergroups: new UsergroupDirectory(slack),
    policy: policyFrom(file),
    approvers: file.permissions.acceptRisk?.approvers,
    approvalTtlMs: file.approvals.expireAfterHours * 3_600_000,
    attributionTemplate: file.attribution.template,
    metrics,
    work: new WorkQueue(opts.workQueue?.concurrency ?? 64, opts.workQueue?.maxWaiting ?? 2_000),
  };
  registerListeners(app, deps, config.slack.teamId);
  app.error(async (error) => {
    logger.error({ err: error }, 'unhandled error in a Slack listener');
  });

  const intake: IntakeDeps = {
    store,
    rules: file.routing.rules,
    defaultChannel: config.alerts.defaultChannel,
    logger: logger.child({ component: 'intake' }),
    now,
    wake: () => worker.wake(),
    onAccepted: (source, duplicate) => metrics.intake.inc({ source, duplicate: String(duplicate) }),
  };
  const receiverUrl = config.http.publicUrl ? `${config.http.publicUrl}/hooks/findings` : undefined;
  if (!receiverUrl)
    logger.warn('WARDEN_PUBLIC_URL is not set: tenant webhooks to /hooks/findings will be refused');
  http.use(
    findingsHook({
      ...intake,
      verifyTenantWebhook: receiverUrl
        ? createTenantWebhookVerifier({
            tenantBaseUrl: config.tenant.baseUrl,
            receiverUrl,
            now,
            ...(opts.jwksCooldownMs === undefined ? {} : { jwksCooldownMs: opts.jwksCooldownMs }),
          })
        : undefined,
      webhookSecret: config.alerts.webhookSecret,
    }),
  );
  const poller = config.alerts.pollIntervalMs
    ? new Poller({
        tenant,
        intake,
        filters: file.poller,
        intervalMs: config.alerts.pollIntervalMs,
        logger: logger.child({ component: 'poller' }),
      })
    : undefined;
  registerHealthRoutes(http, {
    store,
    tenantAuth: tenant.auth,
    now,
    stuckAfterMs: 15 * 60_000,
    pollerLastSuccessAt: () => poller?.lastSuccessAt,
    pollIntervalMs: config.alerts.pollIntervalMs,
  });
  registerStateGauges(metrics, {
    workQueue: () => deps.work.size,
    outbox: () => store.outboxStats(now()),
    ...(poller ? { pollerLastSuccessAt: () => poller.lastSuccessAt } : {}),
    now,
  });
  http.get('/metrics', async (_req, res) => {
    try {
      res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    } catch (error) {
      logger.warn({ err: error }, 'metrics could not be collected');
      res.status(500).send('metrics unavailable');
    }
  });

  // Four-eyes requests past their deadline are closed and the requester told, once a minute.
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    void expireApprovals(deps).catch((error: unknown) =>
      logger.warn({ err: error }, 'approval expiry sweep failed'),
    );

  let server: Server | undefined;
  let stopping: Promise<void> | undefined;
  return {
    app,
    deps,
    worker,
    poller,
    metrics,
    http,
    async start(port = config.http.port) {
      server = await new Promise<Server>((resolve, reject) => {
        const s = http.listen(port, '0.0.0.0', () => resolve(s));
        s.once('error', reject);
      });
      if (appToken) await app.start();
      worker.start();
      poller?.start();
      if (deps.approvers) sweeper = setInterval(sweep, 60_000);
      logger.info(
        { address: server.address(), socketMode: appToken !== undefined, store: store.kind },
        'Warden is listening',
      );
      return server;
    },
    stop(deadlineMs = 20_000) {
      stopping ??= (async () => {
        const started = Date.now();
        const left = () => Math.max(0, deadlineMs - (Date.now() - started));
        draining = true;
        logger.info(
          { deadlineMs, inflight: deps.work.size },
          'stopping: no new requests; finishing what is in flight',
        );
        clearInterval(sweeper);
        const closed = server
          ? new Promise<void>((resolve) => {
              server?.close(() => resolve());
              server?.closeIdleConnections();
            })
          : Promise.resolve();
        if (appToken)
          await app
            .stop()
            .catch((error: unknown) => logger.warn({ err: error }, 'socket mode did not stop cleanly'));
        await poller?.stop();
        const finished = await deps.work.drain(left());
        if (!finished)
          logger.warn({ inflight: deps.work.size }, 'deadline reached with interactions still running');
        // The worker ends its current batch; anything not delivered stays in the outbox.
        await Promise.race([worker.stop(), new Promise((r) => setTimeout(r, left()).unref())]);
        server?.closeAllConnections();
        await closed;
        await tenant.close();
        if (ownsStore) await store.close();
        logger.info({ ms: Date.now() - started }, 'stopped');
      })();
      return stopping;
    },
  };
}

/** Used by main.ts: everything from configuration; SIGTERM and SIGINT stop it gracefully. */
export async function startWarden(config: Readonly<Config>): Promise<Warden> {
  const file = loadConfigFile(config.configFile);
  const warden = await createWarden({ config, file });
  await warden.start();
  const stop = (signal: string) => {
    warden.deps.logger.info({ signal }, 'signal received');
    void warden.stop(config.shutdownTimeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        warden.deps.logger.error({ err: error }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return warden;
}
