import type { WebClientOptions } from '@slack/web-api';
import { CampaignCache } from '../adapters/campaign-cache.js';
import { createFindingsPort } from '../adapters/findings-port.js';
import { namesPortFor } from '../adapters/names-port.js';
import { createTasksPort } from '../adapters/tasks-port.js';
import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import { channelLocalesOf } from '../domain/routing.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Clock, Ports, Timers } from '../ports/index.js';
import type { OwnersPort } from '../ports/owners.js';
import type { RollupStore } from '../ports/rollups.js';
import type { Store } from '../ports/store.js';
import { renderPng } from '../slack/chart-png.js';
import { createSlackClient } from '../slack/clients.js';
import type { MeteredWebClient } from '../slack/metered-web-client.js';
import { createOwnerDirectory } from '../slack/owner-directory.js';
import { createPacedChat, type PacingHooks } from '../slack/paced-chat.js';
import { createPrivateMessages } from '../slack/private-messages.js';
import { UserDirectory } from '../slack/user-directory.js';
import { UsergroupDirectory } from '../slack/usergroups.js';
import {
  createChatPort,
  createFilePort,
  createHistoryPort,
  createLinksPort,
  createStepsPort,
  createViewsPort,
} from '../slack/web-ports.js';
import { createInflightClaims } from '../store/inflight-claims.js';
import { createInstanceLease, type InstanceLease } from '../store/instance-lease.js';
import type { TenantClient } from '../tenant/client.js';
import { findUsersByEmail, getUser } from '../tenant/users.js';
import { scheduleAsk } from '../usecases/attest/attest-ask.js';
import { type HomeRefresher, refreshingAudit, refreshingSeen } from '../usecases/lifecycle/home-refresh.js';
import { ownerDmOf } from '../usecases/owners/owner-dm.js';
import { accessReviewsPort } from './access-reviews.js';
import { connectFor } from './connect.js';
import { createDeliveryPorts, type DeliveryPorts, rollupRule } from './delivery-ports.js';
import { homeRefresher, homeRetried } from './home.js';
import { type OwnSlack, routedSlack } from './routed-slack.js';
import { slaSettings } from './sla.js';
import { identityProvider, stepUpSettings } from './step-up.js';
import { viewSealOf } from './view-seal-key.js';
import type { SlackWorkspace } from './workspace-set.js';
import { workspaceStores } from './workspace-stores.js';

// The delivery worker's ports live in delivery-ports.ts; importers of this module keep finding them here.
export { createDeliveryPorts, type DeliveryPorts } from './delivery-ports.js';

export interface PortsInput {
  config: Readonly<Config>;
  file: ConfigFile;
  clock: Clock;
  timers: Timers;
  logger: Logger;
  metrics: Metrics;
  store: Store;
  tenant: TenantClient;
  /** Options of the Web API clients (the Bolt app uses the same). */
  clientOptions: WebClientOptions;
  /** The workspace these ports serve, with its token source (wiring/workspace-set.ts). */
  workspace: SlackWorkspace;
  /** This process's lease, when another workspace's ports made it already. */
  lease?: InstanceLease;
}

/** Slack's own response_url host, plus the configured API's origin (the local Slack in tests). */
function responseUrlOrigins(apiUrl: string): string[] {
  return [...new Set(['https://hooks.slack.com', new URL(apiUrl).origin])];
}

/**
 * Every port the use cases can ask for, built once per workspace. People are waiting on
 * interactions, so their Slack client waits out a 429 (that method's calls only), except where a
 * trigger_id or nobody waits (slack/clients.ts); the delivery worker's client hands 429s back
 * instead, so the outbox row is rescheduled (`worker`: the same ports with that client). Messages
 * go with their channel's workspace's token (`workspace.route`: routed-slack.ts); `own` is this
 * workspace's Slack before that, for the other workspaces' ports to post with.
 */
