/**
 * The workspaces Warden serves (WARDEN_CONFIG `workspaces` when installed by OAuth; the one of
 * SLACK_TEAM_ID with a bot token), read as questions: may this install be kept, may this
 * workspace's people act, which workspace is a channel in, where are its admins told. Pure: built
 * from the configuration alone.
 */

export interface WorkspaceEntry {
  team: string;
  enterprise?: string | undefined;
  name?: string | undefined;
  channels: readonly string[];
  adminChannel?: string | undefined;
  /**
   * Served by one bot token (SLACK_BOT_TOKEN): its organisation is exactly `enterprise` (none when
   * unset: a payload naming one is another's), and nothing of it is installed org-wide.
   */
  botToken?: boolean | undefined;
}

export interface RouteEntry {
  channel?: string | undefined;
  workspace?: string | undefined;
  allowExternal?: boolean | undefined;
}

export class WorkspaceMap {
  readonly entries: readonly WorkspaceEntry[];
  readonly #byChannel = new Map<string, string>();
  readonly #external = new Set<string>();

  constructor(entries: readonly WorkspaceEntry[], routes: readonly RouteEntry[]) {
    this.entries = entries;
    for (const w of entries) {
      for (const c of w.channels) this.#byChannel.set(c, w.team);
      if (w.adminChannel) this.#byChannel.set(w.adminChannel, w.team);
    }
    const only = entries.length === 1 ? entries[0]?.team : undefined;
    for (const r of routes) {
      if (!r.channel) continue;
      const team = r.workspace ?? only;
      if (team) this.#byChannel.set(r.channel, team);
      if (r.allowExternal) this.#external.add(r.channel);
    }
  }

  entry(team: string): WorkspaceEntry | undefined {
    return this.entries.find((w) => w.team === team);
  }

  /** Why an installation may not be kept, or undefined when it may (an org's, or a listed workspace's). */
  refusesInstall(i: {
    enterpriseId: string | undefined;
    teamId: string | undefined;
    orgWide: boolean;
  }): string | undefined {
    if (i.orgWide)
      return this.entries.some((w) => w.enterprise !== undefined && w.enterprise === i.enterpriseId)
        ? undefined
        : 'organisation not configured';
    const entry = i.teamId ? this.entry(i.teamId) : undefined;
    if (!entry) return 'workspace not configured';
    if (entry.enterprise !== undefined && entry.enterprise !== i.enterpriseId)
      return 'workspace of another organisation';
    return undefined;
  }

  /** True when people of this workspace (and organisation) may be served at all. */
  serves(teamId: string | undefined, enterpriseId: string | undefined): boolean {
    const entry = teamId ? this.entry(teamId) : undefined;
    if (!entry) return false;
    return (entry.enterprise === undefined && !entry.botToken) || entry.enterprise === enterpriseId;
  }

  /** True when an organisation-level event (no workspace named) is about an organisation Warden serves. */
  servesOrganisation(enterpriseId: string | undefined): boolean {
    return (
      enterpriseId !== undefined && this.entries.some((w) => w.enterprise === enterpriseId && !w.botToken)
    );
  }

  /** True when this workspace may be served by an org-wide install (not by a bot token alone). */
  installsOrgWide(teamId: string): boolean {
    const entry = this.entry(teamId);
    return entry !== undefined && !entry.botToken;
  }

  /** The workspace a channel is in, as the configuration says (routes, `channels`, admin channels). */
  teamOfChannel(channel: string): string | undefined {
    return this.#byChannel.get(channel);
  }

  /** A route allows this channel's cards their details even when it is shared with another organisation. */
  allowsExternal(channel: string): boolean {
    return this.#external.has(channel);
  }
}
