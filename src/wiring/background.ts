import type { App } from '@slack/bolt';
import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import type { JobWorkspace, JobWorkspaces } from '../delivery/lifecycle-runner.js';
import type { RoutedWorkerPorts } from '../delivery/worker.js';
import { OWNER_ROUTE } from '../domain/routing.js';
import { SlackApiError } from '../errors.js';
import type { StepUpWorkspaces } from '../http/step-up-routes.js';
import { registerConnectEvents } from '../listeners/connect-events.js';
import { type InstallEvents, registerInstallEvents } from '../listeners/install-events.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Clock, Ports, Timers } from '../ports/index.js';
import type { LifecycleJob } from '../ports/lifecycle.js';
import type { ChatPort, PrivatePort } from '../ports/slack.js';
import type { Store } from '../ports/store.js';
import { createPrivateMessages } from '../slack/private-messages.js';
import type { InstanceLease } from '../store/instance-lease.js';
import { approvalExpired } from '../usecases/approvals/expire-approvals.js';
import { containExpired, expireDueContains } from '../usecases/contain/expire-contain.js';
import { type LeaseView, orphanAttempts, reconcileOne } from '../usecases/findings/reconcile-attempts.js';
import { settleAudit } from '../usecases/shared/record-audit.js';
import { heldStepExpired } from '../usecases/workflow-steps/workflow-step-up.js';
import { changeDeadlineOf } from './ports.js';
import { routedChat } from './routed-slack.js';
import { stepUpSettings } from './step-up.js';
import type { Member, WorkspaceSet } from './workspace-set.js';

/**
 * What no request asks for, over every workspace served: each outbox row, lifecycle job, expired
 * hold or request, interrupted change and step-up page runs with the ports of the workspace it
 * belongs to — its stored team, else its channel's (the configuration's word; with one workspace,
 * that one). Work whose workspace cannot be told is refused there, logged and counted
 * (warden_unrouted_total), never done with another workspace's token.
 */

/** What is the same in every workspace: time, logs, metrics, the store. */
export interface SetCore {
  clock: Clock;
  timers: Timers;
  logger: Logger;
  metrics: Metrics;
  store: Store;
}

/** The member a piece of work names (its team), else its channel's; refused and counted when neither tells. */
async function memberOf(
  set: WorkspaceSet,
  what: string,
  team: string | undefined,
  channel: string | undefined,
): Promise<Member | { refused: string }> {
  const found = team ?? (channel ? await set.teamOfChannel(channel) : undefined);
  const member = set.of(found);
  if (member) return member;
  const reason = found ? 'workspace not served' : 'workspace unknown';
  set.unrouted(what, reason, { team: found ?? null, channel: channel ?? null });
  return { refused: found ? `its workspace (${found}) is not served` : 'its workspace cannot be told' };
}

/** The delivery worker's rows: each with its channel's workspace (the owner's copy: its route's). */
export function workerPorts(set: WorkspaceSet, core: SetCore): RoutedWorkerPorts {
  return {
    outbox: core.store,
    logger: core.logger.child({ component: 'delivery' }),
    clock: core.clock,
    timers: core.timers,
    async portsFor(row) {
      const owners = row.channel === OWNER_ROUTE;
      const m = await memberOf(set, 'alert', row.teamId, owners ? undefined : row.channel);
      return 'refused' in m ? { refused: `not delivered: ${m.refused}` } : m.delivery;
    },
  };
}

/** A chat over every workspace: each message with its channel's workspace's token, else refused. */
export function setChat(set: WorkspaceSet, which: 'chat' | 'listingChat'): ChatPort {
  return routedChat(async (channel) => {
    const m = await memberOf(set, 'message', undefined, channel);
    if ('refused' in m) throw new SlackApiError('chat.postMessage', 'workspace_unknown', 'permanent');
    return which === 'chat' ? m.own.chat : m.own.delivery.listingChat;
  });
}

/** Private answers where no workspace's request is at hand (the store is down): response_url first. */
export function setPrivately(set: WorkspaceSet, core: SetCore, apiUrl: string): PrivatePort {
  return createPrivateMessages({
    chat: setChat(set, 'chat'),
    logger: core.logger,
    responseUrlOrigins: [...new Set(['https://hooks.slack.com', new URL(apiUrl).origin])],
  });
}

/**
 * The workspace of a job written without one (before migration 0111, or by the intake, which is
 * no workspace's): the channel it names (a digest's, an ask's), else the first of its finding's
 * cards whose workspace is known.
 */
async function channelOfJob(set: WorkspaceSet, store: Store, job: LifecycleJob): Promise<string | undefined> {
  if (job.kind === 'digest') return job.subject ?? undefined;
  const payload = job.payload as { channel?: unknown } | null;
  if (typeof payload?.channel === 'string') return payload.channel;
  if (!job.subject) return undefined;
  for (const card of await store.messagesFor(job.subject))
    if (await set.teamOfChannel(card.channel)) return card.channel;
  return undefined;
}

