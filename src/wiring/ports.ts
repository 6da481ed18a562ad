import type { WebClientOptions } from '@slack/web-api';
import { CampaignCache } from '../adapters/campaign-cache.js';
import { createFindingsPort } from '../adapters/findings-port.js';
import type { Config } from '../config.js';
import { type ConfigFile, DEFAULT_CONFIG_FILE } from '../config-file.js';
import type { OwnerDmFinder } from '../delivery/owner-route.js';
import type { RollupRule, WorkerPorts } from '../delivery/worker.js';
import { severityRank } from '../domain/severity.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { CardSettings, Clock, Ports } from '../ports/index.js';
import type { OwnersPort } from '../ports/owners.js';
import type { RollupStore } from '../ports/rollups.js';
import type { ChatPort } from '../ports/slack.js';
import type { Store } from '../ports/store.js';
import { createSlackClient } from '../slack/clients.js';
import type { MeteredWebClient, TokenSource } from '../slack/metered-web-client.js';
import { createOwnerDirectory, UNMAPPED_OWNERS } from '../slack/owner-directory.js';
import { createPacedChat, type PacingHooks } from '../slack/paced-chat.js';
import { createPrivateMessages } from '../slack/private-messages.js';
import { UserDirectory } from '../slack/user-directory.js';
import { UsergroupDirectory } from '../slack/usergroups.js';
import {
  createChatPort,
  createFilePort,
  createHistoryPort,
  createLinksPort,
  createViewsPort,
} from '../slack/web-ports.js';
import { createInflightClaims } from '../store/inflight-claims.js';
import { createInstanceLease, type InstanceLease } from '../store/instance-lease.js';
import type { TenantClient } from '../tenant/client.js';
import { findUsersByEmail, getUser } from '../tenant/users.js';
import { scheduleAsk } from '../usecases/attest-ask.js';
import { type HomeRefresher, refreshingAudit } from '../usecases/home-refresh.js';
import { ownerDmOf } from '../usecases/owner-dm.js';
import { connectFor } from './connect.js';
import { homeRefresher, homeRetried } from './home.js';
import { identityProvider, stepUpSettings } from './step-up.js';
import { homeViewsIn, type SlackWorkspace } from './workspaces.js';

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
  /** The workspace's address (auth.test), for links to messages. */
  workspaceUrl?: string | undefined;
  /** The workspace these ports serve, with its bot token (wiring/workspaces.ts). */
  workspace: SlackWorkspace;
  /** This process's lease, when another workspace's ports made it already. */
  lease?: InstanceLease;
}

/** Slack's own response_url host, plus the configured API's origin (the local Slack in tests). */
function responseUrlOrigins(apiUrl: string): string[] {
  return [...new Set(['https://hooks.slack.com', new URL(apiUrl).origin])];
}

/**
 * Every port the use cases can ask for, built once. People are waiting on interactions, so their
 * Slack client waits out a 429 (that method's calls only), except where a trigger_id or nobody
 * waits (slack/clients.ts); the delivery worker's client hands 429s back instead, so the outbox
 * row is rescheduled (`worker`: the same ports with that client).
 */
