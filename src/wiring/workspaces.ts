import type { Config } from '../config.js';
import type { ConfigFile } from '../config-file.js';
import type { WorkspaceMap } from '../domain/workspaces.js';
import type { PayloadOrigin } from '../listeners/payloads.js';
import type { Logger } from '../logger.js';
import type { Ports } from '../ports/index.js';
import type { ChatPort, HistoryPort } from '../ports/slack.js';
import type { Store } from '../ports/store.js';
import type { Installations } from '../slack/installation-store.js';
import type { TokenSource } from '../slack/metered-web-client.js';
import type { HomeRefresher } from '../usecases/lifecycle/home-refresh.js';
import type { DeliveryPorts } from './ports.js';

/**
 * The workspaces one Warden serves. One workspace (SLACK_BOT_TOKEN): its ports, as always. OAuth:
 * the ports of every workspace WARDEN_CONFIG names, each asking the installation store for its
 * token on each call (kept briefly; forgotten at once when an event removes it), so a request
 * or a card in workspace B goes out with B's installation, and an uninstalled B stops at once.
 */

/** One workspace served: its token, ids, and (OAuth) its own permissions and pacing keys. */
export interface SlackWorkspace {
  token: string | TokenSource;
  teamId: string;
  enterpriseId: string | undefined;
  /** Set when Warden serves several workspaces: chat.update is paced per workspace. */
  paceKey?: string | undefined;
  permissions?: ConfigFile['permissions'] | undefined;
  /** Where its admins are told of shared channels, and where pointer cards send people. */
  adminChannel?: string | undefined;
  /** Every workspace this Warden serves (a person of any of them may act in this one). */
  servedTeams?: readonly string[] | undefined;
  /** Told of each failed call (a dead token stops the workspace: wiring/workspaces.ts). */
  onError?: ((method: string, error: string) => void) | undefined;
}

/** The one workspace of SLACK_BOT_TOKEN, as the ports serve it. */
export function singleWorkspace(config: Readonly<Config>): SlackWorkspace {
  if (config.slack.oauth) throw new Error('installed by OAuth: the workspaces are the installations');
  return {
    token: config.slack.botToken.reveal(),
    teamId: config.slack.teamId,
    enterpriseId: config.slack.enterpriseId,
  };
}

/** Slack's answers that mean a token is dead: its workspace stops until it is installed again. */
const DEAD_TOKEN = new Set(['token_revoked', 'invalid_auth', 'account_inactive', 'not_authed']);
const TOKEN_TTL_MS = 30_000;

export interface Served {
  ports: Ports;
  delivery: DeliveryPorts;
  home: HomeRefresher;
}

/** The store's Home views of one workspace (several served: one person may open Home in each). */
export function homeViewsIn(store: Store, team: string): Ports['lifecycle'] {
  return {
    ...store,
    markHomeOpened: (userId, now) => store.markHomeOpened(userId, now, team),
    homeOpenedBy: (userIds) => store.homeOpenedBy(userIds, team),
    homeViewers: (limit) => store.homeViewers(limit, team),
  };
}

export class WorkspaceSet {
  readonly #byTeam = new Map<string, Served>();
  readonly #tokens = new Map<string, { token: string | undefined; at: number }>();
  readonly #stopped = new Map<string, string>();

  constructor(
    readonly map: WorkspaceMap,
    readonly installations: Installations,
    readonly logger: Logger,
    readonly clock: () => number,
  ) {}

  add(teamId: string, served: Served): void {
    this.#byTeam.set(teamId, served);
  }

