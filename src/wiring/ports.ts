import type { WebClientOptions } from '@slack/web-api';
import type { Config } from '../config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE } from '../config-file.js';
import type { WorkerPorts } from '../delivery/worker.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { CardSettings, Clock, Ports } from '../ports/index.js';
import type { Store } from '../ports/store.js';
import { MeteredWebClient } from '../slack/metered-web-client.js';
import { createPrivateMessages } from '../slack/private-messages.js';
import { UserDirectory } from '../slack/user-directory.js';
import { UsergroupDirectory } from '../slack/usergroups.js';
import { createChatPort, createFilePort, createHistoryPort, createViewsPort } from '../slack/web-ports.js';
import type { TenantClient } from '../tenant/client.js';
import { CampaignCache } from './campaign-cache.js';
import { createFindingsPort } from './findings-port.js';
import { createInflightClaims } from './inflight.js';

export interface PortsInput {
  config: Readonly<Config>;
  file: ConfigFile;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  store: Store;
  tenant: TenantClient;
  /** Options of the Web API clients (the Bolt app uses the same). */
  clientOptions: WebClientOptions;
}

/** Slack's own response_url host, plus the configured API's origin (the local Slack in tests). */
function responseUrlOrigins(apiUrl: string): string[] {
  return [...new Set(['https://hooks.slack.com', new URL(apiUrl).origin])];
}

/**
 * Every port the use cases can ask for, built once. People are waiting on interactions, so their
 * Slack client waits out a 429; the delivery worker's client hands 429s back instead, so the
 * outbox row is rescheduled (`worker`: the same ports with that client).
 */
export function buildPorts(input: PortsInput): { ports: Ports; worker: WorkerPorts } {
  const { config, file, clock, logger, metrics, store, tenant } = input;
  const countError = (method: string, error: string) => metrics.slackErrors.inc({ method, error });
  const token = config.slack.botToken.reveal();
  const client = new MeteredWebClient(token, input.clientOptions, countError);
  const chat = createChatPort(client);
  const { channels, ...actions } = file.permissions;
  // Each try of the change and of its read-back may take the whole request timeout.
  const changeDeadlineMs = config.tenant.requestTimeoutMs * (config.tenant.maxRetries + 1) * 2 + 1_000;
  const ports: Ports = {
    clock,
    logger,
    metrics,
    settings: {
      teamId: config.slack.teamId,
      enterpriseId: config.slack.enterpriseId,
      slashCommand: config.slack.command,
      limits: file.limits,
      policy: { actions, channels },
      approvers: file.permissions.acceptRisk?.approvers,
      approvalTtlMs: file.approvals.expireAfterHours * 3_600_000,
      attributionTemplate: file.attribution.template,
      offerUnsuppress: file.cards.offerUnsuppress,
      changeDeadlineMs,
    },
    findings: createFindingsPort(tenant),
    campaigns: new CampaignCache(tenant),
    chat,
    history: createHistoryPort(client),
    views: createViewsPort(client),
    files: createFilePort(client),
    people: new UserDirectory(client),
    groups: new UsergroupDirectory(client),
    privately: createPrivateMessages({
      chat,
      logger,
      responseUrlOrigins: responseUrlOrigins(config.slack.apiUrl),
    }),
    outbox: store,
    cards: store,
    seen: store,
    audit: store,
    approvals: store,
    inflight: createInflightClaims(store, clock, changeDeadlineMs),
  };
  const worker = createDeliveryPorts({
    store,
    settings: ports.settings,
    token,
    clientOptions: input.clientOptions,
    logger: logger.child({ component: 'delivery' }),
    clock,
    onSlackError: countError,
  });
  return { ports, worker };
}

/**
 * The delivery worker's ports: its Slack client hands a 429 back instead of waiting it out, so
 * the outbox row is rescheduled rather than holding the worker (and every row behind it).
 */
export function createDeliveryPorts(o: {
  store: Store;
  token: string;
  clientOptions: WebClientOptions;
  logger: Logger;
  clock: Clock;
  onSlackError?: (method: string, error: string) => void;
  /** How cards render (WARDEN_CONFIG); the defaults when not given. */
  settings?: CardSettings;
}): WorkerPorts {
  const client = new MeteredWebClient(
    o.token,
    { ...o.clientOptions, rejectRateLimitedCalls: true, retryConfig: { retries: 0 } },
    o.onSlackError ?? (() => undefined),
  );
  return {
    outbox: o.store,
    cards: o.store,
    audit: o.store,
    chat: createChatPort(client),
    history: createHistoryPort(client),
    logger: o.logger,
    clock: o.clock,
    settings: o.settings ?? {
      attributionTemplate: DEFAULT_CONFIG_FILE.attribution.template,
      offerUnsuppress: DEFAULT_CONFIG_FILE.cards.offerUnsuppress,
    },
  };
}