export function buildPorts(input: PortsInput): {
  ports: Ports;
  delivery: DeliveryPorts;
  home: HomeRefresher;
  lease: InstanceLease;
} {
  const { config, file, clock, logger, metrics, store, tenant } = input;
  const countError = (method: string, error: string) => {
    metrics.slackErrors.inc({ method, error });
    input.workspace.onError?.(method, error);
  };
  const { workspace } = input;
  const { token } = workspace;
  const base = { token, options: input.clientOptions, onError: countError };
  const client = createSlackClient('peopleWait', base);
  const hooks = pacingHooks(metrics);
  // Posts and updates are paced in the store (slack/paced-chat.ts), which waits out 429s itself:
  // its client hands them back. People are waiting here, so it waits up to 20 s for a slot.
  const paced = createPacedChat(createChatPort(createSlackClient('paced', base)), store, clock, {
    maxWaitMs: 20_000,
    hooks,
    workspace: workspace.paceKey,
  });
  // Ephemeral messages are not paced (Tier 4): their client waits out a 429 as before.
  const unguarded = { ...paced, ephemeral: createChatPort(client).ephemeral };
  const lookup = createSlackClient('lookup', base);
  // Slack Connect: no finding details in a channel shared with another organisation.
  const connect = connectFor(input, lookup, unguarded.post);
  const chat = connect.safe(unguarded);
  const permissions = workspace.permissions ?? file.permissions;
  const { channels, ...actions } = permissions;
  const owners = ownerDirectory(input, lookup);
  // Each try of the change and of its read-back may take the whole request timeout.
  const changeDeadlineMs = config.tenant.requestTimeoutMs * (config.tenant.maxRetries + 1) * 2 + 1_000;
  const lease = input.lease ?? createInstanceLease(store, config.store.instanceLeaseMs);
  const ports: Ports = {
    clock,
    logger,
    metrics,
    settings: {
      teamId: workspace.teamId,
      servedTeams: workspace.servedTeams,
      enterpriseId: workspace.enterpriseId,
      slashCommand: config.slack.command,
      limits: file.limits,
      policy: { actions, channels },
      approvers: permissions.acceptRisk?.approvers,
      approvalTtlMs: file.approvals.expireAfterHours * 3_600_000,
      attributionTemplate: file.attribution.template,
      offerUnsuppress: file.cards.offerUnsuppress,
      changeDeadlineMs,
      instanceId: lease.id,
      closureReasons: file.closure.reasons,
      remindBeforeMs: file.lifecycle.remindBefore,
      notifyCooldownMs: file.cards.notifyCooldown,
      workspaceUrl: input.workspaceUrl,
      unfurl: file.unfurl,
      attest: {
        rules: file.attest,
        routing: file.routing.rules,
        defaultChannel: config.alerts.defaultChannel,
      },
      stepUp: stepUpSettings(file, config),
    },
    findings: createFindingsPort(tenant),
    campaigns: new CampaignCache(tenant),
    chat,
    history: createHistoryPort(client),
    links: createLinksPort(client),
    views: homeRetried(
      createViewsPort({ trigger: createSlackClient('trigger', base), people: client, home: lookup }),
      () => home,
    ),
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
    // Whoever acts has their Home tab refreshed (if they opened it): the audit log tells who.
    audit: refreshingAudit(store, () => home),
    approvals: store,
    inflight: createInflightClaims(store, clock, changeDeadlineMs, lease.id),
    rollups: rollupPort(store, clock),
    owners,
    connect: connect.guard,
    // Home tabs opened are kept by (workspace, person): '' is the one workspace of SLACK_BOT_TOKEN.
    lifecycle: workspace.paceKey === undefined ? store : homeViewsIn(store, workspace.paceKey),
    asks: store,
    stepUps: store,
    identity: identityProvider(file, config),
  };
  const home = homeRefresher(ports);
  const delivery = createDeliveryPorts({
    owners,
    ownerDm: (finding) => ownerDmOf(ports, finding),
    afterDelivery: (finding, channel) => scheduleAsk(ports, finding, channel),
    store,
    settings: ports.settings,
    token,
    clientOptions: input.clientOptions,
    logger: logger.child({ component: 'delivery' }),
    clock,
    onSlackError: countError,
    rollup: rollupRule(file),
    hooks,
    paceKey: workspace.paceKey,
    safe: connect.safe,
  });
  return { ports, delivery, home, lease };
}

/** The worker's ports, and the lower-priority Slack the roll-up publisher posts with. */
export type DeliveryPorts = WorkerPorts & { listingChat: ChatPort };

/**
 * The delivery worker's ports: its Slack client hands a 429 back instead of waiting it out, so
 * the outbox row is rescheduled rather than holding the worker (and every row behind it).
 */
