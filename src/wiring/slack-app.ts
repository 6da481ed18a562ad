import {
  App,
  ExpressReceiver,
  type ExpressReceiverOptions,
  type Receiver,
  SocketModeReceiver,
} from '@slack/bolt';
import type { WebClientOptions } from '@slack/web-api';
import type express from 'express';
import type { Config } from '../config.js';
import { REQUEST_ID_HEADER } from '../http/request-context.js';
import { intentKeyOf } from '../http/request-intent.js';
import { slackRequestGuard } from '../http/slack-request-guard.js';
import type { ServedWorkspaces } from '../listeners/context.js';
import { registerErrorHandler } from '../listeners/error-handler.js';
import { registerListeners } from '../listeners/index.js';
import { registerIntentSettling } from '../listeners/request-intents.js';
import { type Logger, toBoltLogger } from '../logger.js';
import type { Ports } from '../ports/index.js';
import type { RequestIntents } from '../ports/request-intents.js';
import type { PrivatePort } from '../ports/slack.js';
import type { ReplayMemory } from '../ports/store.js';
import { RecentKeys } from '../slack/recent-keys.js';
import { WorkQueue } from '../slack/work-queue.js';

/**
 * The Web API client options. People are waiting on these calls: wait out a 429's Retry-After,
 * retry other failures briefly. (The delivery worker's client changes that: wiring/ports.ts.)
 */
export function slackClientOptions(config: Readonly<Config>, logger: Logger): WebClientOptions {
  return {
    slackApiUrl: config.slack.apiUrl,
    timeout: 10_000,
    rejectRateLimitedCalls: false,
    retryConfig: { retries: 3, factor: 2, minTimeout: 250, maxTimeout: 4_000 },
    logger: toBoltLogger(logger),
  };
}

/**
 * How Bolt authorizes a request: the one bot token (checked with auth.test at start, so Bolt does
 * not ask again), or Bolt's installer over the installations in the store (wiring/oauth.ts).
 */
export type BoltAuth =
  | { token: string; botId: string; botUserId: string }
  | { installer: Partial<ExpressReceiverOptions> };

export interface SlackAppOptions {
  config: Readonly<Config>;
  /** What is the same in every workspace: logs, metrics, the clock. */
  core: Pick<Ports, 'logger' | 'metrics' | 'clock'>;
  /** The workspaces served: each request runs with its own workspace's ports. */
  workspaces: ServedWorkspaces;
  /** Tells a person their request was not taken (the store is down): by response_url first. */
  privately: PrivatePort;
  bolt: BoltAuth;
  http: express.Application;
  clientOptions: WebClientOptions;
  /** Where signed requests already taken are remembered (the store: shared by replicas). */
  replays: ReplayMemory;
  /** What people asked, kept with those records until handled (listeners/request-intents.ts). */
  intents?: RequestIntents | undefined;
  /** This process's id in the store's leases: a kept request names who took it. */
  instanceId: string;
  workQueue?: { concurrency: number; maxWaiting: number } | undefined;
  /**
   * A receiver of the caller's instead of Warden's own (tests' in-process lane hands Slack's
   * payloads to the app directly). Then nothing is mounted on /slack/events: the signature and
   * replay checks belong to the HTTP receiver, and the tests of those keep it.
   */
  receiver?: Receiver | undefined;
}

/**
 * The Bolt app: over HTTP its receiver is Warden's own express app (POST /slack/events), in
 * Socket Mode (SLACK_APP_TOKEN) Warden opens the connection itself. The request id rides into
 * every listener as context.requestId.
 */
export function createSlackApp(opts: SlackAppOptions): { app: App; work: WorkQueue; socketMode: boolean } {
  const { config } = opts;
  const { logger } = opts.core;
  const boltLogger = toBoltLogger(logger);
  const appToken = config.slack.appToken;
  const signingSecret = config.slack.signingSecret?.reveal() ?? '';
  if (!appToken && !opts.receiver) {
    // Before the receiver registers its route: timestamps both ways, replays across replicas.
    const guard = {
      signingSecret,
      replays: opts.replays,
      clock: opts.core.clock,
      logger,
      privately: opts.privately,
      instanceId: opts.instanceId,
    };
    opts.http.post('/slack/events', ...slackRequestGuard(guard));
  }
  const receiver =
    opts.receiver ??
    (appToken
      ? new SocketModeReceiver({
          appToken: appToken.reveal(),
          logger: boltLogger,
          installerOptions: { clientOptions: { slackApiUrl: config.slack.apiUrl } },
          customPropertiesExtractor: (args) => ({
            requestId: `sock-${String(args.envelope_id ?? '').slice(0, 24)}`,
          }),
        })
      : new ExpressReceiver({
          signingSecret,
          endpoints: '/slack/events',
          logger: boltLogger,
          processBeforeResponse: false,
          app: opts.http,
          customPropertiesExtractor: (req) => ({
            requestId: String(req.headers[REQUEST_ID_HEADER] ?? ''),
            // The request's kept intent, settled once handled (listeners/request-intents.ts).
            intentKey: intentKeyOf(req),
          }),
          ...('installer' in opts.bolt ? opts.bolt.installer : {}),
        }));
  // The installer authorizes each request by its enterprise and team (fetchInstallation).
  const { bolt } = opts;
  const app = new App({
    ...('token' in bolt ? { token: bolt.token, botId: bolt.botId, botUserId: bolt.botUserId } : {}),
    receiver,
    logger: boltLogger,
    clientOptions: opts.clientOptions,
    // Errors reach app.error with the request, so whoever acted is told (listeners/error-handler.ts).
    extendedErrorHandler: true,
  });
  const work = new WorkQueue(opts.workQueue?.concurrency ?? 64, opts.workQueue?.maxWaiting ?? 2_000);
  // First, so it wraps everything after it: a request's kept intent goes once it is handled.
  if (opts.intents) registerIntentSettling(app, opts.intents, logger);
  registerListeners(app, {
    workspaces: opts.workspaces,
    core: opts.core,
    slashCommand: config.slack.command,
    work,
    delivered: new RecentKeys(10 * 60_000),
    replays: opts.replays,
  });
  registerErrorHandler(app, opts.core, opts.workspaces);
  return { app, work, socketMode: appToken !== undefined };
}