export function buildPorts(input: PortsInput): {
  ports: Ports;
  delivery: DeliveryPorts;
  home: HomeRefresher;
  lease: InstanceLease;
  own: OwnSlack;
} {
  const { config, file, clock, timers, logger, metrics, store, tenant } = input;
  const countError = (method: string, error: string, token?: string) => {
    metrics.slackErrors.inc({ method, error });
    input.workspace.onError?.(method, error, token);
  };
  const { workspace } = input;
  const { token } = workspace;
  const base = { token, options: input.clientOptions, onError: countError };
  const client = createSlackClient('peopleWait', base);
  const hooks = pacingHooks(metrics);
  // Posts and updates are paced in the store (slack/paced-chat.ts), which waits out 429s itself:
  // its client hands them back. People are waiting here, so it waits up to 20 s for a slot; but
  // what people's requests post never books a slot ahead of an alert (`people`: free slots only).
  const paced = createPacedChat(
    createChatPort(createSlackClient('paced', base)),
    store,
    { now: clock, sleep: timers.sleep },
    {
      maxWaitMs: 20_000,
      hooks,
      workspace: workspace.teamId,
      priority: 'people',
    },
  );
  // Ephemeral messages are not paced (Tier 4): their client waits out a 429 as before.
  const unguarded = { ...paced, ephemeral: createChatPort(client).ephemeral };
  const lookup = createSlackClient('lookup', base);
  // Slack Connect: no finding details in a channel shared with another organisation.
  const connect = connectFor(input, lookup, unguarded.post);
  const ownChat = connect.safe(unguarded);
  const permissions = workspace.permissions ?? file.permissions;
  const { channels, ...actions } = permissions;
  const owners = ownerDirectory(input, lookup);
  const changeDeadlineMs = changeDeadlineOf(config);
  const lease = input.lease ?? createInstanceLease(store, config.store.instanceLeaseMs);
  const containSettings = {
    rules: file.contain,
    approvers: permissions.contain?.approvers ?? permissions.acceptRisk?.approvers,
  };
  // One cache of the tenant's names for every workspace (adapters/names-port.ts).
  const names = namesPortFor(tenant, { now: clock, logger });
  const delivery = createDeliveryPorts({
    owners,
    names,
    ownerDm: (finding) => ownerDmOf(ports, finding),
    afterDelivery: (finding, channel) => scheduleAsk(ports, finding, channel),
    findings: createFindingsPort(tenant),
    store,
    // What a card shows, as the ports' own settings say it (below): Contain…, the SLA clock.
    settings: {
      attributionTemplate: file.attribution.template,
      offerUnsuppress: file.cards.offerUnsuppress,
      contain: containSettings,
      sla: slaSettings(file),
      channelLocales: channelLocalesOf(file.routing.rules),
    },
    token,
    clientOptions: input.clientOptions,
    logger: logger.child({ component: 'delivery', team: workspace.teamId }),
    clock,
    timers,
    onSlackError: countError,
    rollup: rollupRule(file),
    hooks,
    paceKey: workspace.teamId,
    safe: connect.safe,
  });
  const own: OwnSlack = {
    teamId: workspace.teamId,
    chat: ownChat,
    history: createHistoryPort(client),
    files: createFilePort(client),
    delivery: { chat: delivery.chat, listingChat: delivery.listingChat, history: delivery.history },
  };
  const slack = workspace.route ? routedSlack(workspace.route, own) : own;
  const { chat } = slack;
  const stores = workspaceStores(store, workspace.teamId);
  const ports: Ports = {
    clock,
    timers,
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
      workspaceUrl: workspace.url,
      workspaceName: workspace.name,
      unfurl: file.unfurl,
      attest: {
        rules: file.attest,
        routing: file.routing.rules,
        defaultChannel: config.alerts.defaultChannel,
      },
      stepUp: stepUpSettings(file, config),
      contain: containSettings,
      sla: slaSettings(file),
      channelLocales: channelLocalesOf(file.routing.rules),
    },
    findings: createFindingsPort(tenant),
    campaigns: new CampaignCache(tenant),
    tasks: createTasksPort(tenant),
    names,
    chat,
    history: slack.history,
    links: createLinksPort(client),
    views: homeRetried(
      createViewsPort(
        { trigger: createSlackClient('trigger', base), people: client, home: lookup },
        viewSealOf(config),
      ),
      () => home,
    ),
    files: slack.files,
    steps: createStepsPort(client),
    people: new UserDirectory(client),
    groups: new UsergroupDirectory(client),
    privately: createPrivateMessages({
      chat,
      openDm: (userId) => slack.files.openDm(userId),
      logger,
      responseUrlOrigins: responseUrlOrigins(config.slack.apiUrl),
    }),
    outbox: store,
    cards: store,
    // A finding's state seen: the people of its pending ends get their Home tab refreshed.
    seen: refreshingSeen(store, stores.lifecycle, () => home, logger),
    // Whoever acts has their Home tab refreshed (if they opened it): the audit log tells who.
    audit: refreshingAudit(store, () => home),
    approvals: stores.approvals,
    inflight: createInflightClaims(store, clock, changeDeadlineMs, lease.id),
    rollups: rollupPort(store, clock),
    owners,
    connect: connect.guard,
    // Home tabs opened are kept by (workspace, person); jobs and holds by the workspace they run in.
    lifecycle: stores.lifecycle,
    asks: store,
    stepUps: stores.stepUps,
    notes: store,
    contains: store,
    sla: store,
    charts: { png: renderPng },
    identity: identityProvider(file, config),
    accessReviews: accessReviewsPort({ config, file, store, tenant, clock }),
  };
  connect.attach(ports);
  const home = homeRefresher(ports);
  return { ports, delivery: { ...delivery, ...slack.delivery }, home, lease, own };
}

/** The longest a state change can take: each try of the change and of its read-back may take the whole request timeout. */
export const changeDeadlineOf = (config: Readonly<Config>): number =>
  config.tenant.requestTimeoutMs * (config.tenant.maxRetries + 1) * 2 + 1_000;

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

/** The use cases' view of roll-ups: membership, and "its summary is due an update". */
function rollupPort(store: Store, clock: Clock): RollupStore {
  return {
    get: (id) => store.rollupGroup(id),
    members: (id) => store.rollupMembers(id),
    async groupsOf(findingId) {
      const groups = await Promise.all((await store.rollupsOf(findingId)).map((id) => store.rollupGroup(id)));
      return groups.filter((g) => g !== undefined);
    },
    markChanged: (id) => store.markRollupChanged(id, clock()),
    async markFindingChanged(findingId) {
      for (const id of await store.rollupsOf(findingId)) await store.markRollupChanged(id, clock());
    },
  };
}