export function createDeliveryPorts(o: {
  store: Store;
  token: string | TokenSource;
  clientOptions: WebClientOptions;
  logger: Logger;
  clock: Clock;
  onSlackError?: (method: string, error: string) => void;
  /** How cards render (WARDEN_CONFIG); the defaults when not given. */
  settings?: CardSettings;
  /** Roll-ups in a flood (WARDEN_CONFIG `delivery.rollup`); none when absent. */
  rollup?: RollupRule | undefined;
  hooks?: PacingHooks;
  /** The workspace's pacing key, when Warden serves several. */
  paceKey?: string | undefined;
  /** Slack Connect: the chats held to the workspace's guard (wiring/connect.ts). */
  safe?: (chat: ChatPort) => ChatPort;
  /** Owners on cards; without it (a worker alone, in tests) they are shown by id. */
  owners?: OwnersPort;
  /** Alerts routed to a finding's owner (`notifyOwner: true`); they fail without it. */
  ownerDm?: OwnerDmFinder;
  /** After a card is delivered (the attestation ask). */
  afterDelivery?: WorkerPorts['afterDelivery'];
}): DeliveryPorts {
  const client = createSlackClient('paced', {
    token: o.token,
    options: o.clientOptions,
    onError: o.onSlackError ?? (() => undefined),
  });
  const safe = o.safe ?? ((chat: ChatPort) => chat);
  const paced = (maxWaitMs: number) =>
    safe(
      createPacedChat(createChatPort(client), o.store, o.clock, {
        maxWaitMs,
        ...(o.hooks ? { hooks: o.hooks } : {}),
        workspace: o.paceKey,
      }),
    );
  // The worker waits at most 1.5 s for a slot: a row whose channel is busier goes back to the
  // queue (postponed, untried) and the worker moves on to other channels.
  const chat = paced(1_500);
  return {
    // Roll-up summaries and listings wait for no slot: they take one only when it is free now,
    // so an alert of its own (a critical) that waits for the next slot always gets it first.
    listingChat: paced(0),
    outbox: o.store,
    cards: o.store,
    audit: o.store,
    rollups: o.store,
    rollup: o.rollup,
    chat,
    history: createHistoryPort(client),
    logger: o.logger,
    clock: o.clock,
    owners: o.owners ?? UNMAPPED_OWNERS,
    ownerDm: o.ownerDm,
    afterDelivery: o.afterDelivery,
    settings: o.settings ?? {
      attributionTemplate: DEFAULT_CONFIG_FILE.attribution.template,
      offerUnsuppress: DEFAULT_CONFIG_FILE.cards.offerUnsuppress,
    },
  };
}

/**
 * The owner directory: tenant users and Slack members by email, cached. Its Slack client hands a
 * 429 back rather than waiting it out (Slack's default waits minutes): a card is not held for a
 * lookup, and the directory keeps the failure briefly before asking again.
 */
function ownerDirectory(input: PortsInput, client: MeteredWebClient): OwnersPort {
  const slack = new UserDirectory(client, 3_600_000, input.clock);
  return createOwnerDirectory({
    getUser: (id) => getUser(input.tenant, id),
    findUsersByEmail: (email) => findUsersByEmail(input.tenant, email, 2),
    lookupByEmail: (email) => slack.lookupByEmail(email),
    slackPerson: (id) => slack.get(id),
    organisation: { teamId: input.workspace.teamId, enterpriseId: input.workspace.enterpriseId },
    logger: input.logger,
    now: input.clock,
  });
}

function pacingHooks(metrics: Metrics): PacingHooks {
  return {
    rateLimited: (method) => metrics.slack429.inc({ method }),
    waited: (method, ms) => metrics.pacingWaits.observe({ method }, ms / 1_000),
  };
}

/** WARDEN_CONFIG `delivery.rollup` as the worker applies it (severities as ranks). */
export function rollupRule(file: ConfigFile): RollupRule | undefined {
  const r = file.delivery.rollup;
  if (!r.enabled) return undefined;
  return { threshold: r.threshold, windowMs: r.window, neverRanks: r.neverRollUp.map(severityRank) };
}

/** The use cases' view of roll-ups: membership, and "its summary is due an update". */
function rollupPort(store: Store, clock: Clock): RollupStore {
  return {
    get: (id) => store.rollupGroup(id),
    members: (id) => store.rollupMembers(id),
    markChanged: (id) => store.markRollupChanged(id, clock()),
    async markFindingChanged(findingId) {
      for (const id of await store.rollupsOf(findingId)) await store.markRollupChanged(id, clock());
    },
  };
}
