import type { Server } from 'node:http';
import { App, ExpressReceiver } from '@slack/bolt';
import { WebClient } from '@slack/web-api';
import express from 'express';
import type { Config } from './config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE, loadConfigFile } from './config-file.js';
import { Poller } from './delivery/poller.js';
import { DeliveryWorker } from './delivery/worker.js';
import type { Policy } from './domain/policy.js';
import { registerHealthRoutes } from './http/health.js';
import { findingsHook } from './http/hooks-findings.js';
import { createTenantWebhookVerifier } from './intake/verify-tenant-webhook.js';
import { registerListeners } from './listeners/index.js';
import { createLogger, type Logger, toBoltLogger } from './logger.js';
import { RecentKeys } from './slack/recent-keys.js';
import { UserDirectory } from './slack/user-directory.js';
import { UsergroupDirectory } from './slack/usergroups.js';
import { createStore } from './store/create-store.js';
import type { Store } from './store/store.js';
import { TenantClient } from './tenant/client.js';
import type { IntakeDeps } from './usecases/accept-alert.js';
import { expireApprovals } from './usecases/approvals.js';
import { CampaignCache } from './usecases/campaign-cache.js';
import type { WardenDeps } from './usecases/deps.js';

export interface WardenOptions {
  config: Readonly<Config>;
  file?: ConfigFile;
  logger?: Logger;
  now?: () => Date;
  /** A tenant client built elsewhere (tests pass one with short retry delays). */
  tenant?: TenantClient;
  /** A store opened elsewhere (tests share one between two instances). */
  store?: Store;
  /** Options for the delivery worker (tests shorten its idle time). */
  worker?: { idleMs?: number; leaseMs?: number; maxBackoffMs?: number };
  /** Minimum time between two fetches of the tenant's JWKS (tests shorten it). */
  jwksCooldownMs?: number;
}

export interface Warden {
  app: App;
  deps: WardenDeps;
  worker: DeliveryWorker;
  poller: Poller | undefined;
  /** The express app that serves /slack/events (HTTP mode) and Warden's own routes. */
  http: express.Application;
  /** Listens on `port` (default: PORT; 0 picks a free one). */
  start(port?: number): Promise<Server>;
  stop(): Promise<void>;
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
  const tenant =
    opts.tenant ??
    new TenantClient({
      baseUrl: config.tenant.baseUrl,
      auth: config.tenant.auth,
      connectTimeoutMs: config.tenant.connectTimeoutMs,
      requestTimeoutMs: config.tenant.requestTimeoutMs,
      retry: { maxRetries: config.tenant.maxRetries },
    });
  const store =
    opts.store ??
    (await createStore({ databaseUrl: config.store.databaseUrl, dataDir: config.store.dataDir }));
  const ownsStore = opts.store === undefined;

  const clientOptions = {
    slackApiUrl: config.slack.apiUrl,
    timeout: 10_000,
    // People are waiting on these calls: wait out a 429's Retry-After, retry other failures briefly.
    rejectRateLimitedCalls: false,
    retryConfig: { retries: 3, factor: 2, minTimeout: 250, maxTimeout: 4_000 },
  };

  const socketMode = config.slack.appToken !== undefined;
  let http: express.Application;
  let app: App;
  if (socketMode) {
    http = express();
    app = new App({
      token: config.slack.botToken.reveal(),
      appToken: config.slack.appToken?.reveal() ?? '',
      socketMode: true,
      logger: boltLogger,
      clientOptions,
    });
  } else {
    const receiver = new ExpressReceiver({
      signingSecret: config.slack.signingSecret?.reveal() ?? '',
      endpoints: '/slack/events',
      logger: boltLogger,
      processBeforeResponse: false,
    });
    http = receiver.app;
    app = new App({ token: config.slack.botToken.reveal(), receiver, logger: boltLogger, clientOptions });
  }

  // The worker's own client: a 429 is handed back so the row is rescheduled, not waited on.
  const workerSlack = new WebClient(config.slack.botToken.reveal(), {
    slackApiUrl: config.slack.apiUrl,
    timeout: 10_000,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    logger: boltLogger,
  });
  const worker = new DeliveryWorker({
    store,
    slack: workerSlack,
    logger: logger.child({ component: 'delivery' }),
    now,
    ...opts.worker,
  });

  const deps: WardenDeps = {
    tenant,
    slack: app.client,
    users: new UserDirectory(app.client),
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
    usergroups: new UsergroupDirectory(app.client),
    policy: policyFrom(file),
    approvers: file.permissions.acceptRisk?.approvers,
    approvalTtlMs: file.approvals.expireAfterHours * 3_600_000,
    attributionTemplate: file.attribution.template,
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

  // Four-eyes requests past their deadline are closed and the requester told, once a minute.
  let sweeper: NodeJS.Timeout | undefined;
  const sweep = () =>
    void expireApprovals(deps).catch((error: unknown) =>
      logger.warn({ err: error }, 'approval expiry sweep failed'),
    );

  let server: Server | undefined;
  return {
    app,
    deps,
    worker,
    poller,
    http,
    async start(port = config.http.port) {
      if (socketMode) await app.start();
      server = await new Promise<Server>((resolve, reject) => {
        const s = http.listen(port, '0.0.0.0', () => resolve(s));
        s.once('error', reject);
      });
      worker.start();
      poller?.start();
      if (deps.approvers) sweeper = setInterval(sweep, 60_000);
      logger.info({ address: server.address(), socketMode, store: store.kind }, 'Warden is listening');
      return server;
    },
    async stop() {
      clearInterval(sweeper);
      await poller?.stop();
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
        });
      }
      if (socketMode) await app.stop();
      await worker.stop();
      await tenant.close();
      if (ownsStore) await store.close();
    },
  };
}

/** Used by main.ts: everything from configuration. */
export async function startWarden(config: Readonly<Config>): Promise<Warden> {
  const file = loadConfigFile(config.configFile);
  const warden = await createWarden({ config, file });
  await warden.start();
  const stop = () => {
    warden.deps.logger.info('stopping');
    void warden.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return warden;
}