  get teams(): string[] {
    return [...this.#byTeam.keys()];
  }

  served(teamId: string | undefined): Served | undefined {
    return teamId ? this.#byTeam.get(teamId) : undefined;
  }

  /** The token of a workspace, asked of the store at most every TOKEN_TTL_MS, or why there is none. */
  tokenSource(teamId: string): TokenSource {
    const enterpriseId = this.map.entry(teamId)?.enterprise;
    return async () => {
      const stopped = this.#stopped.get(teamId);
      if (stopped) return { refused: `workspace_stopped:${stopped}` };
      const cached = this.#tokens.get(teamId);
      const token =
        cached && this.clock() - cached.at < TOKEN_TTL_MS
          ? cached.token
          : await this.installations.access({ teamId, enterpriseId }).then((a) => {
              const fresh = a?.token.reveal();
              this.#tokens.set(teamId, { token: fresh, at: this.clock() });
              return fresh;
            });
      return token === undefined ? { refused: 'not_installed' } : { token };
    };
  }

  /** A failed call of a workspace's client: a dead token stops that workspace, with the reason. */
  failed(teamId: string, slackCode: string): void {
    if (!DEAD_TOKEN.has(slackCode) || this.#stopped.has(teamId)) return;
    this.#stopped.set(teamId, slackCode);
    this.logger.warn(
      { team: teamId, reason: slackCode },
      'workspace stopped: Slack refused its token; its alerts fail until it is installed again, the other workspaces go on',
    );
  }

  /** An installation changed (installed again, removed): every workspace asks the store again. */
  forget(): void {
    this.#tokens.clear();
    this.#stopped.clear();
  }

  /** Why a request may not be served, or undefined when it may (installation checked). */
  async refuses(o: PayloadOrigin): Promise<string | undefined> {
    if (!o.teamId || !this.map.serves(o.teamId, o.enterpriseId)) return 'a workspace Warden does not serve';
    // The person's own workspace must be one Warden is installed in (Slack Connect, other orgs).
    const own = o.userTeamId ?? o.teamId;
    if (own !== o.teamId && !this.map.serves(own, o.enterpriseId)) return 'a person of another organisation';
    for (const team of new Set([o.teamId, own]))
      if ('refused' in (await this.tokenSource(team)())) return 'a workspace Warden is not installed in';
    return undefined;
  }
}

/** A chat whose calls go out with the token of the channel's workspace (configuration). */
export function chatByChannel(pick: (channel: string) => ChatPort): ChatPort {
  return {
    post: (m) => pick(m.channel).post(m),
    update: (m) => pick(m.channel).update(m),
    ephemeral: (m) => pick(m.channel).ephemeral(m),
  };
}

export function historyByChannel(pick: (channel: string) => HistoryPort): HistoryPort {
  return {
    findPost: (channel, metadata) => pick(channel).findPost(channel, metadata),
    permalink: (channel, ts) => pick(channel).permalink(channel, ts),
  };
}

/**
 * What is not asked for by a request (lifecycle reminders and ends, digests) served over every
 * workspace: each message goes out with the token of its channel's workspace (a direct message,
 * in no configured channel, with the first workspace's: an org-wide token reaches the whole org).
 */
export function routedPorts(set: WorkspaceSet, primary: Served): Ports {
  const of = (channel: string) => (set.served(set.map.teamOfChannel(channel)) ?? primary).ports;
  return {
    ...primary.ports,
    chat: chatByChannel((c) => of(c).chat),
    history: historyByChannel((c) => of(c).history),
  };
}

/** Every workspace's Home tabs: a person's is refreshed in each workspace where they opened it. */
export function everyHome(set: WorkspaceSet): HomeRefresher {
  const all = () => set.teams.flatMap((t) => set.served(t)?.home ?? []);
  return {
    refresh: (userIds) => {
      for (const h of all()) h.refresh(userIds);
    },
    refreshApprovers: () => {
      for (const h of all()) h.refreshApprovers();
    },
    rateLimited: (userIds, retryAfterMs) => {
      for (const h of all()) h.rateLimited(userIds, retryAfterMs);
    },
    stop: async () => {
      await Promise.all(all().map((h) => h.stop()));
    },
  };
}

/** The delivery worker's ports over every workspace: each row's channel picks its workspace. */
export function routedDelivery(set: WorkspaceSet, primary: Served): DeliveryPorts {
  const of = (channel: string) => (set.served(set.map.teamOfChannel(channel)) ?? primary).delivery;
  return {
    ...primary.delivery,
    chat: chatByChannel((c) => of(c).chat),
    listingChat: chatByChannel((c) => of(c).listingChat),
    history: historyByChannel((c) => of(c).history),
  };
}
