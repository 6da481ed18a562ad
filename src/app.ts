import type { Server } from 'node:http';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { App, ExpressReceiver } from '@slack/bolt';
import express from 'express';
import type { Config } from './config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE, loadConfigFile } from './config-file.js';
import { registerListeners } from './listeners/index.js';
import { createLogger, type Logger, toBoltLogger } from './logger.js';
import { RecentKeys } from './slack/recent-keys.js';
import { UserDirectory } from './slack/user-directory.js';
import { TenantClient } from './tenant/client.js';
import { CampaignCache } from './usecases/campaign-cache.js';
import type { WardenDeps } from './usecases/deps.js';

export interface WardenOptions {
  config: Readonly<Config>;
  file?: ConfigFile;
  logger?: Logger;
  now?: () => Date;
  /** A tenant client built elsewhere (tests pass one with short retry delays). */
  tenant?: TenantClient;
}

export interface Warden {
  app: App;
  deps: WardenDeps;
  /** The express app that serves /slack/events (HTTP mode) and Warden's own routes. */
  http: express.Application;
  /** Listens on `port` (default: PORT; 0 picks a free one). */
  start(port?: number): Promise<Server>;
  stop(): Promise<void>;
}

/** Slack's own response_url host, plus the configured API's origin (the local Slack in tests). */
function responseUrlOrigins(apiUrl: string): string[] {
  return [...new Set(['https://hooks.slack.com', new URL(apiUrl).origin])];
}

export function createWarden(opts: WardenOptions): Warden {
  const { config } = opts;
  const file = opts.file ?? DEFAULT_CONFIG_FILE;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const boltLogger = toBoltLogger(logger);
  const tenant =
    opts.tenant ??
    new TenantClient({
      baseUrl: config.tenant.baseUrl,
      auth: config.tenant.auth,
      connectTimeoutMs: config.tenant.connectTimeoutMs,
      requestTimeoutMs: config.tenant.requestTimeoutMs,
      retry: { maxRetries: config.tenant.maxRetries },
    });
  const apiUrl = config.slack.apiUrl;
  // One keep-alive pool for every Web API call.
  const agent = apiUrl.startsWith('https:')
    ? new HttpsAgent({ keepAlive: true })
    : new HttpAgent({ keepAlive: true });
  const clientOptions = {
    slackApiUrl: apiUrl,
    agent,
    timeout: 10_000,
    // Slack's 429s carry Retry-After: the client waits it out; other failures retry briefly.
    rejectRateLimitedCalls: false,
    retryConfig: { retries: 3, factor: 2, minTimeout: 250, maxTimeout: 4_000 },
  };

  const socketMode = config.slack.appToken !== undefined;
  let receiver: ExpressReceiver | undefined;
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
    receiver = new ExpressReceiver({
      signingSecret: config.slack.signingSecret?.reveal() ?? '',
      endpoints: '/slack/events',
      logger: boltLogger,
      processBeforeResponse: false,
    });
    http = receiver.app;
    app = new App({ token: config.slack.botToken.reveal(), receiver, logger: boltLogger, clientOptions });
  }

  const deps: WardenDeps = {
    tenant,
    slack: app.client,
    users: new UserDirectory(app.client),
    logger,
    now: opts.now ?? (() => new Date()),
    limits: file.limits,
    inflight: new Set(),
    delivered: new RecentKeys(10 * 60_000),
    responseUrlOrigins: responseUrlOrigins(apiUrl),
    slashCommand: config.slack.command,
    campaigns: new CampaignCache(tenant),
  };
  registerListeners(app, deps, config.slack.teamId);
  app.error(async (error) => {
    logger.error({ err: error }, 'unhandled error in a Slack listener');
  });

  http.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });

  let server: Server | undefined;
  return {
    app,
    deps,
    http,
    async start(port = config.http.port) {
      if (socketMode) await app.start();
      server = await new Promise<Server>((resolve, reject) => {
        const s = http.listen(port, '0.0.0.0', () => resolve(s));
        s.once('error', reject);
      });
      logger.info({ port: server.address(), socketMode }, 'Warden is listening');
      return server;
    },
    async stop() {
      if (socketMode) await app.stop();
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
        });
      }
      agent.destroy();
      await tenant.close();
    },
  };
}

/** Used by main.ts: everything from configuration. */
export async function startWarden(config: Readonly<Config>): Promise<Warden> {
  const file = loadConfigFile(config.configFile);
  const warden = createWarden({ config, file });
  await warden.start();
  const stop = () => {
    warden.deps.logger.info('stopping');
    void warden.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return warden;
}