/** The lifecycle's jobs, each in its own workspace (its Home tabs refreshed there). */
export function jobWorkspaces(set: WorkspaceSet, core: SetCore): JobWorkspaces {
  const { store } = core;
  return {
    core: {
      lifecycle: store,
      clock: core.clock,
      timers: core.timers,
      logger: core.logger,
      metrics: core.metrics,
    },
    async workspaceOf(job): Promise<JobWorkspace | { refused: string }> {
      const channel = job.teamId ? undefined : await channelOfJob(set, store, job);
      const m = await memberOf(set, `job:${job.kind}`, job.teamId, channel);
      if ('refused' in m) return m;
      return { ports: m.ports, refreshHome: (users) => m.home.refresh(users) };
    },
    teamOfChannel: (channel) => set.teamOfChannel(channel),
  };
}

/** The minute sweeps and the reconciler, each item with the ports of its workspace (wiring/lifecycle.ts). */
export interface Sweeps {
  /** Four-eyes requests past their deadline: risk acceptances and containments. */
  approvals(): Promise<unknown>;
  /** Workflow Builder steps held for a step-up whose link expired. */
  heldSteps(): Promise<unknown>;
  /** Changes a dead process left unsettled. */
  attempts(lease: LeaseView): Promise<unknown>;
}

export function sweeps(
  set: WorkspaceSet,
  core: SetCore,
  settings: { instanceId: string; changeDeadlineMs: number; stepUp: boolean },
): Sweeps {
  const { store, clock, logger } = core;
  const of = async (what: string, team: string | undefined, channel: string | undefined) => {
    const m = await memberOf(set, what, team, channel);
    return 'refused' in m ? undefined : m.ports;
  };
  return {
    async approvals() {
      // Containments waiting for a sign-in or an approver: the same deadline (approvals.expireAfterHours).
      const contain = set.members.find((m) => m.ports.settings.contain)?.ports.settings;
      if (contain) {
        for (const r of await expireDueContains(store, contain.approvalTtlMs, clock())) {
          const p = await of('contain', r.teamId, r.channel);
          if (p) await containExpired(p, r);
        }
      }
      if (!set.members.some((m) => m.ports.settings.approvers)) return;
      const expired = await store.expireApprovals(clock());
      for (const a of expired) {
        const p = await of('approval', a.teamId, a.channel);
        if (p) await approvalExpired(p, a);
      }
      if (expired.length > 0) logger.info({ count: expired.length }, 'approval requests expired');
    },
    async heldSteps() {
      if (!settings.stepUp) return;
      const expired = await store.expireStepUpSteps(clock());
      for (const r of expired) {
        const p = await of('stepUp', r.teamId, r.channel);
        if (p) await heldStepExpired(p, r);
      }
      if (expired.length > 0) logger.info({ count: expired.length }, 'held workflow steps expired');
    },
    async attempts(lease) {
      let settled = 0;
      for (const a of await orphanAttempts({ audit: store, clock, settings }, lease)) {
        const p = await of('attempt', a.team_id || undefined, a.channel ?? undefined);
        // Its workspace no longer served: settled as not known to be done (nobody there to tell).
        const done = p
          ? await reconcileOne(p, a)
          : await settleAudit(
              { audit: store, logger },
              a.id ?? '',
              'failed',
              'interrupted; its workspace is not served',
            );
        if (done) settled++;
      }
      if (settled > 0) logger.info({ settled }, 'state changes interrupted by a restart reconciled');
    },
  };
}

/** Step-up's browser routes: each verification with the ports of the workspace it was asked in. */
export function stepUpWorkspaces(
  set: WorkspaceSet,
  core: SetCore,
  linkBase: string | undefined,
): StepUpWorkspaces {
  return {
    core: { stepUps: core.store, logger: core.logger, metrics: core.metrics },
    linkBase,
    async portsOf(record) {
      if (!record) return set.of(undefined)?.ports;
      const m = await memberOf(set, 'stepUp', record.teamId, record.channel);
      return 'refused' in m ? undefined : m.ports;
    },
  };
}

/** The ports of the one workspace served, or of each: what tests and `--check-config` look at. */
export const portsOfSet =
  (set: WorkspaceSet) =>
  (teamId?: string): Ports | undefined =>
    set.of(teamId)?.ports;

/** Everything above, for one Warden: what app.ts wires in its boot order. */
export function backgroundOf(
  set: WorkspaceSet,
  core: SetCore,
  o: { config: Readonly<Config>; file: ConfigFile; lease: InstanceLease },
) {
  const stepUp = stepUpSettings(o.file, o.config);
  const changeDeadlineMs = changeDeadlineOf(o.config);
  return {
    privately: setPrivately(set, core, o.config.slack.apiUrl),
    worker: workerPorts(set, core),
    listingChat: setChat(set, 'listingChat'),
    /** The workspace a routed channel is in, as the configuration says (the owner's copy of an alert). */
    workspaceOf: (channel: string) => set.map.teamOfChannel(channel) ?? set.of(undefined)?.teamId,
    jobs: jobWorkspaces(set, core),
    sweeps: sweeps(set, core, { instanceId: o.lease.id, changeDeadlineMs, stepUp: stepUp !== undefined }),
    stepUps: stepUpWorkspaces(set, core, stepUp?.linkBase),
    /** Slack Connect's and installs' events, each for the workspaces it names. */
    registerEvents(app: App, installs: InstallEvents): void {
      registerConnectEvents(app, (team) => {
        const ports = set.portsOf(team);
        if (!ports) set.unrouted('event', 'workspace not served', { team: team ?? null });
        return ports;
      });
      registerInstallEvents(app, { installs, changed: (teams) => set.tokens.changed(teams), core });
    },
  };
}
