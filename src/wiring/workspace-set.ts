import type { ConfigFile } from '../config-file.js';
import type { WorkspaceMap } from '../domain/workspaces.js';
import { isStoreUnavailable, SlackApiError } from '../errors.js';
import type { PayloadOrigin } from '../listeners/payloads.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Clock, Ports } from '../ports/index.js';
import type { ChannelWorkspaces } from '../ports/workspaces.js';
import type { TokenSource } from '../slack/metered-web-client.js';
import type { WorkspaceTokens } from '../slack/workspace-tokens.js';
import type { HomeRefresher } from '../usecases/lifecycle/home-refresh.js';
import type { DeliveryPorts } from './delivery-ports.js';
import type { ChannelRoute, OwnSlack } from './routed-slack.js';

/**
 * The workspaces one Warden serves, by one path whatever the set-up: one workspace of
 * SLACK_BOT_TOKEN is a set of one, built at start; OAuth fills the set from WARDEN_CONFIG
 * `workspaces` and the installations in the store. Each member has its own ports (token,
 * permissions, pacing keys, Home views). Whatever Warden does runs with the ports of the
 * workspace it belongs to — a request's team, a channel's workspace, a person's for a DM, a stored
 * job's team — and nothing falls back to another workspace: work whose workspace cannot be told
 * is refused, logged and counted (warden_unrouted_total).
 */

/** One workspace served: its token, ids, and its own permissions and pacing keys. */
export interface SlackWorkspace {
  token: TokenSource;
  teamId: string;
  enterpriseId: string | undefined;
  permissions?: ConfigFile['permissions'] | undefined;
  /** Where its admins are told of shared channels, and where pointer cards send people. */
  adminChannel?: string | undefined;
  /** The workspace's address (auth.test), for links to messages. */
  url?: string | undefined;
  /** The workspace's name (auth.test): what people read where Warden names it. */
  name?: string | undefined;
  /** Every workspace this Warden serves (a person of any of them may act in this one). */
  servedTeams: readonly string[];
  /** Told of each failed call, with the token it went with (a dead token stops the workspace). */
  onError?: ((method: string, error: string, token?: string) => void) | undefined;
  /** Its messages to channels of other served workspaces go with theirs (routed-slack.ts). */
  route?: ChannelRoute | undefined;
}

export interface Member {
  teamId: string;
  enterpriseId: string | undefined;
  ports: Ports;
  delivery: DeliveryPorts;
  home: HomeRefresher;
  own: OwnSlack;
  token: TokenSource;
}

/** WorkspaceSet.refuses' reason for a person of an organisation Warden does not serve. */
export const PARTNER = 'a person of another organisation';

/** Events about an organisation rather than one of its workspaces (Slack sends them with no team). */
const ORG_EVENTS = new Set(['team_access_revoked', 'team_access_granted']);

export interface WorkspaceSetOptions {
  map: WorkspaceMap;
  tokens: WorkspaceTokens;
  channels: ChannelWorkspaces;
  logger: Logger;
  clock: Clock;
  unrouted: Metrics['unrouted'];
}

export class WorkspaceSet implements ChannelRoute {
  readonly map: WorkspaceMap;
  readonly tokens: WorkspaceTokens;
  readonly #o: WorkspaceSetOptions;
  readonly #members = new Map<string, Member>();
  /** DM channels and their workspace (a channel never changes workspace). */
  readonly #learned = new Map<string, string>();

  constructor(o: WorkspaceSetOptions) {
    this.#o = o;
    this.map = o.map;
    this.tokens = o.tokens;
  }

  add(member: Member): void {
    this.#members.set(member.teamId, member);
  }

  get teams(): string[] {
    return [...this.#members.keys()];
  }

  get members(): Member[] {
    return [...this.#members.values()];
  }

  /** The served workspace `teamId`; with one workspace served and no team named, that one. */
  of(teamId: string | undefined): Member | undefined {
    if (teamId !== undefined) return this.#members.get(teamId);
    return this.#members.size === 1 ? this.members[0] : undefined;
  }

  only(): Ports | undefined {
    return this.#members.size === 1 ? this.members[0]?.ports : undefined;
  }

  portsOf(teamId: string | undefined): Ports | undefined {
    return teamId === undefined ? undefined : this.#members.get(teamId)?.ports;
  }

  /**
   * The workspace a channel is in: the configuration's word (routes, `channels`, admin channels;
   * with one workspace, every channel is its), else a direct message Warden opened, else unknown.
   */
  async teamOfChannel(channel: string): Promise<string | undefined> {
    const configured =
      this.map.teamOfChannel(channel) ?? (this.#members.size === 1 ? this.teams[0] : undefined);
    if (configured) return configured;
    const learned = this.#learned.get(channel);
    if (learned) return learned;
    try {
      const stored = await this.#o.channels.channelWorkspace(channel);
      if (stored) this.#learned.set(channel, stored);
      return stored;
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      return undefined;
    }
  }

  // ChannelRoute: each member's messages to another member's channel go with that member's Slack.
  async slackOf(channel: string, own: OwnSlack): Promise<OwnSlack> {
    const team = await this.teamOfChannel(channel);
    if (team === undefined || team === own.teamId) return own;
    const member = this.#members.get(team);
    if (member) return member.own;
    this.unrouted('message', 'workspace not served', { channel, team });
    throw new SlackApiError('chat', 'workspace_not_served', 'permanent');
  }

  member(teamId: string): OwnSlack | undefined {
    return this.#members.get(teamId)?.own;
  }

  learn(channel: string, teamId: string): void {
    if (this.#learned.get(channel) === teamId) return;
    this.#learned.set(channel, teamId);
    void this.#o.channels
      .recordChannelWorkspace(channel, teamId, this.#o.clock())
      .catch((error: unknown) =>
        this.#o.logger.warn({ err: error, channel }, 'the workspace of a direct message was not kept'),
      );
  }

  /** Work whose workspace cannot be told: refused, logged with why, counted. Never sent with another token. */
  unrouted(what: string, reason: string, detail: Record<string, unknown> = {}): void {
    this.#o.unrouted.inc({ what, reason });
    this.#o.logger.warn({ ...detail, what, why: reason }, 'refused: its workspace cannot be told');
  }

  /** Why a request may not be served, or undefined when it may (its workspaces' tokens checked). */
  async refuses(o: PayloadOrigin): Promise<string | undefined> {
    if (o.event !== undefined && (o.teamId === undefined || ORG_EVENTS.has(o.event)))
      return this.map.servesOrganisation(o.enterpriseId)
        ? undefined
        : 'an organisation Warden does not serve';
    if (!o.teamId || !this.map.serves(o.teamId, o.enterpriseId)) return 'a workspace Warden does not serve';
    if (o.orgWide && !this.map.installsOrgWide(o.teamId)) return 'an organisation-wide install';
    // The person's own workspace must be one Warden serves (Slack Connect, other organisations).
    const own = o.userTeamId ?? o.teamId;
    if (own !== o.teamId && !this.map.serves(own, o.enterpriseId)) return PARTNER;
    for (const team of new Set([o.teamId, own])) {
      const member = this.#members.get(team);
      if (!member || 'refused' in (await member.token())) return 'a workspace Warden is not installed in';
    }
    return undefined;
  }

  /** Every member's Home refresher stopped (at shutdown). */
  async stopHomes(): Promise<void> {
    await Promise.all(this.members.map((m) => m.home.stop()));
  }
}
